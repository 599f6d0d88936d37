import { QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetry } from '../api';

/**
 * The console's cache of REST resources. Data is fresh for a few seconds and refetched on
 * focus, because other users and other api processes change the catalog too. Failed reads are
 * retried by the one policy of api/retry-policy.ts: a refusal (4xx) never, the rest a few times
 * with an exponential, capped back-off.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // TanStack's failureCount is the number of earlier failures, i.e. the retries already made.
      queries: { staleTime: 5_000, retry: shouldRetry, retryDelay },
      mutations: { retry: false },
    },
  });
}
