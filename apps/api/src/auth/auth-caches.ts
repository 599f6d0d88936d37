import { Global, Inject, Injectable, Logger, Module, Optional } from '@nestjs/common';
import type { AuthChange } from '../cluster/messages';
import { PrimaryLink, primaryLink } from '../cluster/primary-link';

/** Injection token of this worker's {@link PrimaryLink} (undefined when the process is alone). */
export const PRIMARY_LINK = Symbol('PRIMARY_LINK');

export type { AuthChange };

/**
 * What a process holds on the strength of an earlier sign-in: caches of verified credentials and
 * looked-up sessions (dropped), and open event streams (checked again, ended when no longer allowed).
 */
export type AuthCache = 'credentials' | 'sessions' | 'streams' | 'settings' | 'rules';

/**
 * What a change makes stale: a user's password, state or roles all three; a sign-out sessions and
 * streams; a change of the server's settings the cached settings (the public base URL); a change
 * of the data security rules the cached access decision.
 */
const DROPPED: Record<AuthChange, AuthCache[]> = {
  users: ['credentials', 'sessions', 'streams'],
  sessions: ['sessions', 'streams'],
  settings: ['settings'],
  rules: ['rules'],
};

/**
 * The per-process caches of authentication (verified credentials, looked-up sessions) and what
 * makes them stale. After a change of users or a sign-out, {@link changed} drops them in this
 * process and, in a cluster, has the primary make every other worker drop them too before it
 * resolves: the answer to the write goes out only when no worker still accepts what it ended.
 */
@Injectable()
export class AuthCaches {
  private readonly logger = new Logger('Auth');
  private readonly droppers: Record<AuthCache, Array<() => void | Promise<void>>> = { credentials: [], sessions: [], streams: [], settings: [], rules: [] };

  constructor(@Optional() @Inject(PRIMARY_LINK) private readonly link?: PrimaryLink) {
    link?.onForget((change) => this.drop(change));
  }

  /** `drop` empties a cache of kind `what` (or checks again what it admitted; {@link changed} waits for it). */
  register(what: AuthCache, drop: () => void | Promise<void>): void {
    this.droppers[what].push(drop);
  }

  /** Drops what `change` made stale here and in every other worker (waits for them). */
  async changed(change: AuthChange): Promise<void> {
    await this.drop(change);
    if (!this.link) return;
    try {
      await this.link.ask({ type: 'gc:forget', what: change });
    } catch (err) {
      // The change is committed; other workers' entries expire within seconds by themselves.
      this.logger.warn(`Other workers were not told to drop cached ${change}: ${(err as Error).message}`);
    }
  }

  private async drop(change: AuthChange): Promise<void> {
    const pending: Array<void | Promise<void>> = [];
    for (const what of DROPPED[change]) for (const drop of this.droppers[what]) pending.push(drop());
    await Promise.all(pending);
  }
}

/** {@link AuthCaches} for every module (users change in the security endpoints and in reverts). */
@Global()
@Module({
  providers: [{ provide: PRIMARY_LINK, useFactory: () => primaryLink() }, AuthCaches],
  exports: [AuthCaches],
})
export class AuthCachesModule {}
