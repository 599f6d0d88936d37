import type { StoreConnection, TableInfo } from './postgis.types';
import { connectionKey } from './store-access';
import { isStaleDescription } from './store-errors';
import { schemaOf } from './store-names';

/** How long a table's description is reused by feature reads. */
export const TABLE_CACHE_MS = 5_000;
/** Entries kept before expired ones are swept. */
const SWEEP_AT = 500;

interface Entry {
  expires: number;
  info: Promise<TableInfo>;
}

/**
 * Table descriptions for feature reads, reused for {@link TABLE_CACHE_MS}: describing a table costs
 * two or three catalog queries on the store, more than reading a small page. Keyed by the store's
 * connection parameters (the pool key), schema and table, so a store pointed elsewhere is described
 * anew. A description is never trusted beyond one failure: when a read made from a reused
 * description fails in a way a fresh one may avoid (marked with `markStaleDescription`: a column
 * gone, a type changed, a property the description does not know), the table is described again
 * and the read retried once. Concurrent callers share one description; a failed one is not kept.
 */
export class TableCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly describe: (store: StoreConnection, table: string) => Promise<TableInfo>,
    private readonly ttlMs = TABLE_CACHE_MS,
  ) {}

  /** Runs `work` with the table's description, retried once with a fresh one (see the class). */
  async use<T>(store: StoreConnection, table: string, work: (info: TableInfo) => Promise<T>): Promise<T> {
    const key = JSON.stringify([connectionKey(store.params), schemaOf(store), table]);
    const reused = this.current(key);
    const entry = reused ?? this.describeInto(key, store, table);
    const info = await entry.info;
    try {
      return await work(info);
    } catch (err) {
      if (!reused || !isStaleDescription(err)) throw err;
    }
    if (this.entries.get(key) === entry) this.entries.delete(key);
    return work(await (this.current(key) ?? this.describeInto(key, store, table)).info);
  }

  /** Forgets every description (a store's parameters changed, tests). */
  clear(): void {
    this.entries.clear();
  }

  private current(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expires > Date.now()) return entry;
    return undefined;
  }

  private describeInto(key: string, store: StoreConnection, table: string): Entry {
    if (this.entries.size >= SWEEP_AT) {
      const now = Date.now();
      for (const [k, e] of this.entries) if (e.expires <= now) this.entries.delete(k);
    }
    const entry: Entry = { expires: Date.now() + this.ttlMs, info: this.describe(store, table) };
    this.entries.set(key, entry);
    entry.info.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry;
  }
}
