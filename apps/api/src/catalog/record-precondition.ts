import { checkIfMatch } from '../rest/etag';

/** Tables of catalog records that carry a `version`. */
export type VersionedTable = 'workspace' | 'data_store' | 'feature_type' | 'layer' | 'layer_group' | 'style' | 'app_user' | 'settings' | 'service_settings';

/**
 * `If-Match` checked inside the write's own transaction: the record's row is locked and its
 * version read again, so no other write can slip between the check and this one. A stale tag is
 * a 412 carrying the current one; no header checks nothing.
 */
export async function checkPrecondition<T extends { id: number; version: string }>(
  tx: { query(sql: string, params?: unknown[]): Promise<unknown> },
  table: VersionedTable,
  record: T,
  ifMatch: string | undefined,
  tagOf: (record: T) => string,
): Promise<void> {
  if (ifMatch === undefined) return;
  const rows = (await tx.query(`SELECT version FROM ${table} WHERE id = $1 FOR UPDATE`, [record.id])) as Array<{ version: string }>;
  if (rows.length) record.version = String(rows[0].version);
  checkIfMatch(ifMatch, tagOf(record));
}
