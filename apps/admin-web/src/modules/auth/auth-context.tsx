import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { listWorkspaces, queryKeys, RestClient, SessionApi, type Credentials } from '../../api';

/** A signed-in user. The proof of it is the HttpOnly cookie, which script never sees. */
export interface Session {
  userName: string;
}

/** A message for the sign-in page about how the last session ended. */
export interface SessionNotice {
  tone: 'info' | 'error';
  text: string;
}

export interface AuthContextValue {
  /** Who is signed in, or `null`. */
  session: Session | null;
  /** True until the server has said whether the browser's cookie still signs someone in. */
  checking: boolean;
  /** REST client for the session; `null` when signed out. */
  client: RestClient | null;
  /** Why the last session ended, for the sign-in page. */
  notice: SessionNotice | null;
  /**
   * Signs in at `{base}/auth/session` (the server sets the session cookie), then reads
   * `GET /workspaces.json`, which fills the workspace cache so the first page shows at once.
   * Rejects with a `RestError` (status 401 for wrong credentials).
   */
  signIn(credentials: Credentials): Promise<void>;
  /** Signs out on the server and forgets everything fetched with the session. */
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** Messages shown on the sign-in page after a session ended. */
export const SESSION_NOTICES = {
  signedOut: { tone: 'info', text: 'You have signed out.' },
  rejected: { tone: 'error', text: 'The server no longer accepts your session. Sign in again.' },
} as const satisfies Record<string, SessionNotice>;

export interface AuthProviderProps {
  /** Path of the REST API, e.g. `/geoserver/rest`. */
  restBase: string;
  /** The fetch the clients use; tests pass their own. */
  fetch?: typeof fetch;
  children: ReactNode;
}

/**
 * Holds who is signed in and the REST client. Nothing about the session is stored by the
 * console: on start it asks the server whom the browser's cookie signs in (so a reload stays
 * signed in), and the password typed at sign-in is sent once and forgotten.
 */
export function AuthProvider({ restBase, fetch, children }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const sessions = useMemo(() => new SessionApi(restBase, fetch), [fetch, restBase]);
  const [session, setSession] = useState<Session | null>(null);
  const [checking, setChecking] = useState(true);
  const [notice, setNotice] = useState<SessionNotice | null>(null);
  // The live session, for callbacks of clients built earlier (a late 401 must not end a newer
  // session). Updated wherever the session changes.
  const sessionRef = useRef(session);

  useEffect(() => {
    let cancelled = false;
    // Fire and forget: a failed check is caught as "no session"; what follows only sets state.
    void sessions
      .current()
      .catch(() => null)
      .then((info) => {
        if (cancelled) return;
        // A sign-in that finished meanwhile wins over the start-up check.
        if (info && !sessionRef.current) {
          const next: Session = { userName: info.userName };
          sessionRef.current = next;
          setSession(next);
        }
        setChecking(false);
      });
    return () => {
      cancelled = true;
    };
  }, [sessions]);

  const endSession = useCallback(
    (reason: SessionNotice) => {
      sessionRef.current = null;
      setSession(null);
      setNotice(reason);
      queryClient.clear();
    },
    [queryClient],
  );

  const signIn = useCallback(
    async (credentials: Credentials) => {
      await sessions.signIn(credentials);
      const workspaces = await listWorkspaces(new RestClient({ restBase, fetch }));
      const next: Session = { userName: credentials.userName };
      queryClient.clear();
      queryClient.setQueryData(queryKeys.workspaces(), workspaces);
      sessionRef.current = next;
      setSession(next);
      setChecking(false);
      setNotice(null);
    },
    [fetch, queryClient, restBase, sessions],
  );

  const signOut = useCallback(async () => {
    // Signed out here whatever the server says; a failed DELETE leaves a session that expires.
    await sessions.signOut().catch(() => undefined);
    endSession(SESSION_NOTICES.signedOut);
  }, [endSession, sessions]);

  const client = useMemo(() => {
    if (!session) return null;
    return new RestClient({
      restBase,
      fetch,
      onUnauthorized: () => {
        if (sessionRef.current === session) endSession(SESSION_NOTICES.rejected);
      },
    });
  }, [endSession, fetch, restBase, session]);

  const value = useMemo<AuthContextValue>(() => ({ session, checking, client, notice, signIn, signOut }), [checking, client, notice, session, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
