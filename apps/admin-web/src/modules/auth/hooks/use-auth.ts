import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from '../auth-context';

/** The tab's session and the sign-in / sign-out actions. */
export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it.');
  return auth;
}
