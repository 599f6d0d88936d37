import { CatalogError } from '@geocatalog/catalog-model';
import { refusalIn, SignInAttempt, SignInRefusal } from '../auth/login-throttle';
import type { SignInLimits } from '../auth/sign-in-limits';
import { HEARTBEAT_MS, RefusalsMessage } from './messages';
import type { PrimaryLink } from './primary-link';

/** How long after the primary was last heard from the worker's copy of the refusals is trusted. */
export const REFUSALS_LEASE_MS = 4 * HEARTBEAT_MS;

interface WaitingCheck {
  user: string;
  address: string;
  resolve(refusal: SignInRefusal | undefined): void;
  reject(err: Error): void;
}

/**
 * A worker's sign-in limits: the primary keeps one count for all workers (`SignInLimitsOwner`);
 * every attempt ({@link begin}: a hash to compute) takes its slot there. Failing safe: when the
 * primary does not answer, the sign-in is refused (503 with `Retry-After`), never let through
 * unchecked.
 *
 * Every authenticated request is checked ({@link refusalFor}), cached credentials included. The
 * check is made here, against a copy of the primary's refusals: the primary sends every change
 * of them to every worker before it answers the attempt that made it, and says it is there every
 * {@link HEARTBEAT_MS}. The count changes only through the primary, so while it is heard from the
 * copy is as good as asking. Without a copy yet, or when the primary was not heard from for
 * {@link REFUSALS_LEASE_MS} (stopped, wedged), checks go to the primary, and fail safe as above;
 * checks waiting meanwhile go together (those made while one message is on its way, in the next).
 */
export class ClusterSignInLimits implements SignInLimits {
  private waiting: WaitingCheck[] = [];
  /** A batch is on its way, or is to be sent at the end of this turn of the event loop. */
  private busy = false;
  /** The copy of the primary's refusals (key → end); valid once a full copy came. */
  private readonly refusals = new Map<string, number>();
  private copied = false;
  private heardAt = -Infinity;
  private askedForCopyAt = -Infinity;

  constructor(
    private readonly link: PrimaryLink,
    private readonly leaseMs = REFUSALS_LEASE_MS,
    private readonly now: () => number = Date.now,
  ) {
    link.onRefusals((message) => this.heard(message));
    this.askForCopy();
  }

  refusalFor(user: string, address: string): Promise<SignInRefusal | undefined> {
    const now = this.now();
    if (this.copied && now - this.heardAt < this.leaseMs) return Promise.resolve(refusalIn(this.refusals, user, address, now));
    if (!this.copied) this.askForCopy();
    return this.ask(user, address);
  }

  private heard(message: RefusalsMessage): void {
    this.heardAt = this.now();
    if (message.full) {
      this.refusals.clear();
      this.copied = true;
    }
    for (const [key, until] of message.entries) {
      if (until > this.heardAt) this.refusals.set(key, until);
      else this.refusals.delete(key);
    }
    // Ended refusals are dropped from time to time, so that the copy does not grow without end.
    if (this.refusals.size > 1000) for (const [key, until] of this.refusals) if (until <= this.heardAt) this.refusals.delete(key);
  }

  /** Asks the primary for all its refusals (at most once a second until they came). */
  private askForCopy(): void {
    const now = this.now();
    if (now - this.askedForCopyAt < 1000) return;
    this.askedForCopyAt = now;
    this.link.tell({ type: 'gc:refusals-sync' });
  }

  /** Asks the primary, with the other checks waiting. */
  private ask(user: string, address: string): Promise<SignInRefusal | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ user, address, resolve, reject });
      if (this.busy) return;
      this.busy = true;
      setImmediate(() => this.send());
    });
  }

  async begin(user: string, address: string): Promise<SignInAttempt | SignInRefusal> {
    const reply = await this.reach(() => this.link.ask({ type: 'gc:sign-in', op: 'begin', user, address }));
    if (reply.retryAfterSeconds !== undefined) return { retryAfterSeconds: reply.retryAfterSeconds };
    const attempt = reply.attempt!;
    const report = (outcome: 'succeeded' | 'failed' | 'abandoned') => this.link.tell({ type: 'gc:sign-in-outcome', attempt, outcome });
    return {
      succeeded: () => report('succeeded'),
      failed: () => report('failed'),
      abandoned: () => report('abandoned'),
    };
  }

  /** Sends the waiting checks as one message; when it is answered, the checks made meanwhile. */
  private send(): void {
    const batch = this.waiting;
    this.waiting = [];
    if (!batch.length) {
      this.busy = false;
      return;
    }
    this.reach(() => this.link.ask({ type: 'gc:sign-in-checks', checks: batch.map((c) => [c.user, c.address]) }))
      .then((reply) => {
        const refusals = reply.refusals ?? [];
        batch.forEach((check, i) => {
          const seconds = refusals[i];
          if (typeof seconds !== 'number') check.reject(unavailable('the primary process answered without a verdict'));
          else check.resolve(seconds > 0 ? { retryAfterSeconds: seconds } : undefined);
        });
      })
      .catch((err: Error) => batch.forEach((check) => check.reject(err)))
      .finally(() => this.send());
  }

  private async reach<T>(question: () => Promise<T>): Promise<T> {
    try {
      return await question();
    } catch (err) {
      throw unavailable((err as Error).message);
    }
  }
}

function unavailable(why: string): CatalogError {
  return new CatalogError('CATALOG_UNAVAILABLE', `Sign-in refused: the sign-in limits could not be checked (${why}); try again`, [], 1);
}
