import { Injectable } from '@nestjs/common';
import { caseInsensitiveNameKey, CatalogError, checkName } from '@geocatalog/catalog-model';
import { CatalogDb } from '../database/catalog-db';
import { AuthCaches } from './auth-caches';

/**
 * GeoServer's user groups (`/rest/security/usergroup/groups`, `…/group/{group}`, user ↔ group):
 * a member acts with the roles of its enabled groups as well as its own. Group names follow the
 * user name rule and are unique whatever their case.
 */
@Injectable()
export class GroupService {
  constructor(
    private readonly db: CatalogDb,
    private readonly caches: AuthCaches,
  ) {}

  /** Every group, by name. */
  async list(): Promise<string[]> {
    return (await this.db.query<{ name: string }>(`SELECT name FROM user_group ORDER BY name`)).map((r) => r.name);
  }

  /** Creates a group; 409 when one of that name exists. */
  async create(name: string): Promise<string> {
    const group = checkName('user', name);
    await this.db.transaction(async (tx) => {
      const rows = await tx.query(`INSERT INTO user_group (name, name_key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`, [
        group,
        caseInsensitiveNameKey(group),
      ]);
      if (!rows.length) throw new CatalogError('ALREADY_EXISTS', `Group '${group}' already exists`);
    });
    return group;
  }

  /** Deletes a group (its members keep their own roles). */
  async delete(name: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await tx.query(`WITH gone AS (DELETE FROM user_group WHERE name_key = $1 RETURNING id) SELECT id FROM gone`, [caseInsensitiveNameKey(name)]);
      if (!rows.length) throw notFound(name);
    });
    await this.caches.changed('users');
  }

  /** The users of a group, by name. */
  async members(name: string): Promise<string[]> {
    const id = await this.idOf(name);
    const rows = await this.db.query<{ name: string }>(
      `SELECT u.name FROM user_group_member m JOIN app_user u ON u.id = m.user_id WHERE m.group_id = $1 ORDER BY u.name`,
      [id],
    );
    return rows.map((r) => r.name);
  }

  /** The groups of a user, by name. */
  async ofUser(user: string): Promise<string[]> {
    const userId = await this.userId(user);
    const rows = await this.db.query<{ name: string }>(
      `SELECT g.name FROM user_group_member m JOIN user_group g ON g.id = m.group_id WHERE m.user_id = $1 ORDER BY g.name`,
      [userId],
    );
    return rows.map((r) => r.name);
  }

  /** Puts a user in a group or takes it out. */
  async setMember(user: string, group: string, member: boolean): Promise<void> {
    const userId = await this.userId(user);
    const groupId = await this.idOf(group);
    await this.db.transaction(async (tx) => {
      if (member) await tx.query(`INSERT INTO user_group_member (group_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [groupId, userId]);
      else await tx.query(`DELETE FROM user_group_member WHERE group_id = $1 AND user_id = $2`, [groupId, userId]);
    });
    await this.caches.changed('users');
  }

  private async idOf(name: string): Promise<number> {
    const rows = await this.db.query<{ id: number }>(`SELECT id FROM user_group WHERE name_key = $1`, [caseInsensitiveNameKey(name)]);
    if (!rows.length) throw notFound(name);
    return rows[0].id;
  }

  private async userId(name: string): Promise<number> {
    const rows = await this.db.query<{ id: number }>(`SELECT id FROM app_user WHERE name_key = $1`, [caseInsensitiveNameKey(name)]);
    if (!rows.length) throw new CatalogError('NOT_FOUND', `Provided username does not exist: ${name}`);
    return rows[0].id;
  }
}

function notFound(name: string): CatalogError {
  return new CatalogError('NOT_FOUND', `Provided groupname does not exist: ${name}`);
}
