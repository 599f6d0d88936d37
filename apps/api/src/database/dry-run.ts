import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * The one transaction the calling async context's catalog transactions join, and whether it is
 * rolled back. A dry run opens it lazily, with its first catalog transaction: what runs before
 * (reads, and the store I/O a write does before its transaction) holds no catalog connection.
 */
interface Joined {
  runner?: QueryRunner;
  /** The runner being opened (a dry run's first transaction), so two at once share it. */
  opening?: Promise<QueryRunner>;
  dryRun: boolean;
}

const scope = new AsyncLocalStorage<Joined>();
const joined = new WeakSet<DataSource>();

/** Whether the calling async context is inside a dry run. */
export function inDryRun(): boolean {
  return scope.getStore()?.dryRun === true;
}

/**
 * Whether the calling async context's transactions join an outer one (a dry run, or
 * {@link withOneTransaction}): their COMMIT is a savepoint's release, and only the outer
 * transaction's end counts.
 */
export function inJoinedTransaction(): boolean {
  return scope.getStore() !== undefined;
}

/**
 * Runs `work` with every catalog transaction it opens (`db.transaction`) joined, as a savepoint,
 * into one transaction that is rolled back at the end whatever happens: the writes are checked
 * and executed exactly as they would be, and nothing is stored. The transaction opens with the
 * first catalog transaction of `work`, not before: a write that waits on a data store first
 * (contract §6) holds no catalog connection while it waits, dry or real.
 */
export async function withDryRun<T>(db: DataSource, work: () => Promise<T>): Promise<T> {
  if (!joined.has(db)) throw new Error('joinDryRuns(db) was not called at start-up');
  const state: Joined = { dryRun: true };
  try {
    return await scope.run(state, work);
  } finally {
    const runner = await state.opening?.catch(() => undefined);
    if (runner) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
    }
  }
}

/** The joined transaction's runner, opened now when this is a dry run's first transaction. */
function runnerOf(db: DataSource, state: Joined): Promise<QueryRunner> {
  if (state.runner) return Promise.resolve(state.runner);
  state.opening ??= (async () => {
    const runner = db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
    } catch (err) {
      await runner.release();
      throw err;
    }
    state.runner = runner;
    return runner;
  })();
  return state.opening;
}

/**
 * Runs `work` with every catalog transaction it opens joined, as a savepoint, into one
 * transaction that commits at the end (or rolls back on an error): several writes stored whole
 * or not at all, recorded in the history as one request's changes (the import of a data
 * directory). Inside a dry run it joins the dry run's transaction instead.
 */
export async function withOneTransaction<T>(db: DataSource, work: () => Promise<T>): Promise<T> {
  if (!joined.has(db)) throw new Error('joinDryRuns(db) was not called at start-up');
  if (inJoinedTransaction()) return work();
  return db.transaction((tx) => scope.run({ runner: tx.queryRunner!, dryRun: false }, work));
}

/**
 * Makes the data source join a dry run (or {@link withOneTransaction}) open in the calling async
 * context: `db.transaction(…)` becomes a savepoint in its transaction (a dry run's first one opens
 * it), and once it is open reads (`db.manager`, `db.getRepository`, `db.query`) go through its
 * connection, so they see the dry run's own writes (and the embedded catalog, one session at a
 * time, is not asked to serve a second connection while the first holds a transaction). Before
 * that, and outside them, everything is TypeORM's own. Installed once per data source.
 */
export function joinDryRuns(db: DataSource): void {
  if (joined.has(db)) return;
  joined.add(db);
  const ownManager = db.manager;
  Object.defineProperty(db, 'manager', { configurable: true, get: () => scope.getStore()?.runner?.manager ?? ownManager });
  const ownQuery = db.query.bind(db);
  db.query = ((query: string, parameters?: unknown[], runner?: QueryRunner) =>
    ownQuery(query, parameters, runner ?? scope.getStore()?.runner)) as DataSource['query'];
  const own = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const joining = async (...args: unknown[]): Promise<unknown> => {
    const state = scope.getStore();
    if (!state) return own(...args);
    const runner = await runnerOf(db, state);
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
