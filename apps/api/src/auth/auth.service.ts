import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { caseInsensitiveNameKey, type Role } from '@geocatalog/catalog-model';
import { LoginThrottle } from './login-throttle';
import { verifyPassword } from './password-hash';
import { UserService } from './user.service';

/** Who made a request. */
export interface Principal {
  userName: string;
  roles: Role[];
}

/** How long a verified credential is trusted without re-checking the hash and the database. */
export const CREDENTIAL_CACHE_TTL_MS = 3_000;
const MAX_CACHED = 10_000;

/**
 * Checks Basic credentials. scrypt costs milliseconds, so a verified credential is cached for
 * {@link CREDENTIAL_CACHE_TTL_MS}, keyed by an HMAC of it under a per-process random key (the
 * credential itself is never kept). Concurrent checks of the same credential share one hash.
 */
@Injectable()
export class AuthService {
  private readonly cacheKey = randomBytes(32);
  private readonly verified = new Map<string, { principal: Principal; expires: number }>();
  private readonly pending = new Map<string, Promise<Principal | null>>();
  private readonly throttle = new LoginThrottle();

  constructor(private readonly users: UserService) {
    users.onChange = () => this.verified.clear();
  }

  /** The principal for these credentials, or null when they do not match an enabled user. */
  async authenticate(userName: string, password: string): Promise<Principal | null> {
    const key = createHmac('sha256', this.cacheKey).update(userName).update('\0').update(password).digest('base64');
    const hit = this.verified.get(key);
    if (hit && hit.expires > Date.now()) return hit.principal;
    let check = this.pending.get(key);
    if (!check) {
      check = this.check(userName, password, key).finally(() => this.pending.delete(key));
      this.pending.set(key, check);
    }
    return check;
  }

  private async check(userName: string, password: string, key: string): Promise<Principal | null> {
    // One user whatever the case or normal form it is typed in: `ADMIN` shares `admin`'s failures.
    const who = caseInsensitiveNameKey(userName);
    const delay = this.throttle.delayFor(who);
    if (delay > 0) await sleep(delay);
    const user = await this.users.findForLogin(userName);
    // Hash even for unknown users so that timing does not tell which names exist.
    const ok = await verifyPassword(password, user?.passwordHash ?? UNKNOWN_USER_HASH);
    if (!user || !ok || !user.enabled) {
      this.throttle.fail(who);
      return null;
    }
    this.throttle.succeed(who);
    const principal: Principal = { userName: user.name, roles: (user.roles ?? []).map((r) => r.role) };
    if (this.verified.size >= MAX_CACHED) this.verified.clear();
    this.verified.set(key, { principal, expires: Date.now() + CREDENTIAL_CACHE_TTL_MS });
    return principal;
  }
}

// A valid hash of a random password, verified against for unknown users.
const UNKNOWN_USER_HASH = `scrypt$16384$8$1$${randomBytes(16).toString('base64')}$${randomBytes(32).toString('base64')}`;
