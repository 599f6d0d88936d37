import { useInfiniteQuery } from '@tanstack/react-query';
import { changesPath, listChanges, queryKeys, type ChangeFilter, type ChangePage, type RestError } from '../../../api';
import { useRestClient } from '../../auth';

/**
 * The history under `filter`, newest first, a page at a time: "Load older" follows the `next`
 * link the server wrote. Refreshed by live events (every change makes `history` stale).
 */
export function useChangeHistory(filter: ChangeFilter, pageSize: number) {
  const client = useRestClient();
  return useInfiniteQuery<ChangePage, RestError, { pages: ChangePage[] }, readonly unknown[], string>({
    queryKey: [...queryKeys.historyOf(filter), pageSize],
    initialPageParam: changesPath(filter, pageSize),
    queryFn: ({ pageParam, signal }) => listChanges(client, pageParam, signal),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}
