import { AuthCaches } from './auth-caches';
import { AuthService, CREDENTIAL_CACHE_TTL_MS } from './auth.service';
import { hashPassword, verifyPassword } from './password-hash';
import { LocalSignInLimits } from './sign-in-limits';
import type { UserEntity } from './user.entity';
import type { UserService } from './user.service';

// The real scrypt, counted: a test asks how many hashes a check computed.
jest.mock('./password-hash', () => {
  const actual = jest.requireActual<typeof import('./password-hash')>('./password-hash');
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword) };
});

/** The users table as AuthService reads it: one user whose hash a test changes, and a count of reads. */
class Users {
  hash = '';
  reads = 0;
  enabled = true;
  roles = ['ADMIN'];
  /** Resolved by a test to let the pending read finish (a read racing a change). */
  hold?: Promise<void>;

  async findForLogin(name: string): Promise<UserEntity | null> {
    this.reads++;
    const hash = this.hash;
    await this.hold;
    return { name, passwordHash: hash, enabled: this.enabled, roles: [{ role: 'ADMIN' }] } as unknown as UserEntity;
  }

  /** Its own roles and its groups': by default the one ADMIN grant. */
  async actingRoles(): Promise<string[]> {
    return this.roles;
  }
}

describe('AuthService: the verified-credential cache and changes of users', () => {
  let users: Users;
  let caches: AuthCaches;
  let auth: AuthService;
  beforeEach(async () => {
    users = new Users();
    users.hash = await hashPassword('old-password');
    caches = new AuthCaches();
    auth = new AuthService(users as unknown as UserService, caches, new LocalSignInLimits());
  });

  it('serves a verified credential from the cache, and checks it again after a change of users', async () => {
    expect(await auth.authenticate('admin', 'old-password', '10.0.0.1')).toEqual({ userName: 'admin', roles: ['ADMIN'] });
    await auth.authenticate('admin', 'old-password', '10.0.0.1');
    expect(users.reads).toBe(1);
    users.hash = await hashPassword('new-password');
    await caches.changed('users');
    expect(await auth.authenticate('admin', 'old-password', '10.0.0.1')).toBeNull();
    expect(await auth.authenticate('admin', 'new-password', '10.0.0.1')).not.toBeNull();
  });

  it('a check that read the old password before the change does not put it in the cache', async () => {
    let release!: () => void;
    users.hold = new Promise((r) => (release = r));
    const racing = auth.authenticate('admin', 'old-password', '10.0.0.1');
    await new Promise((r) => setImmediate(r));
    expect(users.reads).toBe(1);
    // The password changes (committed) while that check is still running.
    users.hash = await hashPassword('new-password');
    await caches.changed('users');
    release();
    users.hold = undefined;
    // The racing request itself started before the change: it may succeed, once.
    expect(await racing).not.toBeNull();
    expect(await auth.authenticate('admin', 'old-password', '10.0.0.1')).toBeNull();
  });

  it('a sign-out (sessions only) keeps verified credentials', async () => {
    await auth.authenticate('admin', 'old-password', '10.0.0.1');
    await caches.changed('sessions');
    await auth.authenticate('admin', 'old-password', '10.0.0.1');
    expect(users.reads).toBe(1);
  });

  describe('once a cached credential has expired', () => {
    let now: number;
    const hashes = jest.mocked(verifyPassword);
    beforeEach(async () => {
      now = Date.now();
      jest.spyOn(Date, 'now').mockImplementation(() => now);
      hashes.mockClear();
      await auth.authenticate('admin', 'old-password', '10.0.0.1');
      now += CREDENTIAL_CACHE_TTL_MS + 1;
    });
    afterEach(() => jest.restoreAllMocks());

    it('reads its user again, with the roles as they are now, and computes no new hash while the stored one is unchanged', async () => {
      users.roles = ['READER'];
      expect(await auth.authenticate('admin', 'old-password', '10.0.0.1')).toEqual({ userName: 'admin', roles: ['READER'] });
      expect(users.reads).toBe(2);
      expect(hashes).toHaveBeenCalledTimes(1);
    });

    it('refuses it once the password was changed elsewhere (no drop heard) or the user disabled', async () => {
      users.hash = await hashPassword('new-password');
      expect(await auth.authenticate('admin', 'old-password', '10.0.0.1')).toBeNull();
      expect(hashes).toHaveBeenCalledTimes(2);
      expect(await auth.authenticate('admin', 'new-password', '10.0.0.1')).not.toBeNull();
      now += CREDENTIAL_CACHE_TTL_MS + 1;
      users.enabled = false;
      expect(await auth.authenticate('admin', 'new-password', '10.0.0.1')).toBeNull();
    });
  });
});
