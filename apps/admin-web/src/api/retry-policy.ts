import { isRestError } from './rest-error';

/** Attempts after the first failure, for what may come and go (a 5xx, no answer). */
export const MAX_RETRIES = 3;

/** The first retry waits this long; each further one waits twice as long as the one before… */
export const FIRST_RETRY_DELAY_MS = 1_000;

/** …but never more than this. */
export const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Whether a request that just failed with `error` is worth sending again, `retried` retries
 * having been made already: never a refusal (4xx: the same request gets the same answer — a
 * disabled layer's items stay 404, a reader's write stays 403), never an aborted one, and at
 * most {@link MAX_RETRIES} times for the rest.
 */
export function shouldRetry(retried: number, error: unknown): boolean {
  if (isRestError(error) && error.isClientError) return false;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return retried < MAX_RETRIES;
}

/**
 * How long to wait before the next retry, `retried` retries having been made: exponential from
 * {@link FIRST_RETRY_DELAY_MS}, capped at {@link MAX_RETRY_DELAY_MS}. Every retry of the console
 * — TanStack Query's and the map's own loaders — waits this long.
 */
export function retryDelay(retried: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, retried), MAX_RETRY_DELAY_MS);
}
