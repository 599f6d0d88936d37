import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { basicAuthorization, listWorkspaces, queryKeys, RestClient, type Credentials } from '../../api';
import { clearSession, readSession, writeSession, type Session } from './session-store';

/** A message for the sign-in page about how the last session ended. */
export interface SessionNotice {
  tone: 'info' | 'error';
  text: string;
}

export interface AuthContextValue {
  /** Who is signed in, or `null`. */
  session: Session | null;
  /** REST client carrying the session's credentials; `null` when signed out. */
  client: RestClient | null;
  /** Why the last session ended, for the sign-in page. */
  notice: SessionNotice | null;
  /**
   * Checks the credentials with `GET /workspaces.json` and starts the session; rejects with a
   * `RestError` (status 401 for wrong credentials). The answer also fills the workspace cache,
   * so the first page shows at once.
   */
  signIn(credentials: Credentials): Promise<void>;
  /** Ends the session and forgets everything fetched with it. */
  signOut(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** Messages shown on the sign-in page after a session ended. */
export const SESSION_NOTICES = {
  signedOut: { tone: 'info', text: 'You have signed out.' },
  rejected: { tone: 'error', text: 'The server no longer accepts your credentials. Sign in again.' },
} as const satisfies Record<string, SessionNotice>;

export interface AuthProviderProps {
  /** Path of the REST API, e.g. `/geoserver/rest`. */
  restBase: string;
  /** Where the session is kept; `sessionStorage` unless a test passes its own. */
  storage?: Storage;
  /** The fetch the REST client uses; tests pass their own. */
  fetch?: typeof fetch;
  children: ReactNode;
}

/** Holds the tab's session and the REST client built from it. */
export function AuthProvider({ restBase, storage, fetch, children }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(() => readSession(storage));
  const [notice, setNotice] = useState<SessionNotice | null>(null);
  // The live session, for callbacks of clients built earlier (a late 401 must not end a newer
  // session). Updated wherever the session changes: signIn and endSession.
  const sessionRef = useRef(session);

  const endSession = useCallback(
    (reason: SessionNotice) => {
      clearSession(storage);
      sessionRef.current = null;
      setSession(null);
      setNotice(reason);
      queryClient.clear();
    },
    [queryClient, storage],
  );

  const signIn = useCallback(
    async (credentials: Credentials) => {
      const authorization = basicAuthorization(credentials);
      const probe = new RestClient({ restBase, authorization, fetch });
      const workspaces = await listWorkspaces(probe);
      const next: Session = { userName: credentials.userName, authorization };
      queryClient.clear();
      queryClient.setQueryData(queryKeys.workspaces(), workspaces);
      writeSession(next, storage);
      sessionRef.current = next;
      setSession(next);
      setNotice(null);
    },
    [fetch, queryClient, restBase, storage],
  );

  const signOut = useCallback(() => endSession(SESSION_NOTICES.signedOut), [endSession]);

  const client = useMemo(() => {
    if (!session) return null;
    return new RestClient({
      restBase,
      authorization: session.authorization,
      fetch,
      onUnauthorized: () => {
        if (sessionRef.current?.authorization === session.authorization) endSession(SESSION_NOTICES.rejected);
      },
    });
  }, [endSession, fetch, restBase, session]);

  const value = useMemo<AuthContextValue>(
    () => ({ session, client, notice, signIn, signOut }),
    [client, notice, session, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
