import type { Request, Response } from 'express';

/** How long a closing connection keeps discarding what the client still sends. */
export const LINGER_MS = 2_000;

/** True when the request carries a body that has not been received whole. */
export function hasUnreadBody(req: Request): boolean {
  if (req.complete) return false;
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Answers a request whose body was not (or not whole) read — refused before reading it
 * (authentication, cross-site, oversized) — and closes the connection instead of reading the
 * body to its end to keep the connection. Node ends the socket once such a response is sent;
 * destroying it at once would reset a client still sending, and a reset can take the unread
 * answer with it, so the rest is discarded (never kept) for at most {@link LINGER_MS}.
 */
export function closeAfterAnswer(req: Request, res: Response): void {
  if (!hasUnreadBody(req)) return;
  res.setHeader('Connection', 'close');
  const socket = req.socket as Request['socket'] & { destroySoon?: () => void };
  socket.destroySoon = function lingeringClose(this: typeof socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}
