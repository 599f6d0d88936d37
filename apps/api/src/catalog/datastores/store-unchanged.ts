import { CatalogError, sameValue } from '@geocatalog/catalog-model';
import type { EntityManager } from 'typeorm';

/**
 * Inside a write's transaction, for a write that asked a data store before the transaction opened
 * (contract §6): locks the store's row, so a change of it waits for this transaction, and checks
 * that its connection parameters are still the ones the store was asked with. A store changed
 * meanwhile is a 409 (the answer it gave may be another database's), a store gone a 404; either
 * way nothing is written.
 */
export async function checkStoreUnchanged(
  tx: EntityManager,
  store: { id: number; workspace: string; store: string },
  askedWith: Record<string, string>,
): Promise<void> {
  const rows: Array<{ connection_parameters: Record<string, string> }> = await tx.query(
    'SELECT connection_parameters FROM data_store WHERE id = $1 FOR SHARE',
    [store.id],
  );
  if (!rows.length) throw new CatalogError('NOT_FOUND', `No such datastore: ${store.workspace},${store.store}`);
  if (!sameValue(rows[0].connection_parameters, askedWith)) {
    throw new CatalogError(
      'CONFLICT',
      `Data store ${store.workspace}:${store.store} changed while it was being read; nothing was written: send the request again`,
    );
  }
}
