import type { Credentials } from './credentials';
import { RestClient } from './rest-client';
import { isRestError } from './rest-error';

/** Who is signed in, as `GET {base}/auth/session` says. */
export interface SessionInfo {
  userName: string;
  roles: string[];
}

/** The sign-in endpoint's base for a REST base: `/maps/rest` → `/maps/auth`. */
export function authBaseFor(restBase: string): string {
  return `${restBase.replace(/\/rest$/, '')}/auth`;
}

/**
 * The service's sign-in endpoint. Signing in sets an HttpOnly cookie the browser keeps and sends
 * by itself; script never sees the token, and the password is sent once and forgotten.
 */
export class SessionApi {
  private readonly client: RestClient;

  constructor(restBase: string, fetchImpl?: typeof fetch) {
    this.client = new RestClient({ restBase: authBaseFor(restBase), fetch: fetchImpl });
  }

  /** Signs in; rejects with a `RestError` (401 for wrong credentials, 429 when throttled). */
  async signIn(credentials: Credentials): Promise<void> {
    await this.client.postJson('/session', { userName: credentials.userName, password: credentials.password });
  }

  /** Who the browser's cookie signs in, or null when nobody (401). */
  async current(): Promise<SessionInfo | null> {
    try {
      const info = await this.client.getJson<Partial<SessionInfo>>('/session');
      if (typeof info.userName !== 'string') return null;
      return { userName: info.userName, roles: Array.isArray(info.roles) ? info.roles.filter((r) => typeof r === 'string') : [] };
    } catch (error) {
      if (isRestError(error, 401)) return null;
      throw error;
    }
  }

  /** Signs out: the server forgets the session and clears the cookie. */
  async signOut(): Promise<void> {
    await this.client.delete('/session');
  }
}
