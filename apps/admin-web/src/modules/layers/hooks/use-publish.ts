import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { publishTable, queryKeys, type DataStoreRef } from '../../../api';
import { useRestClient } from '../../auth';

/** Where one table is in a publish run. */
export type PublishStatus = { state: 'waiting' } | { state: 'publishing' } | { state: 'done'; layer: string } | { state: 'failed'; reason: string };

export interface PublishItem {
  table: string;
  title?: string;
}

/**
 * Publishes tables one after another, with a status per table; a failure does not stop the
 * others. Cancel stops before the next table. Lists are refreshed when the run ends.
 */
export function usePublishRun() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  const [statuses, setStatuses] = useState<Record<string, PublishStatus>>({});
  const [running, setRunning] = useState(false);
  const cancelled = useRef(false);

  const run = useCallback(
    async (store: DataStoreRef, items: PublishItem[]) => {
      cancelled.current = false;
      setRunning(true);
      setStatuses(Object.fromEntries(items.map((item) => [item.table, { state: 'waiting' } as PublishStatus])));
      const set = (table: string, status: PublishStatus) => setStatuses((current) => ({ ...current, [table]: status }));
      let done = 0;
      for (const item of items) {
        if (cancelled.current) break;
        set(item.table, { state: 'publishing' });
        try {
          const layer = await publishTable(client, store, { nativeName: item.table, title: item.title?.trim() || undefined });
          set(item.table, { state: 'done', layer });
          done++;
        } catch (error) {
          set(item.table, { state: 'failed', reason: (error as Error).message });
        }
      }
      setRunning(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.featureTypes() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.layers() }),
      ]);
      return { done, failed: items.length - done };
    },
    [client, queryClient],
  );

  return {
    statuses,
    running,
    run,
    cancel: () => {
      cancelled.current = true;
    },
    reset: () => setStatuses({}),
  };
}
