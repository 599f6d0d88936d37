import type { Request } from 'express';

/** Name of the console's session cookie. */
export const SESSION_COOKIE = 'geocatalog_session';

/** A token is 32 random bytes in base64url: exactly 43 characters of that alphabet. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session token of a request's `Cookie` header, or undefined. Anything not shaped like a
 * token we issue is ignored, so hostile bytes never reach the database.
 */
export function sessionTokenOf(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (TOKEN_SHAPE.test(value)) return value;
  }
  return undefined;
}

/**
 * `Set-Cookie` for a session: script cannot read it (HttpOnly), browsers never send it with a
 * request started by another site (SameSite=Strict), only below the context path, and only over
 * TLS when the request came over TLS. No Max-Age: the browser forgets it when it closes, the
 * server's idle and absolute limits end it earlier.
 */
export function sessionCookie(token: string, contextPath: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; ${attributes(contextPath, secure)}`;
}

/** `Set-Cookie` that makes the browser drop the session cookie. */
export function clearedSessionCookie(contextPath: string, secure: boolean): string {
  return `${SESSION_COOKIE}=; ${attributes(contextPath, secure)}; Max-Age=0`;
}

function attributes(contextPath: string, secure: boolean): string {
  return `Path=${contextPath || '/'}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
