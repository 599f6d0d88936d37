import { CatalogError } from '@geocatalog/catalog-model';
import type { SignInAttempt, SignInRefusal } from '../auth/login-throttle';
import type { SignInLimits } from '../auth/sign-in-limits';
import type { PrimaryLink } from './primary-link';

interface WaitingCheck {
  user: string;
  address: string;
  resolve(refusal: SignInRefusal | undefined): void;
  reject(err: Error): void;
}

/**
 * A worker's sign-in limits: every question goes to the primary, which keeps one count for all
 * workers (`SignInLimitsOwner`). Failing safe: when the primary does not answer, the sign-in is
 * refused (503 with `Retry-After`), never let through unchecked.
 *
 * Every authenticated request is checked ({@link refusalFor}), so the checks are sent together:
 * those made in one turn of the event loop go in one message, and while one is on its way the
 * next ones wait for its answer and then go in the next. Each check is still answered by the
 * primary after it was made (never from an answer sent before it), so a stopped primary refuses
 * every request, cached credentials included, as when each check was its own message.
 */
export class ClusterSignInLimits implements SignInLimits {
  private waiting: WaitingCheck[] = [];
  /** A batch is on its way, or is to be sent at the end of this turn of the event loop. */
  private busy = false;

  constructor(private readonly link: PrimaryLink) {}

  refusalFor(user: string, address: string): Promise<SignInRefusal | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ user, address, resolve, reject });
      if (this.busy) return;
      this.busy = true;
      setImmediate(() => this.send());
    });
  }

  async begin(user: string, address: string): Promise<SignInAttempt | SignInRefusal> {
    const reply = await this.ask(() => this.link.ask({ type: 'gc:sign-in', op: 'begin', user, address }));
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
    this.ask(() => this.link.ask({ type: 'gc:sign-in-checks', checks: batch.map((c) => [c.user, c.address]) }))
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

  private async ask<T>(question: () => Promise<T>): Promise<T> {
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
