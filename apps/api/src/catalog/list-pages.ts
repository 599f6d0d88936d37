import type { Rep } from '@geocatalog/catalog-model';
import { ListShape, StreamedList } from '../rest/streamed-list';

/**
 * Page sizes of a streamed list: a small first page, so that the first bytes leave at once, then
 * bigger ones, so that a list of 100,000 takes some fifty queries (each read while the page before
 * is written) and a request holds two pages at most. The last size repeats.
 */
export const PAGE_SIZES: readonly number[] = [200, 2000];

/** Reads the page of at most `limit` rows that follows `after` (the last row of the previous page; none for the first). */
export type PageQuery<Row> = (after: Row | undefined, limit: number) => Promise<Row[]>;

/**
 * A list read by keyset pages: each page is one short query ordered by a unique key and starting
 * after the last row of the one before, so no database connection or transaction is held while
 * the client reads (a slow reader cannot starve the pool, and the embedded database, which runs
 * one transaction at a time, stays free). The next page is read while the current one is written.
 * Each page is consistent; a record created or removed while a long list is sent may or may not
 * be in it, as when paging through any API.
 */
export async function* keysetPages<Row>(query: PageQuery<Row>, sizes: readonly number[] = PAGE_SIZES): AsyncGenerator<Row[]> {
  const size = (i: number) => sizes[Math.min(i, sizes.length - 1)];
  let index = 0;
  let pending = query(undefined, size(0));
  for (;;) {
    const rows = await pending;
    if (rows.length < size(index)) {
      if (rows.length) yield rows;
      return;
    }
    index++;
    pending = query(rows[rows.length - 1], size(index));
    // The consumer may stop before it asks for this page (client gone): its failure is nobody's.
    pending.catch(() => undefined);
    yield rows;
  }
}

/** The pages with each row turned into what the list writes. */
export async function* mapPages<Row, Out>(pages: AsyncIterable<Row[]>, map: (row: Row) => Out): AsyncGenerator<Out[]> {
  for await (const page of pages) yield page.map(map);
}

/** What runs the page queries: a TypeORM DataSource or EntityManager. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Keyset pages of `SELECT … WHERE <filter> ORDER BY <key>`: `sql` is the query up to and including
 * its WHERE clause (its own parameters first), `key` the unique column it is ordered by, and
 * `keyOf` reads that column's value back from a row. The page condition and LIMIT are added here.
 */
export function orderedPages<Row>(db: Queryable, sql: string, params: unknown[], key: string, keyOf: (row: Row) => string): AsyncGenerator<Row[]> {
  return keysetPages<Row>((after, limit) => {
    const n = params.length;
    const page = after === undefined ? '' : ` AND ${key} > $${n + 2}`;
    const values = after === undefined ? [...params, limit] : [...params, limit, keyOf(after)];
    return db.query(`${sql}${page} ORDER BY ${key} LIMIT $${n + 1}`, values) as Promise<Row[]>;
  });
}

/** A list about to be read: the catalog's version before its first page, and its pages. */
export interface Listing<Row> {
  version: string;
  pages: AsyncIterable<Row[]>;
}

/** The pages of an empty list. */
export async function* noPages<Row>(): AsyncGenerator<Row[]> {}

/** The listing as a list the response streams, each row written as `item` makes it. */
export function streamedList<Row>(shape: ListShape, listing: Listing<Row>, item: (row: Row) => Rep): StreamedList {
  return new StreamedList(shape, mapPages(listing.pages, item), listing.version);
}
