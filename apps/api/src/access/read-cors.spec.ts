import type { Request, Response } from 'express';
import { isReadPath, readAnswerHeaders, readPathCorsMiddleware } from './read-cors';

function response(): Response & { headers: Record<string, string>; code?: number; ended: boolean } {
  const res = {
    headers: {} as Record<string, string>,
    ended: false,
    code: undefined as number | undefined,
    setHeader(name: string, value: string) {
      res.headers[name.toLowerCase()] = value;
    },
    getHeader(name: string) {
      return res.headers[name.toLowerCase()];
    },
    status(code: number) {
      res.code = code;
      return res;
    },
    end() {
      res.ended = true;
    },
  };
  return res as unknown as Response & { headers: Record<string, string>; code?: number; ended: boolean };
}

const request = (method: string, path: string, headers: Record<string, string> = {}) => ({ method, path, headers }) as unknown as Request;

describe('read-path CORS', () => {
  it('knows the read paths', () => {
    for (const p of ['/ogc/features/v1/collections', '/ogc/tiles/v1', '/wms', '/ows', '/topp/wms', '/topp/ows']) expect([p, isReadPath(p)]).toEqual([p, true]);
    for (const p of ['/rest/workspaces', '/web/', '/auth/session', '/ogc/other', '/a/b/wms']) expect([p, isReadPath(p)]).toEqual([p, false]);
  });

  const cors = readPathCorsMiddleware('/geoserver', ['https://maps.example.org']);

  it('answers a preflight with * and no credentials, an allowed origin echoed with Authorization', () => {
    const res = response();
    const next = jest.fn();
    cors(request('OPTIONS', '/geoserver/wms', { origin: 'https://x.example', 'access-control-request-method': 'GET' }), res, next);
    expect(next).not.toHaveBeenCalled();
    expect([res.code, res.ended, res.headers['access-control-allow-origin'], res.headers['access-control-allow-credentials']]).toEqual([
      204,
      true,
      '*',
      undefined,
    ]);
    expect(res.headers['access-control-allow-headers']).not.toContain('Authorization');
    const allowed = response();
    cors(
      request('OPTIONS', '/geoserver/ogc/tiles/v1/collections', { origin: 'https://maps.example.org', 'access-control-request-method': 'GET' }),
      allowed,
      next,
    );
    expect([allowed.headers['access-control-allow-origin'], allowed.headers.vary]).toEqual(['https://maps.example.org', 'Origin']);
    expect(allowed.headers['access-control-allow-headers']).toContain('Authorization');
  });

  it('echoes an allowed origin on reads, and leaves other paths and origins alone', () => {
    const next = jest.fn();
    const allowed = response();
    cors(request('GET', '/geoserver/wms', { origin: 'https://maps.example.org' }), allowed, next);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://maps.example.org');
    const foreign = response();
    cors(request('GET', '/geoserver/wms', { origin: 'https://x.example' }), foreign, next);
    const rest = response();
    cors(request('OPTIONS', '/geoserver/rest/workspaces', { origin: 'https://maps.example.org', 'access-control-request-method': 'GET' }), rest, next);
    expect([foreign.headers, rest.headers, next.mock.calls.length]).toEqual([{}, {}, 3]);
  });

  it('marks answers public (CORS *) or private', () => {
    const pub = response();
    readAnswerHeaders(pub, true);
    expect([pub.headers['cache-control'], pub.headers['access-control-allow-origin']]).toEqual(['public, no-cache', '*']);
    const priv = response();
    readAnswerHeaders(priv, false);
    expect([priv.headers['cache-control'], priv.headers['access-control-allow-origin']]).toEqual(['private, no-cache', undefined]);
    const echoed = response();
    echoed.setHeader('Access-Control-Allow-Origin', 'https://maps.example.org');
    readAnswerHeaders(echoed, true);
    expect(echoed.headers['access-control-allow-origin']).toBe('https://maps.example.org');
  });
});
