import { useQuery } from '@tanstack/react-query';
import { authBaseFor, queryKeys, type SessionInfo } from '../../../api';
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
  return useSessionRoles()?.includes('ADMIN') ?? false;
}
