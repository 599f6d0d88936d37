import { CatalogError, sameValue } from '@geocatalog/catalog-model';
import type { InTransaction } from '../../database/catalog-repository';
import type { DataStoreRepository } from './datastore.repository';

/**
 * Inside a write's transaction, for a write that asked a data store before the transaction opened
 * (contract §6): locks the store's row, so a change of it waits for this transaction, and checks
 * that its connection parameters are still the ones the store was asked with. A store changed
 * meanwhile is a 409 (the answer it gave may be another database's), a store gone a 404; either
 * way nothing is written.
 */
export async function checkStoreUnchanged(
  stores: DataStoreRepository,
  tx: InTransaction,
  store: { id: number; workspace: string; store: string },
  askedWith: Record<string, string>,
): Promise<void> {
  const params = await stores.shareParameters(tx, store.id);
  if (!params) throw new CatalogError('NOT_FOUND', `No such datastore: ${store.workspace},${store.store}`);
  if (!sameValue(params, askedWith)) {
    throw new CatalogError(
      'CONFLICT',
      `Data store ${store.workspace}:${store.store} changed while it was being read; nothing was written: send the request again`,
    );
  }
}
