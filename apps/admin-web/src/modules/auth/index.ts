// The auth module's public face: other modules and the app import from here only.
export { AuthProvider, SESSION_NOTICES, type AuthContextValue, type SessionNotice } from './auth-context';
export { RequireAdmin, RequireWrite } from './components/require-roles';
export { RequireSession } from './components/require-session';
export { SessionMenu } from './components/session-menu';
export { WRONG_CREDENTIALS_MESSAGE } from './components/sign-in-form';
export { useAuth } from './hooks/use-auth';
export { useFeaturesClient } from './hooks/use-features-client';
export { useAdministeredWorkspaces, useIsAdmin, useMayWrite, useMayWriteSomewhere, useSessionRoles } from './hooks/use-session-roles';
export { isAdmin, mayWrite, mayWriteSomewhere } from './roles';
export { useTilesClient } from './hooks/use-tiles-client';
export { useRestClient } from './hooks/use-rest-client';
export { SignInPage } from './pages/sign-in-page';
export type { Session } from './auth-context';
