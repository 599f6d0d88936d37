import { CatalogError } from '@geocatalog/catalog-model';
import type { InTransaction } from '../database/catalog-repository';
import type { UserRepository } from './user.repository';

/**
 * Refuses (409) a change that would leave no enabled ADMIN: demoting, disabling or deleting the
 * last one. Call inside the change's transaction, before making it: the transaction-scoped lock
 * serialises such changes across api processes, so two admins demoting each other at once
 * cannot both succeed.
 */
export async function keepAnAdmin(
  users: UserRepository,
  tx: InTransaction,
  user: { id: number; name: string },
  change: 'demote' | 'disable' | 'delete',
): Promise<void> {
  const admins = await users.lockAdmins(tx, user.id);
  if (!admins.self || admins.others > 0) return;
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
export async function anAdminRemains(users: UserRepository, tx: InTransaction): Promise<void> {
  if ((await users.lockAndCountAdmins(tx)) === 0) {
    throw new CatalogError('CONFLICT', 'Cannot revert: it would leave no enabled administrator, and without one nobody could administer the catalog.');
  }
}
