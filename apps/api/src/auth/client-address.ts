import type { Request } from 'express';

/**
 * The address a request comes from, for sign-in throttling: the socket's peer, unless
 * `TRUST_PROXY` says a proxy stands in front, in which case the last `X-Forwarded-For` entry —
 * the one the proxy itself added; entries before it are whatever the client chose to send.
 */
export function clientAddress(req: Pick<Request, 'headers' | 'socket'>, trustProxy: boolean): string {
  const peer = normalizeAddress(req.socket.remoteAddress ?? 'unknown');
  if (!trustProxy) return peer;
  const header = req.headers['x-forwarded-for'];
  const joined = Array.isArray(header) ? header.join(',') : header;
  const last = joined
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .pop();
  return last ? normalizeAddress(last) : peer;
}

/** `::ffff:10.0.0.1` and `10.0.0.1` are one client; IPv6 is compared in lower case. */
function normalizeAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}
