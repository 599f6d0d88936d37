import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../hooks/use-auth';

/** Location state of the sign-in page: where to go back to once signed in. */
export interface SignInLocationState {
  from?: string;
}

/** Renders its children for a signed-in user; sends anyone else to the sign-in page. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { session } = useAuth();
  const location = useLocation();
  if (!session) {
    const state: SignInLocationState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/sign-in" replace state={state} />;
  }
  return <>{children}</>;
}
