import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { caseInsensitiveNameKey, CatalogError, checkName, Role, Sent, User } from '@geocatalog/catalog-model';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { APP_CONFIG, AppConfig, generatePassword } from '../config/config';
import { uniquely } from '../database/pg-errors';
import { AuthCaches } from './auth-caches';
import { keepAnAdmin } from './last-admin';
import { hashPassword } from './password-hash';
import { SessionService } from './session.service';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';
import { checkPrecondition } from '../catalog/record-precondition';
import { versionTag } from '../rest/etag';

/** A user as the security endpoints show it (never with a password). */
export interface UserView {
  userName: string;
  enabled: boolean;
  roles: Role[];
  /** The record's version (its ETag comes from it). */
  version: string;
}

/** Fields a client may set on a user: what a `<user>` body sent. */
export type UserInput = Sent<User>;

/** Users and their roles, and the bootstrap admin on first start. */
@Injectable()
export class UserService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Users');

  constructor(
    private readonly db: CatalogDb,
    private readonly users: UserRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionService,
    private readonly caches: AuthCaches,
  ) {}

  /** After any committed change of users: cached credentials and sessions are dropped in every worker. */
  private changed(): Promise<void> {
    return this.caches.changed('users');
  }

  /** Creates the bootstrap admin when the user table is empty (once, even with several processes). */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.users.any()) return;
    const generated = !this.config.adminPassword;
    const password = this.config.adminPassword ?? generatePassword();
    const hash = await hashPassword(password);
    const created = await this.db.transaction((tx) =>
      this.users.insertFirstAdmin(tx, this.config.adminUser, caseInsensitiveNameKey(this.config.adminUser), hash),
    );
    if (!created) return;
    if (generated) {
      const file = path.join(this.config.dataDir, 'initial-admin-password');
      fs.mkdirSync(this.config.dataDir, { recursive: true });
      fs.writeFileSync(file, password + '\n', { mode: 0o600 });
      this.logger.warn(`Created admin user '${this.config.adminUser}' with generated password: ${password} (also in ${file})`);
    } else {
      this.logger.log(`Created admin user '${this.config.adminUser}' from ADMIN_PASSWORD`);
    }
  }

  /** The user with roles and hash, for authentication; the name matches whatever its case and normal form. */
  findForLogin(name: string): Promise<UserEntity | null> {
    return this.users.findByKey(caseInsensitiveNameKey(name), undefined, true);
  }

  /** The roles a user acts with: its own and its groups'. */
  actingRoles(userId: number): Promise<string[]> {
    return this.users.actingRoles(userId);
  }

  async list(): Promise<UserView[]> {
    return (await this.users.all()).map(view);
  }

  async get(name: string): Promise<UserView> {
    const user = await this.findForLogin(name);
    if (!user) throw new CatalogError('NOT_FOUND', `No such user: '${name}' found`);
    return view(user);
  }

  async create(input: UserInput): Promise<UserView> {
    if (!input.userName) throw new CatalogError('MISSING_FIELD', 'The user has no userName; it is required');
    const name = checkName('user', input.userName);
    if (!input.password) throw new CatalogError('MISSING_FIELD', 'The user has no password; it is required');
    const hash = await hashPassword(input.password);
    const user = await this.db.transaction((tx) =>
      uniquely(
        () => this.users.save(tx, this.users.create({ name, nameKey: caseInsensitiveNameKey(name), passwordHash: hash, enabled: input.enabled ?? true })),
        () => userTaken(name),
      ),
    );
    await this.changed();
    return { userName: user.name, enabled: user.enabled, roles: [], version: String(user.version ?? '') };
  }

  /** Partial update: password, enabled, rename. */
  async update(name: string, input: UserInput, ifMatch?: string): Promise<void> {
    const hash = input.password ? await hashPassword(input.password) : undefined;
    await this.db.transaction(async (tx) => {
      const user = await this.users.findByKey(caseInsensitiveNameKey(name), tx);
      if (!user) throw new CatalogError('NOT_FOUND', `No such user: '${name}' found`);
      await checkPrecondition(tx, 'app_user', user, ifMatch, userTag);
      if (input.userName !== undefined && input.userName !== user.name) {
        user.name = checkName('user', input.userName);
        user.nameKey = caseInsensitiveNameKey(user.name);
      }
      if (hash) user.passwordHash = hash;
      if (input.enabled === false) await keepAnAdmin(this.users, tx, user, 'disable');
      if (input.enabled !== undefined) user.enabled = input.enabled;
      await uniquely(
        () => this.users.save(tx, user),
        () => userTaken(user.name),
      );
      // A new password or a disabled account ends the console sessions signed in with the old state.
      if (hash || input.enabled === false) await this.sessions.endAllOf(tx, user.id);
    });
    await this.changed();
  }

  async delete(name: string, ifMatch?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await this.users.findByKey(caseInsensitiveNameKey(name), tx);
      if (!user) throw new CatalogError('NOT_FOUND', `No such user: '${name}' found`);
      await checkPrecondition(tx, 'app_user', user, ifMatch, userTag);
      await keepAnAdmin(this.users, tx, user, 'delete');
      await this.users.delete(tx, user.id);
    });
    // Its sessions went with it (ON DELETE CASCADE); cached lookups of them are dropped too.
    await this.changed();
  }

  /** Grants or revokes a role. */
  async setRole(roleName: string, name: string, granted: boolean): Promise<void> {
    const role = roleName.toUpperCase();
    const known = await this.db.query(`SELECT 1 FROM app_role WHERE name = $1`, [role]);
    if (!known.length) throw new CatalogError('NOT_FOUND', `No such role: '${roleName}' found`);
    await this.db.transaction(async (tx) => {
      const user = await this.users.findByKey(caseInsensitiveNameKey(name), tx);
      if (!user) throw new CatalogError('NOT_FOUND', `No such user: '${name}' found`);
      if (!granted && role === 'ADMIN') await keepAnAdmin(this.users, tx, user, 'demote');
      if (granted) await this.users.grant(tx, user.id, role);
      // A user left without any role has nothing to do in a session.
      else if (!(await this.users.revoke(tx, user.id, role))) await this.sessions.endAllOf(tx, user.id);
    });
    await this.changed();
  }
}

function view(user: UserEntity): UserView {
  return { userName: user.name, enabled: user.enabled, roles: (user.roles ?? []).map((r) => r.role).sort(), version: user.version };
}

/** ETag of a user record (its name and enabled flag; roles have their own endpoint). */
export function userTag(user: { version: string }): string {
  return versionTag(user.version);
}

function userTaken(name: string): string {
  return `User '${name}' already exists (user names are unique whatever their case)`;
}
