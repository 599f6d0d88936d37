import { Injectable } from '@nestjs/common';
import type { Role } from '@geocatalog/catalog-model';
import { CatalogDb } from '../database/catalog-db';
import { CatalogRepository, InTransaction } from '../database/catalog-repository';
import { UserEntity, UserRoleEntity } from './user.entity';

/** One lock for every change that could leave the catalog without an administrator. */
const ADMINS_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('geocatalog:enabled-admins'))`;

/** The roles user `$1` acts with: its own grants and those of the enabled groups it belongs to. */
export const ACTING_ROLES_SQL = `SELECT role FROM user_role WHERE user_id = $1
  UNION SELECT gr.role FROM user_group_member m JOIN user_group g ON g.id = m.group_id AND g.enabled JOIN group_role gr ON gr.group_id = g.id WHERE m.user_id = $1`;

/** The rows of `app_user` and of its roles, `user_role`. */
@Injectable()
export class UserRepository extends CatalogRepository<UserEntity> {
  constructor(db: CatalogDb) {
    super(db, UserEntity, 'u');
  }

  /** Whether any user exists. */
  async any(): Promise<boolean> {
    return (await this.run(undefined, `SELECT 1 FROM app_user LIMIT 1`)).length > 0;
  }

  /** Creates the first user, an ADMIN, unless a user exists (even one created meanwhile); whether it did. */
  async insertFirstAdmin(tx: InTransaction, name: string, nameKey: string, passwordHash: string): Promise<boolean> {
    const rows = await this.run<{ id: number }>(
      tx,
      `INSERT INTO app_user (name, name_key, password_hash) SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM app_user) ON CONFLICT DO NOTHING RETURNING id`,
      [name, nameKey, passwordHash],
    );
    if (!rows.length) return false;
    await this.run(tx, `INSERT INTO user_role (user_id, role) VALUES ($1, 'ADMIN')`, [rows[0].id]);
    return true;
  }

  /** The user whose name key is `nameKey` (`withRoles`: with its roles), or null. */
  findByKey(nameKey: string, tx?: InTransaction, withRoles = false): Promise<UserEntity | null> {
    return this.orm(tx).findOne({ where: { nameKey }, relations: withRoles ? { roles: true } : undefined });
  }

  /** The roles a user acts with: its own and those of its enabled groups, by name. */
  async actingRoles(userId: number): Promise<string[]> {
    const rows = await this.run<{ role: string }>(undefined, `${ACTING_ROLES_SQL} ORDER BY role`, [userId]);
    return rows.map((r) => r.role);
  }

  /** Every user with its roles, by name. */
  all(): Promise<UserEntity[]> {
    return this.orm().find({ relations: { roles: true }, order: { name: 'ASC' } });
  }

  /** A new user record (not saved). */
  create(fields: Partial<UserEntity>): UserEntity {
    return this.orm().create(fields);
  }

  /** Grants a role (nothing when held). */
  async grant(tx: InTransaction, userId: number, role: Role): Promise<void> {
    await this.roles(tx).upsert({ userId, role }, ['userId', 'role']);
  }

  /** Revokes a role; how many the user still has. */
  async revoke(tx: InTransaction, userId: number, role: Role): Promise<number> {
    await this.roles(tx).delete({ userId, role });
    return this.roles(tx).countBy({ userId });
  }

  /**
   * Takes the administrators' lock for the rest of the transaction (changes that could leave no
   * enabled ADMIN are serialised across processes), then says whether the user is an enabled
   * ADMIN and how many others are.
   */
  async lockAdmins(tx: InTransaction, userId: number): Promise<{ self: boolean; others: number }> {
    await this.run(tx, ADMINS_LOCK_SQL);
    const [row] = await this.run<{ self: boolean; others: string }>(
      tx,
      `SELECT EXISTS (SELECT 1 FROM app_user u JOIN user_role r ON r.user_id = u.id AND r.role = 'ADMIN' WHERE u.id = $1 AND u.enabled) AS self,
              (SELECT count(*) FROM app_user u JOIN user_role r ON r.user_id = u.id AND r.role = 'ADMIN' WHERE u.id <> $1 AND u.enabled) AS others`,
      [userId],
    );
    return { self: row.self, others: Number(row.others) };
  }

  /** Takes the administrators' lock, then counts the enabled ADMINs. */
  async lockAndCountAdmins(tx: InTransaction): Promise<number> {
    await this.run(tx, ADMINS_LOCK_SQL);
    const [row] = await this.run<{ n: string }>(
      tx,
      `SELECT count(*) AS n FROM app_user u JOIN user_role r ON r.user_id = u.id AND r.role = 'ADMIN' WHERE u.enabled`,
    );
    return Number(row.n);
  }

  private roles(tx: InTransaction) {
    return this.orm(tx).manager.getRepository(UserRoleEntity);
  }
}
