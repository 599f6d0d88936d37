import type { NextFunction, Request, Response } from 'express';
import { securityHeaders } from './security-headers';

function headersFor(path: string): Record<string, string> {
  const set: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (set[name.toLowerCase()] = value) } as unknown as Response;
  let called = false;
  securityHeaders('/geoserver')({ path } as Request, res, (() => (called = true)) as NextFunction);
  expect(called).toBe(true);
  return set;
}

describe('security headers', () => {
  it('give the console its policy: scripts from self, never framed', () => {
    const h = headersFor('/geoserver/web/workspaces');
    expect(h['content-security-policy']).toContain("script-src 'self'");
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['strict-transport-security']).toBeUndefined();
  });

  it('give data a policy that runs nothing', () => {
    const h = headersFor('/geoserver/rest/workspaces');
    expect(h['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none';sandbox");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(headersFor('/geoserver/webx')['content-security-policy']).toBe(h['content-security-policy']);
  });
});
