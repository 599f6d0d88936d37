/** How many sign-in failures are allowed, and over what time. */
export interface ThrottlePolicy {
  /** Failures of one user name from one client address within the window. */
  perUserAndAddress: number;
  /** Failures from one client address, whatever the user names, within the window. */
  perAddress: number;
  /** A failure counts for this long (a sliding window). */
  windowMs: number;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = { perUserAndAddress: 10, perAddress: 100, windowMs: 15 * 60_000 };

// Bounded so that a flood of random user names or addresses cannot grow memory without limit.
const MAX_TRACKED = 10_000;

/** An attempt that holds a slot until its outcome is known. */
export interface SignInAttempt {
  /** The password was right: the slot is freed and this pair's failures are forgotten. */
  succeeded(): void;
  /** The password was wrong: the slot stays, as a failure, until it leaves the window. */
  failed(): void;
  /** No outcome (the check itself failed): the slot is freed, failures are kept. */
  abandoned(): void;
}

/** The attempt may not start; it may be tried again after this many seconds. */
export interface SignInRefusal {
  retryAfterSeconds: number;
}

type Slots = Set<{ at: number }>;

/**
 * Sign-in throttling per (user, client address) and per client address, with a sliding window.
 * An attempt takes its slot when it starts, before any hash is computed, so parallel guesses are
 * counted at once; past a limit the attempt is refused with the time until the oldest counted
 * failure leaves the window. Nothing ever sleeps: the right password from an address that has
 * not failed is answered at once, whatever others do.
 */
export class LoginThrottle {
  private readonly pairs = new Map<string, Slots>();
  private readonly addresses = new Map<string, Slots>();

  constructor(
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether an attempt for `user` from `address` would be refused now (takes no slot). */
  refusalFor(user: string, address: string): SignInRefusal | undefined {
    const now = this.now();
    const pair = this.live(this.pairs, `${address}\u0000${user}`, now);
    return this.refusal(pair, this.policy.perUserAndAddress, now) ?? this.refusal(this.live(this.addresses, address, now), this.policy.perAddress, now);
  }

  /** Starts an attempt for `user` (its case-insensitive key) from `address`, or refuses it. */
  begin(user: string, address: string): SignInAttempt | SignInRefusal {
    const now = this.now();
    const pairKey = `${address}\u0000${user}`;
    const pair = this.live(this.pairs, pairKey, now);
    const byAddress = this.live(this.addresses, address, now);
    const refusal = this.refusal(pair, this.policy.perUserAndAddress, now) ?? this.refusal(byAddress, this.policy.perAddress, now);
    if (refusal) return refusal;

    const slot = { at: now };
    this.track(this.pairs, pairKey, pair).add(slot);
    this.track(this.addresses, address, byAddress).add(slot);
    const free = () => {
      pair.delete(slot);
      byAddress.delete(slot);
    };
    return {
      succeeded: () => {
        free();
        this.pairs.delete(pairKey);
      },
      failed: () => undefined,
      abandoned: free,
    };
  }

  /** The slots of `key` still inside the window (expired ones dropped). */
  private live(map: Map<string, Slots>, key: string, now: number): Slots {
    const slots = map.get(key) ?? new Set();
    for (const slot of slots) if (now - slot.at >= this.policy.windowMs) slots.delete(slot);
    if (slots.size === 0) map.delete(key);
    return slots;
  }

  private refusal(slots: Slots, limit: number, now: number): SignInRefusal | undefined {
    if (slots.size < limit) return undefined;
    // Slots are added in time order: the oldest is the first.
    const oldest = slots.values().next().value!.at;
    return { retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.policy.windowMs - now) / 1000)) };
  }

  /** Puts `slots` (back) under `key`, as the most recently used, evicting the least recent beyond the bound. */
  private track(map: Map<string, Slots>, key: string, slots: Slots): Slots {
    map.delete(key);
    if (map.size >= MAX_TRACKED) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    map.set(key, slots);
    return slots;
  }
}

export function isRefusal(outcome: SignInAttempt | SignInRefusal): outcome is SignInRefusal {
  return 'retryAfterSeconds' in outcome;
}
