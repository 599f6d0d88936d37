/** When the primary restarts a worker that died, and when it stops trying. */
export interface RestartPolicy {
  /** Wait before the first restart of a slot. */
  firstDelayMs: number;
  /** The wait doubles with every crash in a row, up to this. */
  maxDelayMs: number;
  /** A worker that served this long before dying starts the count of crashes afresh. */
  stableAfterMs: number;
  /** After this many workers in a row of one slot died before they were ready, the primary gives up. */
  maxFailedStarts: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { firstDelayMs: 500, maxDelayMs: 30_000, stableAfterMs: 60_000, maxFailedStarts: 5 };

/** What to do about a worker that died: start another after `restartInMs`, or give up (`reason`). */
export type RestartDecision = { restartInMs: number } | { giveUp: string };

/**
 * The restart history of one worker slot. A crash is followed by a restart after a backoff that
 * doubles with each crash in a row (no restart storm when every new worker dies at once); a worker
 * that served for {@link RestartPolicy.stableAfterMs} resets it. Workers that keep dying before
 * they are ready (the database gone, a broken installation) end in giving up, so the primary exits
 * non-zero and whatever supervises it sees the failure instead of an endless loop.
 */
export class SlotRestarts {
  private crashes = 0;
  private failedStarts = 0;

  constructor(private readonly policy: RestartPolicy = DEFAULT_RESTART_POLICY) {}

  /** A worker of this slot exited unexpectedly after `ranMs`; `wasReady` if it had started serving. */
  died(ranMs: number, wasReady: boolean): RestartDecision {
    if (wasReady) {
      this.failedStarts = 0;
      if (ranMs >= this.policy.stableAfterMs) this.crashes = 0;
    } else if (++this.failedStarts >= this.policy.maxFailedStarts) {
      return { giveUp: `${this.failedStarts} workers in a row died before they were ready` };
    }
    this.crashes++;
    return { restartInMs: Math.min(this.policy.maxDelayMs, this.policy.firstDelayMs * 2 ** Math.min(this.crashes - 1, 30)) };
  }
}
