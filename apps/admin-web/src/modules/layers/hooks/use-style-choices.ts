import { useQueries } from '@tanstack/react-query';
import { listStyles, queryKeys, type StyleRef } from '../../../api';
import { useRestClient } from '../../auth';

/** The styles a layer of `workspace` may use: the workspace's own, then the global ones. */
export function useStyleChoices(workspace: string | null) {
  const client = useRestClient();
  const sources = workspace ? [workspace, null] : [null];
  const lists = useQueries({
    queries: sources.map((ws) => ({
      queryKey: queryKeys.styleList(ws),
      queryFn: ({ signal }: { signal: AbortSignal }) => listStyles(client, ws, signal),
    })),
  });
  const pending = lists.some((list) => list.isPending);
  const error = (lists.find((list) => list.error)?.error ?? null) as Error | null;
  const styles: StyleRef[] | undefined = pending ? undefined : lists.flatMap((list) => list.data ?? []);
  return { styles, error };
}
