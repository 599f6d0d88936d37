import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { inJoinedTransaction } from './dry-run';

/**
 * SQL to run last in every catalog transaction, sent together with its COMMIT in one round trip
 * (a simple query of several statements: values must be literals, see {@link sqlLiteral}).
 * Undefined for nothing.
 */
export type WithCommit = () => string | undefined;
/** Told after every catalog transaction that committed. */
export type AfterCommit = () => void;

interface Hooks {
  withCommit: WithCommit[];
  after: AfterCommit[];
}

const installed = new WeakMap<DataSource, Hooks>();

/** Makes the runner's next COMMIT carry `sql` before it; every other query goes as it would. */
function commitCarrying(runner: QueryRunner, sql: string): void {
  const own = runner.query.bind(runner);
  runner.query = ((query: string, ...rest: unknown[]) => {
    if (query !== 'COMMIT') return (own as (...a: unknown[]) => Promise<unknown>)(query, ...rest);
    runner.query = own;
    return own(`${sql}; COMMIT`);
  }) as QueryRunner['query'];
}

function hooksOf(db: DataSource): Hooks {
  let hooks = installed.get(db);
  if (hooks) return hooks;
  hooks = { withCommit: [], after: [] };
  installed.set(db, hooks);
  const own = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const { withCommit, after } = hooks;
  const hooked = async (...args: unknown[]): Promise<unknown> => {
    // A transaction joined into an outer one (a savepoint): the outer transaction carries the
    // hooks, once, when it ends (a dry run is rolled back: nothing to record and nothing to tell).
    if (inJoinedTransaction()) return own(...args);
    const work = args[args.length - 1] as (tx: EntityManager) => Promise<unknown>;
    const result = await own(...args.slice(0, -1), async (tx: EntityManager) => {
      const value = await work(tx);
      const sql = withCommit.map((hook) => hook()).filter((s): s is string => !!s);
      if (sql.length && tx.queryRunner) commitCarrying(tx.queryRunner, sql.join('; '));
      return value;
    });
    for (const hook of after) hook();
    return result;
  };
  db.transaction = hooked as DataSource['transaction'];
  return hooks;
}

/**
 * Adds SQL to the COMMIT of every transaction opened with `db.transaction(…)`: it runs inside the
 * transaction, after its own work, and commits or fails with it, at no extra round trip.
 */
export function withCommit(db: DataSource, hook: WithCommit): void {
  hooksOf(db).withCommit.push(hook);
}

/** Calls `hook` after every transaction opened with `db.transaction(…)` that committed. */
export function afterCommit(db: DataSource, hook: AfterCommit): void {
  hooksOf(db).after.push(hook);
}

/** A string as an SQL literal (standard_conforming_strings, PostgreSQL's default); NULL for null. */
export function sqlLiteral(value: string | null): string {
  if (value === null) return 'NULL';
  if (value.includes('\0')) throw new Error('An SQL literal cannot hold NUL');
  return `'${value.replace(/'/g, "''")}'`;
}
