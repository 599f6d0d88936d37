/** How failures of one user name slow down further attempts for that name only. */
export interface ThrottlePolicy {
  /** Failures allowed before any delay. */
  freeFailures: number;
  /** Delay after the first failure past the free ones; doubles with each further failure. */
  baseDelayMs: number;
  /** Upper bound of the delay. */
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

const DEFAULT_POLICY: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 250, maxDelayMs: 8_000, windowMs: 15 * 60_000 };

// Bounded so that a flood of random user names cannot grow memory without limit.
const MAX_TRACKED = 10_000;

/**
 * Brute-force throttling per user name: after a few failures, each attempt for that name waits
 * (asynchronously: other users are not slowed) for a delay that doubles with every failure.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; last: number }>();

  constructor(
    private readonly policy: ThrottlePolicy = DEFAULT_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long an attempt for this user must wait now. */
  delayFor(user: string): number {
    const entry = this.failures.get(user);
    if (!entry) return 0;
    if (this.now() - entry.last > this.policy.windowMs) {
      this.failures.delete(user);
      return 0;
    }
    const over = entry.count - this.policy.freeFailures;
    if (over < 0) return 0;
    return Math.min(this.policy.baseDelayMs * 2 ** over, this.policy.maxDelayMs);
  }

  /** Records a failed attempt. */
  fail(user: string): void {
    const entry = this.failures.get(user);
    this.failures.delete(user);
    if (this.failures.size >= MAX_TRACKED) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    this.failures.set(user, { count: (entry?.count ?? 0) + 1, last: this.now() });
  }

  /** Forgets failures after a success. */
  succeed(user: string): void {
    this.failures.delete(user);
  }
}
