import { useQuery } from '@tanstack/react-query';
import { authBaseFor, getSelf, queryKeys, type SessionInfo } from '../../../api';
import { isAdmin, mayWrite, mayWriteSomewhere } from '../roles';
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
 * The workspaces the signed-in user administers (`GET /rest/security/self`): none until the
 * server has answered, and none for an ADMIN (who needs no list: it may write everywhere).
 */
export function useAdministeredWorkspaces(): readonly string[] {
  const client = useRestClient();
  const roles = useSessionRoles();
  const asked = roles !== undefined && !isAdmin(roles);
  const self = useQuery({
    queryKey: queryKeys.self(),
    queryFn: ({ signal }) => getSelf(client, signal),
    staleTime: 60_000,
    enabled: asked,
  });
  return asked ? (self.data?.administers ?? NONE) : NONE;
}

const NONE: readonly string[] = [];

/**
 * Whether the signed-in user may change the catalog (roles.ts): the one question every write
 * control (Create, Save, Delete, enabled switches, Publish, upload) asks; false until the server
 * has said so, so a reader never sees one flash. Given the `workspace` a record is in, a
 * workspace administrator of it may too; given none (or null: outside any workspace), ADMIN only.
 */
export function useMayWrite(workspace?: string | null): boolean {
  return mayWrite(useSessionRoles(), workspace, useAdministeredWorkspaces());
}

/** Whether the signed-in user may write anywhere (ADMIN, or a workspace administrator): create pages, the Create buttons of lists. */
export function useMayWriteSomewhere(): boolean {
  return mayWriteSomewhere(useSessionRoles(), useAdministeredWorkspaces());
}
