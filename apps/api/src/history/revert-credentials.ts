import type { EntityManager } from 'typeorm';
import { unusablePasswordHash } from '../auth/password-hash';
import type { StoreIdentity, StorePasswords } from '../catalog/datastores/store-passwords';
import type { RawRow } from './change-kinds';

/**
 * Restoring the past restores no credential (contract §6). The history keeps no user's password
 * hash, so a user a revert brings back is disabled with a hash no password matches: an admin
 * gives it a password and enables it. A data store a revert puts back keeps the password it has
 * now (re-encrypted for its restored names), or gets none when its restored connection goes to
 * another server or user than its current one; a store it re-creates keeps the password it had
 * when it was deleted.
 */

/** A user's row as a revert writes it: never a hash; one brought back disabled and with no usable password. */
export function userRowToWrite(raw: RawRow, recreated: boolean): RawRow {
  const row: RawRow = { ...raw };
  delete row.password_hash;
  return recreated ? { ...row, enabled: false, password_hash: unusablePasswordHash() } : row;
}

/** What a store's row is now, with its names as its password is bound; null when it does not exist. */
async function storeNow(tx: EntityManager, id: number): Promise<StoreIdentity | null> {
  const [row]: Array<{ workspace: string; store: string; params: Record<string, string> }> = await tx.query(
    `SELECT w.name AS workspace, s.name AS store, s.connection_parameters AS params FROM data_store s JOIN workspace w ON w.id = s.workspace_id WHERE s.id = $1`,
    [id],
  );
  return row ?? null;
}

/** A data store a revert puts back: its id, its path at the change, its row before the change. */
export interface RevertedStore {
  record_id: number;
  resource: string | null;
  raw_before: RawRow | null;
}

/**
 * Before a revert writes anything: where each of its stores' passwords come from. A store that
 * exists keeps its current one; a deleted one its own, bound to its names at its delete (read from
 * the change's path).
 */
export async function passwordSources(tx: EntityManager, stores: RevertedStore[]): Promise<Map<number, StoreIdentity>> {
  const sources = new Map<number, StoreIdentity>();
  for (const s of stores) {
    const now = await storeNow(tx, s.record_id);
    const names = /^\/workspaces\/([^/]+)\/datastores\/([^/]+)$/.exec(s.resource ?? '');
    if (now) sources.set(s.record_id, now);
    else if (names && s.raw_before) {
      sources.set(s.record_id, { workspace: names[1], store: names[2], params: s.raw_before.connection_parameters as Record<string, string> });
    }
  }
  return sources;
}

/** After a revert wrote its records: each store it put back gets its password from its source (see {@link StorePasswords.carry}). */
export async function keepStorePasswords(tx: EntityManager, passwords: StorePasswords, sources: Map<number, StoreIdentity>): Promise<void> {
  for (const [id, source] of sources) {
    const now = await storeNow(tx, id);
    if (!now) continue;
    const params = passwords.carry(source, now);
    if (JSON.stringify(params) !== JSON.stringify(now.params)) {
      await tx.query(`UPDATE data_store SET connection_parameters = $2::json WHERE id = $1`, [id, JSON.stringify(params)]);
    }
  }
}
