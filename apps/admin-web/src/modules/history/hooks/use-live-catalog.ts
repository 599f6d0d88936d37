import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRestClient } from '../../auth';
import { queryKeysForChange } from '../live-invalidation';
import { subscribeToChanges, type OpenChangeSource } from '../live-events';

/**
 * Keeps what the console shows in step with the catalog while signed in: one event stream
 * (`GET /rest/events`) for the session, and on each change the queries it makes stale are
 * refetched (those on screen at once, the others when next shown). Without `EventSource`
 * (old browsers, jsdom) nothing happens and pages refresh on focus as before.
 */
export function useLiveCatalog(open?: OpenChangeSource): void {
  const client = useRestClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!open && typeof EventSource === 'undefined') return;
    return subscribeToChanges(
      `${client.base}/events`,
      (change) => {
        // A burst (a recursive delete) must not cancel and restart the same refetch many times.
        for (const queryKey of queryKeysForChange(change)) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
      },
      open,
    );
  }, [client, open, queryClient]);
}
