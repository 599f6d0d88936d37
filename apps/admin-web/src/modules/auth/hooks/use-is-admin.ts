import { useQuery } from '@tanstack/react-query';
import { authBaseFor, queryKeys, type SessionInfo } from '../../../api';
import { useRestClient } from './use-rest-client';

/**
 * Whether the signed-in user has the `ADMIN` role (`GET {base}/auth/session`), for what only
 * administrators may use; false until the server has said so.
 */
export function useIsAdmin(): boolean {
  const client = useRestClient();
  const session = useQuery({
    queryKey: queryKeys.session(),
    queryFn: ({ signal }) => client.withBase(authBaseFor(client.base)).getJson<Partial<SessionInfo>>('/session', signal),
    staleTime: 60_000,
  });
  return Array.isArray(session.data?.roles) && session.data.roles.includes('ADMIN');
}
