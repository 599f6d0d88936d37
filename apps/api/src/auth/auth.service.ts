import { Inject, Injectable } from '@nestjs/common';
import { hash, randomBytes } from 'node:crypto';
import { CatalogError, caseInsensitiveNameKey } from '@geocatalog/catalog-model';
import { AuthCaches } from './auth-caches';
import { isRefusal, SignInRefusal } from './login-throttle';
import type { Principal } from './principal';
import { unusablePasswordHash, verifyPassword } from './password-hash';
import { SIGN_IN_LIMITS, SignInLimits } from './sign-in-limits';
import { UserService } from './user.service';

/** How long a verified credential is trusted without reading its user again. */
export const CREDENTIAL_CACHE_TTL_MS = 3_000;
const MAX_CACHED = 10_000;

/** A verified credential: who it is, until when, and the stored hash it matched. */
interface Verified {
  principal: Principal;
  expires: number;
  hash: string;
}

/**
 * Checks Basic credentials. scrypt costs tens of milliseconds, so a verified credential is cached
 * for {@link CREDENTIAL_CACHE_TTL_MS}, keyed by a SHA-256 of it after a per-process random key
 * (the credential itself is never kept; one-shot `crypto.hash` costs a request a third of an
 * HMAC's three objects, and a key that is only ever looked up needs no more than a secret
 * prefix). Once expired, its user is read again: while it is enabled and its stored hash is still
 * the one the credential matched, the credential still matches it, so no new hash is computed (a
 * client that keeps its credential costs each worker one scrypt, not one every few seconds, and a
 * change made by another process is still seen within the TTL). Concurrent checks of the same credential share one check.
 * Failures are limited per (user, client address) and per address ({@link SignInLimits}, one
 * count for all workers of a cluster): past a limit the answer is 429 with `Retry-After`, before
 * any hash is computed. A change of users empties the cache in every worker ({@link AuthCaches});
 * a check that was running meanwhile does not put its (possibly old) result back.
 */
@Injectable()
export class AuthService {
  private readonly cacheKey = randomBytes(32).toString('base64');
  private readonly verified = new Map<string, Verified>();
  private readonly pending = new Map<string, Promise<Principal | null>>();
  /** Changes with every drop of the cache: a check that began before one does not cache its result. */
  private generation = 0;

  constructor(
    private readonly users: UserService,
    caches: AuthCaches,
    @Inject(SIGN_IN_LIMITS) private readonly limits: SignInLimits,
  ) {
    caches.register('credentials', () => {
      this.verified.clear();
      this.pending.clear();
      this.generation++;
    });
  }

  /**
   * The principal for these credentials sent from `address` (see `clientAddress`), or null when
   * they do not match an enabled user; throws TOO_MANY_REQUESTS past the failure limits.
   */
  async authenticate(userName: string, password: string, address: string): Promise<Principal | null> {
    const key = hash('sha256', `${this.cacheKey}${userName}\0${password}`, 'base64');
    // Refused past the limits even when the credential is cached: an address that may not guess
    // must not learn from a 200 that a guess matched a recently used password.
    const who = caseInsensitiveNameKey(userName);
    const refusal = await this.limits.refusalFor(who, address);
    if (refusal) throw tooManyFailures(refusal);
    // Read after the await: a change of users meanwhile has emptied it.
    const hit = this.verified.get(key);
    if (hit && hit.expires > Date.now()) return hit.principal;
    const pendingKey = `${address}\0${key}`;
    let check = this.pending.get(pendingKey);
    if (!check) {
      const running = hit ? this.recheck(userName, who, password, address, key, hit) : this.check(userName, who, password, address, key);
      const started = running.finally(() => {
        if (this.pending.get(pendingKey) === started) this.pending.delete(pendingKey);
      });
      check = started;
      this.pending.set(pendingKey, check);
    }
    return check;
  }

  /**
   * An expired credential: its user read again; enabled, with the stored hash it matched, it is
   * the principal with its roles as they are now; anything else is checked in full.
   */
  private async recheck(userName: string, who: string, password: string, address: string, key: string, was: Verified): Promise<Principal | null> {
    const generation = this.generation;
    const user = await this.users.findForLogin(userName);
    if (!user || !user.enabled || user.passwordHash !== was.hash) return this.check(userName, who, password, address, key);
    const principal: Principal = { userName: user.name, roles: await this.users.actingRoles(user.id) };
    this.remember(generation, key, principal, was.hash);
    return principal;
  }

  /** Caches a verified credential, unless the cache was dropped since `generation` (its check may have read old rows). */
  private remember(generation: number, key: string, principal: Principal, storedHash: string): void {
    if (generation !== this.generation) return;
    if (this.verified.size >= MAX_CACHED) this.verified.clear();
    this.verified.set(key, { principal, expires: Date.now() + CREDENTIAL_CACHE_TTL_MS, hash: storedHash });
  }

  /** `who` is the user's case-insensitive key: `ADMIN` shares `admin`'s failures. */
  private async check(userName: string, who: string, password: string, address: string, key: string): Promise<Principal | null> {
    const generation = this.generation;
    const attempt = await this.limits.begin(who, address);
    if (isRefusal(attempt)) throw tooManyFailures(attempt);
    let user: Awaited<ReturnType<UserService['findForLogin']>>;
    let roles: string[];
    let ok: boolean;
    try {
      user = await this.users.findForLogin(userName);
      // Its roles (its groups' too) as they are now, read with the user before the slow hash, and
      // for an unknown name as well, so that neither a change meanwhile nor timing tells more.
      roles = await this.users.actingRoles(user?.id ?? -1);
      // Hash even for unknown users so that timing does not tell which names exist.
      ok = await verifyPassword(password, user?.passwordHash ?? UNKNOWN_USER_HASH);
    } catch (err) {
      // Not the client's failure (the catalog is down): the slot is given back.
      attempt.abandoned();
      throw err;
    }
    if (!user || !ok || !user.enabled) {
      attempt.failed();
      return null;
    }
    attempt.succeeded();
    const principal: Principal = { userName: user.name, roles };
    this.remember(generation, key, principal, user.passwordHash);
    return principal;
  }
}

// A valid hash of a random password, verified against for unknown users.
const UNKNOWN_USER_HASH = unusablePasswordHash();

function tooManyFailures(refusal: SignInRefusal): CatalogError {
  return new CatalogError(
    'TOO_MANY_REQUESTS',
    `Too many failed sign-ins from this address: try again in ${refusal.retryAfterSeconds} s`,
    [],
    refusal.retryAfterSeconds,
  );
}
