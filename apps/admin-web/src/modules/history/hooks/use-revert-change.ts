import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys, revertChange, type RestError } from '../../../api';
import { useRestClient } from '../../auth';

/**
 * Reverts the request that made a change (`force` overrides later changes of its records). A
 * revert may touch any record, so everything cached is refreshed.
 */
export function useRevertChange() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, { seq: number; force: boolean }>({
    mutationFn: ({ seq, force }) => revertChange(client, seq, force),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.all }),
  });
}
