import { useQuery } from '@tanstack/react-query';
import { authBaseFor, queryKeys, type SessionInfo } from '../../../api';
import { isAdmin, mayWrite } from '../roles';
import { useRestClient } from './use-rest-client';

/**
 * The signed-in user's roles (`GET {base}/auth/session`): undefined while the server has not
 * answered yet, and none when it could not say.
 */
export function useSessionRoles(): readonly string[] | undefined {
  const client = useRestClient();
  const session = useQuery({
    queryKey: queryKeys.session(),
    queryFn: ({ signal }) => client.withBase(authBaseFor(client.base)).getJson<Partial<SessionInfo>>('/session', signal),
    staleTime: 60_000,
  });
  if (session.isPending) return undefined;
  return Array.isArray(session.data?.roles) ? session.data.roles : [];
}

/** Whether the signed-in user has the `ADMIN` role, for what only administrators may use; false until the server has said so. */
export function useIsAdmin(): boolean {
  return isAdmin(useSessionRoles());
}

/**
 * Whether the signed-in user may change the catalog (roles.ts): the one question every write
 * control (Create, Save, Delete, enabled switches, Publish, upload) asks; false until the server
 * has said so, so a reader never sees one flash.
 */
export function useMayWrite(): boolean {
  return mayWrite(useSessionRoles());
}
