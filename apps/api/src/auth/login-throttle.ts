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
 * A refusal in force, as a copy of the throttle elsewhere keeps it: the key of a (user, address)
 * pair or of an address ({@link refusalKeys}), and when the refusal ends (ms since the epoch), or
 * 0 when there is none (any more).
 */
export type RefusalEnd = [key: string, until: number];

/** The keys under which refusals of `user` (its case-insensitive key) from `address` are copied: the pair's first. */
export function refusalKeys(user: string, address: string): [pair: string, address: string] {
  return [`p${address}\u0000${user}`, `a${address}`];
}

/** The refusal of `user` from `address` at `now` in a copy of the throttle's refusals (key → end). */
export function refusalIn(ends: ReadonlyMap<string, number>, user: string, address: string, now: number): SignInRefusal | undefined {
  for (const key of refusalKeys(user, address)) {
    const until = ends.get(key);
    if (until !== undefined && until > now) return { retryAfterSeconds: retryAfter(until, now) };
  }
  return undefined;
}

function retryAfter(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}

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

  /**
   * The refusals of `user` from `address` as they stand now, per key ({@link refusalKeys}), for a
   * copy kept elsewhere: a refusal lasts until its oldest failure leaves the window (no slot is
   * taken while refused, so then it is below its limit again).
   */
  refusalEnds(user: string, address: string): RefusalEnd[] {
    const now = this.now();
    const [pairKey, addressKey] = refusalKeys(user, address);
    return [
      [pairKey, this.end(this.live(this.pairs, `${address}\u0000${user}`, now), this.policy.perUserAndAddress)],
      [addressKey, this.end(this.live(this.addresses, address, now), this.policy.perAddress)],
    ];
  }

  /** Every refusal in force now, per key ({@link refusalKeys}). */
  allRefusals(): RefusalEnd[] {
    const now = this.now();
    const ends: RefusalEnd[] = [];
    for (const [map, limit, prefix] of [
      [this.pairs, this.policy.perUserAndAddress, 'p'],
      [this.addresses, this.policy.perAddress, 'a'],
    ] as const) {
      for (const key of [...map.keys()]) {
        const until = this.end(this.live(map, key, now), limit);
        if (until) ends.push([prefix + key, until]);
      }
    }
    return ends;
  }

  /** When the refusal these slots make ends (enough of the oldest left the window), or 0 when they make none. */
  private end(slots: Slots, limit: number): number {
    if (slots.size < limit) return 0;
    // Slots are added in time order.
    let skip = slots.size - limit;
    for (const slot of slots) if (skip-- === 0) return slot.at + this.policy.windowMs;
    return 0;
  }

  /** The slots of `key` still inside the window (expired ones dropped). */
  private live(map: Map<string, Slots>, key: string, now: number): Slots {
    const slots = map.get(key) ?? new Set();
    for (const slot of slots) if (now - slot.at >= this.policy.windowMs) slots.delete(slot);
    if (slots.size === 0) map.delete(key);
    return slots;
  }

  private refusal(slots: Slots, limit: number, now: number): SignInRefusal | undefined {
    const until = this.end(slots, limit);
    return until ? { retryAfterSeconds: retryAfter(until, now) } : undefined;
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
