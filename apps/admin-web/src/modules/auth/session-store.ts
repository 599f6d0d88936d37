/** A signed-in user for this browser tab. */
export interface Session {
  userName: string;
  /** The Basic `Authorization` header value, sent with every REST call. */
  authorization: string;
}

const STORAGE_KEY = 'geocatalog.session';

/**
 * The session of this tab, from `sessionStorage`: it survives a reload and ends with the tab,
 * and other tabs sign in on their own. Storage that is unavailable or holds junk means no session.
 */
export function readSession(storage: Storage | undefined = safeSessionStorage()): Session | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Session>;
    if (typeof value.userName === 'string' && typeof value.authorization === 'string') {
      return { userName: value.userName, authorization: value.authorization };
    }
  } catch {
    // Unreadable: treated as signed out.
  }
  return null;
}

/** Keeps the session for the tab; without storage it lasts until the page is left. */
export function writeSession(session: Session, storage: Storage | undefined = safeSessionStorage()): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage full or blocked: the session still lives in memory.
  }
}

/** Forgets the session of the tab. */
export function clearSession(storage: Storage | undefined = safeSessionStorage()): void {
  try {
    storage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
