import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createWorkspace, queryKeys, type RestError, type WorkspaceSummary } from '../../../api';
import { useRestClient } from '../../auth';

/**
 * `POST /workspaces`. On success the new workspace shows in the cached list at once, and the
 * list is fetched again in the background for the server's view.
 */
export function useCreateWorkspace() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<string, RestError, string>({
    mutationFn: (name) => createWorkspace(client, name),
    onSuccess: (created) => {
      queryClient.setQueryData<WorkspaceSummary[]>(queryKeys.workspaces(), (list) =>
        list && !list.some((workspace) => workspace.name === created)
          ? [...list, { name: created, href: '' }].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspaces() });
    },
  });
}
