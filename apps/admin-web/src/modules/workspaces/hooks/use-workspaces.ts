import { useQuery } from '@tanstack/react-query';
import { listWorkspaces, queryKeys } from '../../../api';
import { useRestClient } from '../../auth';

/** Every workspace, from `GET /workspaces.json`, cached and refreshed by TanStack Query. */
export function useWorkspaces() {
  const client = useRestClient();
  return useQuery({
    queryKey: queryKeys.workspaces(),
    queryFn: ({ signal }) => listWorkspaces(client, signal),
  });
}
