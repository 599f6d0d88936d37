import type { Request } from 'express';
import { clearedSessionCookie, sessionCookie, sessionTokenOf } from './session-cookie';

const TOKEN = 'A'.repeat(42) + 'x';
const withCookie = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as unknown as Request;

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Strict, below the context path, Secure only over TLS', () => {
    expect(sessionCookie(TOKEN, '/geoserver', false)).toBe(`geocatalog_session=${TOKEN}; Path=/geoserver; HttpOnly; SameSite=Strict`);
    expect(sessionCookie(TOKEN, '', true)).toBe(`geocatalog_session=${TOKEN}; Path=/; HttpOnly; SameSite=Strict; Secure`);
    expect(clearedSessionCookie('/geoserver', false)).toBe('geocatalog_session=; Path=/geoserver; HttpOnly; SameSite=Strict; Max-Age=0');
  });

  it('reads only a token-shaped value of its own name', () => {
    expect(sessionTokenOf(withCookie(`a=b; geocatalog_session=${TOKEN}; c=d`))).toBe(TOKEN);
    expect(sessionTokenOf(withCookie())).toBeUndefined();
    expect(sessionTokenOf(withCookie(`xgeocatalog_session=${TOKEN}`))).toBeUndefined();
    expect(sessionTokenOf(withCookie(`geocatalog_session=${TOKEN}\u0000`))).toBeUndefined();
    expect(sessionTokenOf(withCookie(`geocatalog_session=short`))).toBeUndefined();
  });
});
