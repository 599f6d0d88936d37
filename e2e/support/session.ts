/**
 * The console's cookie session, spoken to as a browser would over plain HTTP: sign in at
 * `{base}/auth/session`, then send the cookie (and the `Origin` a browser adds to writes).
 */
import { rawRequest, type HttpResponse, type RequestOptions } from './http';

export const SESSION_COOKIE = 'geocatalog_session';

export interface SignedIn {
  /** The cookie's value (the token). */
  token: string;
  /** The `Set-Cookie` header as received. */
  setCookie: string;
  response: HttpResponse;
}

/** `POST {base}/auth/session`; the response and, on 204, the cookie it set. */
export async function signIn(baseUrl: string, userName: string, password: string, headers: Record<string, string> = {}): Promise<SignedIn> {
  const response = await rawRequest(`${baseUrl}/auth/session`, {
    method: 'POST',
    type: 'application/json',
    body: JSON.stringify({ userName, password }),
    headers,
  });
  const setCookie = response.headers.get('set-cookie') ?? '';
  const token = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(setCookie)?.[1] ?? '';
  return { token, setCookie, response };
}

/** A request carrying the session cookie (and no Authorization header). */
export function withCookie(url: string, token: string, opts: RequestOptions = {}): Promise<HttpResponse> {
  return rawRequest(url, { ...opts, auth: null, headers: { cookie: `${SESSION_COOKIE}=${token}`, ...(opts.headers ?? {}) } });
}

/** The attributes of a `Set-Cookie` header after the name=value pair, as `Name=value` / `Name`. */
export function cookieAttributes(setCookie: string): string[] {
  return setCookie
    .split(';')
    .slice(1)
    .map((a) => a.trim())
    .filter(Boolean);
}
