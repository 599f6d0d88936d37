import type { Request } from 'express';
import { publicBaseUrl } from './rest-request';

function req(headers: Record<string, string>, encrypted = false): Request {
  return { headers: { host: 'maps.example:8080', ...headers }, socket: { encrypted, localAddress: '::ffff:10.0.0.7', localPort: 8080 } } as unknown as Request;
}

describe('publicBaseUrl', () => {
  const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'gis.example.org', 'x-forwarded-prefix': '/maps/' };

  it('ignores proxy headers without TRUST_PROXY: anyone can send them', () => {
    expect(publicBaseUrl(req(proxied), '/geoserver', false)).toBe('http://maps.example:8080/geoserver');
    expect(publicBaseUrl(req({}, true), '/geoserver', false)).toBe('https://maps.example:8080/geoserver');
  });

  it('uses them with TRUST_PROXY', () => {
    expect(publicBaseUrl(req(proxied), '/geoserver', true)).toBe('https://gis.example.org/maps/geoserver');
  });

  it('never takes a scheme other than http/https, a host outside the host grammar or a prefix outside the path grammar', () => {
    const hostile = { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example/x?', 'x-forwarded-prefix': '/a b' };
    expect(publicBaseUrl(req(hostile), '/geoserver', true)).toBe('http://maps.example:8080/geoserver');
    expect(publicBaseUrl(req({ 'x-forwarded-host': '[::1]:8443', 'x-forwarded-proto': 'HTTPS' }), '', true)).toBe('https://[::1]:8443');
    // A Host header that is no host: the address the request came in on.
    expect(publicBaseUrl(req({ host: 'javascript://evil' }), '', false)).toBe('http://10.0.0.7:8080');
  });
});
