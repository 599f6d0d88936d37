import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importCatalog, queryKeys, type ImportAnswer, type ImportRequest, type RestError } from '../../../api';
import { useRestClient } from '../../auth';

/**
 * `POST /rest/catalog/import`: a dry run (`dryRun: true`) or the real import. After a real one
 * every cached list and record is fetched again: an import can touch any of them.
 */
export function useImport() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<ImportAnswer, RestError, ImportRequest>({
    mutationFn: (request) => importCatalog(client, request),
    onSuccess: (answer) => {
      if (answer.applied) void queryClient.invalidateQueries({ queryKey: queryKeys.all });
    },
  });
}
