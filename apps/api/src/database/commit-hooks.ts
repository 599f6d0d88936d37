import type { DataSource, EntityManager } from 'typeorm';
import { inDryRun } from './dry-run';

/** Work done inside every catalog transaction, after its own work and before it commits. */
export type BeforeCommit = (tx: EntityManager) => Promise<void>;
/** Told after every catalog transaction that committed. */
export type AfterCommit = () => void;

interface Hooks {
  before: BeforeCommit[];
  after: AfterCommit[];
}

const installed = new WeakMap<DataSource, Hooks>();

function hooksOf(db: DataSource): Hooks {
  let hooks = installed.get(db);
  if (hooks) return hooks;
  hooks = { before: [], after: [] };
  installed.set(db, hooks);
  const own = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const { before, after } = hooks;
  const hooked = async (...args: unknown[]): Promise<unknown> => {
    // A dry run is rolled back: nothing to record and nothing to tell.
    if (inDryRun()) return own(...args);
    const work = args[args.length - 1] as (tx: EntityManager) => Promise<unknown>;
    const result = await own(...args.slice(0, -1), async (tx: EntityManager) => {
      const value = await work(tx);
      for (const hook of before) await hook(tx);
      return value;
    });
    for (const hook of after) hook();
    return result;
  };
  db.transaction = hooked as DataSource['transaction'];
  return hooks;
}

/**
 * Runs `hook` at the end of every transaction opened with `db.transaction(…)`, inside it, before
 * the commit: what it writes commits or rolls back with the transaction's own writes.
 */
export function beforeCommit(db: DataSource, hook: BeforeCommit): void {
  hooksOf(db).before.push(hook);
}

/** Calls `hook` after every transaction opened with `db.transaction(…)` that committed. */
export function afterCommit(db: DataSource, hook: AfterCommit): void {
  hooksOf(db).after.push(hook);
}
