import { CatalogError } from '@geocatalog/catalog-model';
import type { EntityManager } from 'typeorm';

/** One lock for every change that could leave the catalog without an administrator. */
const ADMINS_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('geocatalog:enabled-admins'))`;

/**
 * Refuses (409) a change that would leave no enabled ADMIN: demoting, disabling or deleting the
 * last one. Call inside the change's transaction, before making it: the transaction-scoped lock
 * serialises such changes across api processes, so two admins demoting each other at once
 * cannot both succeed.
 */
export async function keepAnAdmin(tx: EntityManager, user: { id: number; name: string }, change: 'demote' | 'disable' | 'delete'): Promise<void> {
  await tx.query(ADMINS_LOCK_SQL);
  const rows: Array<{ self: boolean; others: string }> = await tx.query(
    `SELECT EXISTS (SELECT 1 FROM app_user u JOIN user_role r ON r.user_id = u.id AND r.role = 'ADMIN' WHERE u.id = $1 AND u.enabled) AS self,
            (SELECT count(*) FROM app_user u JOIN user_role r ON r.user_id = u.id AND r.role = 'ADMIN' WHERE u.id <> $1 AND u.enabled) AS others`,
    [user.id],
  );
  if (!rows[0].self || Number(rows[0].others) > 0) return;
  const verb = { demote: 'remove the ADMIN role from', disable: 'disable', delete: 'delete' }[change];
  throw new CatalogError(
    'CONFLICT',
    `Cannot ${verb} user '${user.name}': it is the last enabled administrator, and without one nobody could administer the catalog. Make another user ADMIN first.`,
  );
}

/**
 * After a change that rewrote users wholesale (a revert), refuses (409) the result when no
 * enabled ADMIN is left. Takes the same lock as {@link keepAnAdmin}.
 */
export async function anAdminRemains(tx: EntityManager): Promise<void> {
  await tx.query(ADMINS_LOCK_SQL);
  const [row]: Array<{ n: string }> = await tx.query(
    `SELECT count(*) AS n FROM app_user u JOIN user_role r ON r.user_id = u.id AND r.role = 'ADMIN' WHERE u.enabled`,
  );
  if (Number(row.n) === 0) {
    throw new CatalogError('CONFLICT', 'Cannot revert: it would leave no enabled administrator, and without one nobody could administer the catalog.');
  }
}
