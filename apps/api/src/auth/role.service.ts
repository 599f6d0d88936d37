import { Injectable } from '@nestjs/common';
import { caseInsensitiveNameKey, CatalogError, RESERVED_ROLE_NAMES, ROLE_NAME, ROLES } from '@geocatalog/catalog-model';
import { CatalogDb } from '../database/catalog-db';
import { AuthCaches } from './auth-caches';

/**
 * The roles that exist (GeoServer's role service: `/rest/security/roles`): the built-in `ADMIN`
 * and `READER`, and custom roles an admin creates for the data security rules to name. A role's
 * name is upper case; `ADMIN` and `READER` cannot be deleted; deleting a role takes it from every
 * user and group that held it (the last enabled ADMIN rule is untouched: ADMIN cannot go).
 */
@Injectable()
export class RoleService {
  constructor(
    private readonly db: CatalogDb,
    private readonly caches: AuthCaches,
  ) {}

  /** Every role, by name. */
  async list(): Promise<string[]> {
    const rows = await this.db.query<{ name: string }>(`SELECT name FROM app_role ORDER BY name`);
    return rows.map((r) => r.name);
  }

  /** The role named `name` (whatever its case), or 404. */
  async get(name: string): Promise<string> {
    const wanted = name.toUpperCase();
    const rows = await this.db.query<{ name: string }>(`SELECT name FROM app_role WHERE name = $1`, [wanted]);
    if (!rows.length) throw new CatalogError('NOT_FOUND', `Provided role does not exist: ${name}`);
    return rows[0].name;
  }

  /** Creates a role; 400 for a name that is no role name, 409 when it exists. */
  async create(name: string): Promise<string> {
    const role = checkRoleName(name);
    await this.db.transaction(async (tx) => {
      const rows = await tx.query(`INSERT INTO app_role (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name`, [role]);
      if (!rows.length) throw new CatalogError('ALREADY_EXISTS', `Role '${role}' already exists`);
    });
    return role;
  }

  /** Deletes a custom role, and with it every grant of it. */
  async delete(name: string): Promise<void> {
    const role = await this.get(name);
    if (ROLES.includes(role)) throw new CatalogError('CONFLICT', `Role '${role}' is built in and cannot be deleted`);
    await this.db.transaction(async (tx) => {
      const rows = await tx.query(`WITH gone AS (DELETE FROM app_role WHERE name = $1 RETURNING name) SELECT name FROM gone`, [role]);
      if (!rows.length) throw new CatalogError('NOT_FOUND', `Provided role does not exist: ${name}`);
    });
    await this.caches.changed('users');
  }

  /** The roles a group gives its members. */
  async ofGroup(group: string): Promise<string[]> {
    const id = await this.groupId(group);
    const rows = await this.db.query<{ role: string }>(`SELECT role FROM group_role WHERE group_id = $1 ORDER BY role`, [id]);
    return rows.map((r) => r.role);
  }

  /**
   * Gives a group a role, or takes it back. ADMIN is given to users only (409), so who may
   * administer the catalog, and the last enabled ADMIN rule, stay with the users.
   */
  async setGroupRole(roleName: string, group: string, granted: boolean): Promise<void> {
    const role = await this.get(roleName);
    if (role === 'ADMIN') throw new CatalogError('CONFLICT', 'ADMIN is given to users only, not to a group');
    const id = await this.groupId(group);
    await this.db.transaction(async (tx) => {
      if (granted) {
        await tx.query(`INSERT INTO group_role (group_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, role]);
        return;
      }
      await tx.query(`DELETE FROM group_role WHERE group_id = $1 AND role = $2`, [id, role]);
    });
    await this.caches.changed('users');
  }

  private async groupId(group: string): Promise<number> {
    const rows = await this.db.query<{ id: number }>(`SELECT id FROM user_group WHERE name_key = $1`, [caseInsensitiveNameKey(group)]);
    if (!rows.length) throw new CatalogError('NOT_FOUND', `Provided groupname does not exist: ${group}`);
    return rows[0].id;
  }
}

/** A role name as stored (upper case); 400 when it is none, or reserved. */
export function checkRoleName(name: string): string {
  const role = name.trim().toUpperCase();
  if (!ROLE_NAME.test(role)) {
    throw new CatalogError('INVALID_NAME', `Invalid role name '${name}': a letter, then letters, digits, '_', '.' or '-' (64 at most)`);
  }
  if (RESERVED_ROLE_NAMES.includes(role)) {
    throw new CatalogError(
      'INVALID_NAME',
      `Invalid role name '${name}': ${role} is what a rule calls ${role === 'ANONYMOUS' ? 'a request without credentials' : 'every signed-in user'}`,
    );
  }
  return role;
}
