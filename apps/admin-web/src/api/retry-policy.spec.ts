import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { NO_RESPONSE, RestError } from './rest-error';
import { FIRST_RETRY_DELAY_MS, MAX_RETRIES, MAX_RETRY_DELAY_MS, retryDelay, shouldRetry } from './retry-policy';

describe('retry policy', () => {
  it('never retries a refusal (4xx), whatever the status', () => {
    for (const status of [400, 401, 403, 404, 409, 412, 429]) expect(shouldRetry(0, new RestError(status, 'no'))).toBe(false);
  });

  it('never retries an aborted request', () => {
    expect(shouldRetry(0, new DOMException('gone', 'AbortError'))).toBe(false);
  });

  it('retries a server failure or no answer a few times, then stops', () => {
    for (const error of [new RestError(500, 'boom'), new RestError(503, 'busy'), new RestError(NO_RESPONSE, 'offline'), new TypeError('fetch failed')]) {
      const attempts = Array.from({ length: 10 }, (_, retried) => shouldRetry(retried, error));
      expect(attempts.filter(Boolean)).toHaveLength(MAX_RETRIES);
      expect(attempts.indexOf(false)).toBe(MAX_RETRIES);
    }
  });

  it('waits exponentially longer between retries, up to a cap', () => {
    const delays = Array.from({ length: 10 }, (_, retried) => retryDelay(retried));
    expect(delays.slice(0, 4)).toEqual([FIRST_RETRY_DELAY_MS, 2 * FIRST_RETRY_DELAY_MS, 4 * FIRST_RETRY_DELAY_MS, 8 * FIRST_RETRY_DELAY_MS]);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]);
    expect(Math.max(...delays)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelay(1_000)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('is the policy of every console query', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.retry).toBe(shouldRetry);
    expect(queries?.retryDelay).toBe(retryDelay);
  });
});
