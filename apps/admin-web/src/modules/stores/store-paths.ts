import type { DataStoreRef } from '../../api';

/** `ws:store`, the key of a store in lists and in `?store=`. */
export const storeKey = (store: DataStoreRef): string => `${store.workspace}:${store.name}`;

/** Reads `ws:store`; null when there is no colon. */
export function parseStoreKey(key: string | null | undefined): DataStoreRef | null {
  if (!key) return null;
  const at = key.indexOf(':');
  return at <= 0 || at === key.length - 1 ? null : { workspace: key.slice(0, at), name: key.slice(at + 1) };
}

/** The console page of a store. */
export const storePath = (store: DataStoreRef): string => `/stores/${encodeURIComponent(store.workspace)}/${encodeURIComponent(store.name)}`;
