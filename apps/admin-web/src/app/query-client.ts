import { QueryClient } from '@tanstack/react-query';
import { isRestError } from '../api';

/**
 * The console's cache of REST resources. Data is fresh for a few seconds and refetched on
 * focus, because other users and other api processes change the catalog too. A refusal (4xx)
 * is not retried: asking again gets the same answer.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: (failureCount, error) => !(isRestError(error) && error.isClientError) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
