import type { Request } from 'express';
import { crossSiteReason, requestOrigin } from './cross-site';

function req(method: string, headers: Record<string, string>): Request {
  return { method, headers: { host: 'maps.example:8080', ...headers }, protocol: 'http' } as unknown as Request;
}

describe('cross-site writes', () => {
  const allowed = ['https://console.example'];

  it('takes the server origin from the Host header, default port dropped', () => {
    expect(requestOrigin(req('GET', {}), false)).toBe('http://maps.example:8080');
    expect(requestOrigin(req('GET', { host: 'maps.example:80' }), false)).toBe('http://maps.example');
    // A Host that is no host is not used: the address the request came in on is.
    expect(requestOrigin(req('GET', { host: 'bad host/x' }), false)).toBe('http://localhost');
    // Proxy headers only with TRUST_PROXY.
    expect(requestOrigin(req('GET', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'maps.example.org' }), false)).toBe('http://maps.example:8080');
    expect(requestOrigin(req('GET', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'maps.example.org' }), true)).toBe('https://maps.example.org');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND'])('refuses %s from a foreign or null Origin', (method) => {
    expect(crossSiteReason(req(method, { origin: 'http://evil.example' }), allowed)).toBe('Origin http://evil.example');
    expect(crossSiteReason(req(method, { origin: 'null' }), allowed)).toBe('Origin null');
    // Same host, other port or scheme: another origin.
    expect(crossSiteReason(req(method, { origin: 'http://maps.example:8081' }), allowed)).toBeDefined();
    expect(crossSiteReason(req(method, { origin: 'https://maps.example:8080' }), allowed)).toBeDefined();
  });

  it('refuses Sec-Fetch-Site: cross-site unless the Origin is allowed', () => {
    expect(crossSiteReason(req('POST', { 'sec-fetch-site': 'cross-site' }), allowed)).toBe('Sec-Fetch-Site: cross-site');
    expect(crossSiteReason(req('POST', { 'sec-fetch-site': 'cross-site', origin: 'https://console.example' }), allowed)).toBeUndefined();
  });

  it('lets the own origin, ALLOWED_ORIGINS, clients without Origin and every read through', () => {
    expect(crossSiteReason(req('POST', { origin: 'http://maps.example:8080', 'sec-fetch-site': 'same-origin' }), allowed)).toBeUndefined();
    expect(crossSiteReason(req('DELETE', { origin: 'https://console.example' }), allowed)).toBeUndefined();
    expect(crossSiteReason(req('PUT', {}), allowed)).toBeUndefined();
    expect(crossSiteReason(req('GET', { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }), allowed)).toBeUndefined();
    expect(crossSiteReason(req('HEAD', { origin: 'null' }), allowed)).toBeUndefined();
  });
});
