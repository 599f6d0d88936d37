import { CatalogError } from '@geocatalog/catalog-model';
import type { StoreConnection, TableInfo } from './postgis.types';
import { markStaleDescription } from './store-errors';
import { TableCache } from './table-cache';

const store = (port = '5432', schema?: string): StoreConnection => ({
  storeId: 1,
  qualifiedName: 'acme:gis',
  names: { workspace: 'acme', store: 'gis' },
  params: { host: 'db', port, database: 'gis', user: 'u', ...(schema ? { schema } : {}) },
});

/** A describer that numbers its descriptions (`table` is `name#n`), or fails when told. */
function describer() {
  const calls: string[] = [];
  let failNext: Error | undefined;
  const describe = async (s: StoreConnection, table: string): Promise<TableInfo> => {
    calls.push(`${s.params.port}/${table}`);
    if (failNext) {
      const err = failNext;
      failNext = undefined;
      throw err;
    }
    return { schema: 'public', table: `${table}#${calls.length}`, attributes: [], geometry: null };
  };
  return { calls, describe, failOnce: (err: Error) => (failNext = err) };
}

const name = async (info: TableInfo) => info.table;

describe('TableCache', () => {
  it('describes a table once within its time, per connection and table', async () => {
    const d = describer();
    const cache = new TableCache(d.describe, 60_000);
    expect(await Promise.all([cache.use(store(), 'pts', name), cache.use(store(), 'pts', name)])).toEqual(['pts#1', 'pts#1']);
    expect(await cache.use(store(), 'pts', name)).toBe('pts#1');
    expect(await cache.use(store('5433'), 'pts', name)).toBe('pts#2');
    expect(await cache.use(store('5432', 'other'), 'pts', name)).toBe('pts#3');
    expect(await cache.use(store(), 'roads', name)).toBe('roads#4');
    expect(d.calls).toHaveLength(4);
  });

  it('describes again once the time is over', async () => {
    const d = describer();
    const cache = new TableCache(d.describe, 20);
    expect(await cache.use(store(), 'pts', name)).toBe('pts#1');
    await new Promise((r) => setTimeout(r, 30));
    expect(await cache.use(store(), 'pts', name)).toBe('pts#2');
  });

  it('keeps no failed description', async () => {
    const d = describer();
    const cache = new TableCache(d.describe, 60_000);
    d.failOnce(new CatalogError('STORE_UNAVAILABLE', 'down'));
    await expect(cache.use(store(), 'pts', name)).rejects.toThrow('down');
    expect(await cache.use(store(), 'pts', name)).toBe('pts#2');
  });

  it('retries once with a fresh description when a read from a reused one fails as stale; other failures pass', async () => {
    const d = describer();
    const cache = new TableCache(d.describe, 60_000);
    await cache.use(store(), 'pts', name);
    const seen: string[] = [];
    const staleUnlessFresh = async (info: TableInfo) => {
      seen.push(info.table);
      if (info.table === 'pts#1') throw markStaleDescription(new Error('column "b" does not exist'));
      return info.table;
    };
    expect(await cache.use(store(), 'pts', staleUnlessFresh)).toBe('pts#2');
    expect(seen).toEqual(['pts#1', 'pts#2']);
    // The fresh description is kept.
    expect(await cache.use(store(), 'pts', name)).toBe('pts#2');

    // Never more than once, and not at all for a description made for this very read.
    let tries = 0;
    const alwaysStale = async () => {
      tries++;
      throw markStaleDescription(new Error('stale'));
    };
    await expect(cache.use(store(), 'pts', alwaysStale)).rejects.toThrow('stale');
    expect(tries).toBe(2);
    await expect(cache.use(store(), 'fresh', alwaysStale)).rejects.toThrow('stale');
    expect(tries).toBe(3);
    await expect(
      cache.use(store(), 'pts', async () => {
        tries++;
        throw new Error('other');
      }),
    ).rejects.toThrow('other');
    expect(tries).toBe(4);
  });
});
