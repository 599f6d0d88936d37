import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteWorkspace, listDataStores, listStyles, listWorkspaceLayers, queryKeys, type RestError } from '../../../api';
import { useRestClient } from '../../auth';

/** What deleting a workspace takes along, named for the confirmation. */
export interface WorkspaceContents {
  dataStores: string[];
  layers: string[];
  styles: string[];
}

/** Reads what is in a workspace (stores, layers, styles) while its delete is being confirmed. */
export function useWorkspaceContents(name: string | null) {
  const client = useRestClient();
  return useQuery<WorkspaceContents, RestError>({
    queryKey: [...queryKeys.workspaces(), 'contents', name ?? ''],
    enabled: name !== null,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const workspace = name ?? '';
      const [dataStores, layers, styles] = await Promise.all([
        listDataStores(client, workspace, signal),
        listWorkspaceLayers(client, workspace, signal),
        listStyles(client, workspace, signal),
      ]);
      return { dataStores: dataStores.map((s) => s.name), layers: layers.map((l) => l.name), styles: styles.map((s) => s.name) };
    },
  });
}

/** `DELETE /workspaces/{ws}?recurse=true`, then every cached list is refreshed. */
export function useDeleteWorkspace() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, string>({
    mutationFn: (name) => deleteWorkspace(client, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.all }),
  });
}
