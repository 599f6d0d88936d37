import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { changeUser, currentChange } from '../history/change-context';

/** Told after a transaction committed. */
export type AfterCommit = () => void;

/** How a transaction ends when its work succeeds. */
export interface TransactionOptions {
  /** Rolled back instead of committed: checked and executed exactly as it would be, nothing stored. */
  dryRun?: boolean;
}

/**
 * One catalog transaction on one connection, opened by {@link CatalogDb} (the only place that
 * opens them). Its commit sends, in the same round trip as the COMMIT, the history's
 * `catalog_commit_changes` with who made the changes in which request (contract §7), then calls
 * the hooks given to {@link afterCommit}. A dry run's ends with a rollback: nothing recorded,
 * nobody told.
 */
export class CatalogTransaction {
  private readonly hooks: AfterCommit[] = [];

  constructor(
    private readonly runner: QueryRunner,
    readonly dryRun: boolean,
  ) {}

  /** The TypeORM manager bound to this transaction's connection. */
  get manager(): EntityManager {
    return this.runner.manager;
  }

  /** One statement in this transaction. */
  query<Row = unknown>(sql: string, parameters?: unknown[]): Promise<Row[]> {
    return this.runner.query(sql, parameters) as Promise<Row[]>;
  }

  /** Calls `hook` once this transaction has committed (never for a dry run or a rollback). */
  afterCommit(hook: AfterCommit): void {
    this.hooks.push(hook);
  }

  /** Opens a transaction on a connection of its own from the pool. */
  static async open(db: DataSource, options: TransactionOptions = {}): Promise<CatalogTransaction> {
    const runner = db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
    } catch (err) {
      await runner.release();
      throw err;
    }
    return new CatalogTransaction(runner, options.dryRun === true);
  }

  /** Ends the transaction: committed (rolled back for a dry run) when `failed` is undefined, else rolled back and rethrown. */
  async end(failed?: { error: unknown }): Promise<void> {
    if (failed || this.dryRun) {
      await this.runner.rollbackTransaction().catch(() => undefined);
      await this.runner.release();
      if (failed) throw failed.error;
      return;
    }
    try {
      // One round trip: the history is completed and the transaction committed together.
      await this.runner.query(`${commitChangesSql()}; COMMIT`);
    } catch (err) {
      await this.runner.rollbackTransaction().catch(() => undefined);
      throw err;
    } finally {
      await this.runner.release();
    }
    for (const hook of this.hooks) hook();
  }
}

/** Moves the changes the database noted in this transaction into the history, with who and which request. */
export function commitChangesSql(): string {
  const context = currentChange();
  return `SELECT catalog_commit_changes(${sqlLiteral(changeUser(context))}, ${sqlLiteral(context.request)}, false)`;
}

/** A column's value as an SQL literal: a string, a boolean, a finite number or null. */
export function sqlValue(value: unknown): string {
  if (value === null || typeof value === 'string') return sqlLiteral(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new Error(`No SQL literal for a value of type ${typeof value}`);
}

/**
 * A string as an SQL literal; NULL for null. A value holding a backslash is written as an escape
 * string (E'…', backslashes doubled), which reads the same whatever standard_conforming_strings says:
 * the server parses a whole batch before running its first statement, so a SET in it would come late.
 */
export function sqlLiteral(value: string | null): string {
  if (value === null) return 'NULL';
  if (value.includes('\0')) throw new Error('An SQL literal cannot hold NUL');
  const quoted = value.replace(/'/g, "''");
  return value.includes('\\') ? `E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
}
