import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../../../ui';
import { useAuth } from '../hooks/use-auth';

/** Location state of the sign-in page: where to go back to once signed in. */
export interface SignInLocationState {
  from?: string;
}

/**
 * Renders its children for a signed-in user; sends anyone else to the sign-in page, once the
 * server has said whether the browser's session cookie still signs someone in.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { session, checking } = useAuth();
  const location = useLocation();
  if (checking) return <SessionCheck />;
  if (!session) {
    const state: SignInLocationState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/sign-in" replace state={state} />;
  }
  return <>{children}</>;
}

/** Shown for the moment the console asks the server who is signed in. */
export function SessionCheck() {
  return (
    <main className="session-check" id="main">
      <Spinner label="Checking your session…" />
    </main>
  );
}
