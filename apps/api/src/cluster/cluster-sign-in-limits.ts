import { CatalogError } from '@geocatalog/catalog-model';
import type { SignInAttempt, SignInRefusal } from '../auth/login-throttle';
import type { SignInLimits } from '../auth/sign-in-limits';
import type { PrimaryLink } from './primary-link';
import type { ReplyMessage, SignInRequest } from './messages';

/**
 * A worker's sign-in limits: every question goes to the primary, which keeps one count for all
 * workers (`SignInLimitsOwner`). Failing safe: when the primary does not answer, the sign-in is
 * refused (503 with `Retry-After`), never let through unchecked.
 */
export class ClusterSignInLimits implements SignInLimits {
  constructor(private readonly link: PrimaryLink) {}

  async refusalFor(user: string, address: string): Promise<SignInRefusal | undefined> {
    const reply = await this.ask('check', user, address);
    return reply.retryAfterSeconds === undefined ? undefined : { retryAfterSeconds: reply.retryAfterSeconds };
  }

  async begin(user: string, address: string): Promise<SignInAttempt | SignInRefusal> {
    const reply = await this.ask('begin', user, address);
    if (reply.retryAfterSeconds !== undefined) return { retryAfterSeconds: reply.retryAfterSeconds };
    const attempt = reply.attempt!;
    const report = (outcome: 'succeeded' | 'failed' | 'abandoned') => this.link.tell({ type: 'gc:sign-in-outcome', attempt, outcome });
    return {
      succeeded: () => report('succeeded'),
      failed: () => report('failed'),
      abandoned: () => report('abandoned'),
    };
  }

  private async ask(op: SignInRequest['op'], user: string, address: string): Promise<ReplyMessage> {
    try {
      return await this.link.ask({ type: 'gc:sign-in', op, user, address });
    } catch (err) {
      throw new CatalogError('CATALOG_UNAVAILABLE', `Sign-in refused: the sign-in limits could not be checked (${(err as Error).message}); try again`, [], 1);
    }
  }
}
