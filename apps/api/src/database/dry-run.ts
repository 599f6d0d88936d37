import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

const scope = new AsyncLocalStorage<QueryRunner>();
const joined = new WeakSet<DataSource>();

/** Whether the calling async context is inside a dry run. */
export function inDryRun(): boolean {
  return scope.getStore() !== undefined;
}

/**
 * Runs `work` with every catalog transaction it opens (`db.transaction`) joined, as a savepoint,
 * into one transaction that is rolled back at the end whatever happens: the writes are checked
 * and executed exactly as they would be, and nothing is stored.
 */
export async function withDryRun<T>(db: DataSource, work: () => Promise<T>): Promise<T> {
  if (!joined.has(db)) throw new Error('joinDryRuns(db) was not called at start-up');
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    return await scope.run(runner, work);
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    await runner.release();
  }
}

/**
 * Makes the data source join a dry run open in the calling async context: `db.transaction(…)`
 * becomes a savepoint in its transaction, and reads (`db.manager`, `db.getRepository`, `db.query`)
 * go through its connection, so they see the dry run's own writes (and the embedded catalog, one
 * session at a time, is not asked to serve a second connection while the first holds a
 * transaction). Outside a dry run everything is TypeORM's own. Installed once per data source.
 */
export function joinDryRuns(db: DataSource): void {
  if (joined.has(db)) return;
  joined.add(db);
  const ownManager = db.manager;
  Object.defineProperty(db, 'manager', { configurable: true, get: () => scope.getStore()?.manager ?? ownManager });
  const ownQuery = db.query.bind(db);
  db.query = ((query: string, parameters?: unknown[], runner?: QueryRunner) => ownQuery(query, parameters, runner ?? scope.getStore())) as DataSource['query'];
  const own = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const joining = async (...args: unknown[]): Promise<unknown> => {
    const runner = scope.getStore();
    if (!runner) return own(...args);
    const work = args[args.length - 1] as (manager: EntityManager) => Promise<unknown>;
    await runner.startTransaction();
    try {
      const result = await work(runner.manager);
      await runner.commitTransaction();
      return result;
    } catch (err) {
      await runner.rollbackTransaction();
      throw err;
    }
  };
  db.transaction = joining as DataSource['transaction'];
}
