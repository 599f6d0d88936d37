import type { Request } from 'express';
import { clientAddress } from './client-address';

function req(remoteAddress: string, forwardedFor?: string | string[]): Pick<Request, 'headers' | 'socket'> {
  return { socket: { remoteAddress } as Request['socket'], headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } };
}

describe('clientAddress', () => {
  it("is the socket's peer unless a proxy is trusted: X-Forwarded-For from anyone is ignored", () => {
    expect(clientAddress(req('10.0.0.5', '1.2.3.4'), false)).toBe('10.0.0.5');
    expect(clientAddress(req('::ffff:10.0.0.5'), false)).toBe('10.0.0.5');
    expect(clientAddress(req('FE80::1'), false)).toBe('fe80::1');
  });

  it("behind a trusted proxy, the last X-Forwarded-For entry (the proxy's own), not the client's own claims", () => {
    expect(clientAddress(req('10.0.0.1', '6.6.6.6, 203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientAddress(req('10.0.0.1', ['6.6.6.6', '203.0.113.8 ']), true)).toBe('203.0.113.8');
    expect(clientAddress(req('10.0.0.1'), true)).toBe('10.0.0.1');
    expect(clientAddress(req('10.0.0.1', ' , '), true)).toBe('10.0.0.1');
  });
});
