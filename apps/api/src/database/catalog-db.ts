import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { AfterCommit, CatalogTransaction, commitChangesSql, TransactionOptions } from './catalog-transaction';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Pool } from 'pg';
import { RowShape } from './row-shape';

/** A plain read (TypeORM answers other statements, UPDATE and DELETE with their counts, in another shape). */
const SELECT = /^\s*SELECT\s/i;

/**
 * The one transaction of a {@link CatalogDb.oneTransaction} scope: opened by the first
 * transaction asked for in it (so what runs before, such as a write's questions to a data store,
 * holds no catalog connection), ended with the scope.
 */
interface OneTransaction {
  options: TransactionOptions;
  tx?: CatalogTransaction;
  opening?: Promise<CatalogTransaction>;
}

/**
 * The catalog database: the one place catalog transactions are opened, and the manager reads go
 * through. A transaction is {@link transaction}'s own, unless the caller runs inside
 * {@link oneTransaction} (a dry run, a data-directory import): then every transaction asked for
 * is that scope's one transaction, and reads go through its connection once it is open, so they
 * see its writes (and the embedded catalog, one session at a time, is never asked for a second
 * connection while the first holds a transaction). No savepoints: an error ends the scope's
 * transaction as it ends a transaction of its own.
 */
@Injectable()
export class CatalogDb {
  private readonly scope = new AsyncLocalStorage<OneTransaction>();
  /** How many {@link oneTransaction} scopes run now. */
  private scopes = 0;
  private readonly everyCommit: AfterCommit[] = [];

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The manager for reads: the calling scope's open transaction's, else the pool's. */
  get manager(): EntityManager {
    return this.scope.getStore()?.tx?.manager ?? this.db.manager;
  }

  /**
   * One statement through {@link manager}. A SELECT outside a transaction goes straight to the
   * pool: TypeORM's query runner adds nothing to it (it returns the same rows; a failure keeps the
   * driver's `code`, which is what the error mapping reads) but costs a read a fifth of its CPU.
   */
  query<Row = unknown>(sql: string, parameters?: unknown[]): Promise<Row[]> {
    const tx = this.scope.getStore()?.tx;
    if (!tx && SELECT.test(sql))
      return this.pool()
        .query(sql, parameters)
        .then((result) => result.rows as Row[]);
    return (tx?.manager ?? this.db.manager).query(sql, parameters) as Promise<Row[]>;
  }

  /**
   * One statement that writes, its values written in it as literals (`sqlValue`), as a catalog
   * transaction of its own sent in one round trip with its history and commit (`BEGIN; statement;
   * the history's commit; COMMIT`): the rows it returns. The hottest writes use it (creating a
   * workspace): a transaction of {@link transaction} costs three round trips and TypeORM's query
   * runner. Inside {@link oneTransaction} (a dry run), the statement runs in that scope's transaction.
   */
  async writeAtOnce<Row = unknown>(statement: string): Promise<Row[]> {
    if (this.scope.getStore()) return this.transaction((tx) => tx.query<Row>(statement));
    const client = await this.pool().connect();
    let results: Array<{ rows: unknown[] }>;
    try {
      results = (await client.query(`BEGIN; ${statement}; ${commitChangesSql()}; COMMIT`)) as unknown as Array<{ rows: unknown[] }>;
    } catch (err) {
      // A failed statement leaves the transaction open and aborted: ended here, or the connection is dropped.
      const ended = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      client.release(!ended);
      throw err;
    }
    client.release();
    for (const hook of this.everyCommit) hook();
    return results[1].rows as Row[];
  }

  /** The driver's pg pool (TypeORM's `master`). */
  private pool(): Pool {
    return (this.db.driver as PostgresDriver).master as Pool;
  }

  /** The columns of an entity as a select list under `alias`, and the reading of its rows (see {@link RowShape}). */
  rowShape<Entity extends ObjectLiteral>(target: EntityTarget<Entity>, alias: string): RowShape<Entity> {
    return new RowShape(this.db, target, alias);
  }

  /** The table an entity is stored in. */
  tableOf(target: EntityTarget<ObjectLiteral>): string {
    return this.db.getMetadata(target).tableName;
  }

  /** Calls `hook` after every catalog transaction of this process that committed. */
  afterEveryCommit(hook: AfterCommit): void {
    this.everyCommit.push(hook);
  }

  /**
   * Runs `work` in a catalog transaction, committed when it succeeds and rolled back when it
   * throws; inside {@link oneTransaction}, in that scope's transaction, which ends with the scope.
   */
  async transaction<T>(work: (tx: CatalogTransaction) => Promise<T>): Promise<T> {
    const one = this.scope.getStore();
    if (one) return work(await this.openOne(one));
    const tx = await this.open({});
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      return tx.end({ error }) as never;
    }
    await tx.end();
    return result;
  }

  /**
   * Runs `work` with every catalog transaction it asks for being one: committed at the end when
   * `work` succeeds (rolled back for a dry run), rolled back when it throws. Inside another such
   * scope, `work` joins it: the outer scope decides.
   */
  async oneTransaction<T>(options: TransactionOptions, work: () => Promise<T>): Promise<T> {
    if (this.scope.getStore()) return work();
    const one: OneTransaction = { options };
    let result: T;
    this.scopes++;
    try {
      result = await this.scope.run(one, work);
    } catch (error) {
      const tx = await one.opening?.catch(() => undefined);
      if (tx) await tx.end({ error });
      throw error;
    } finally {
      // No scope left: the store is disabled, so that reads do not pay for its promise hook (see runWrite).
      if (--this.scopes === 0) this.scope.disable();
    }
    const tx = await one.opening;
    await tx?.end();
    return result;
  }

  private open(options: TransactionOptions): Promise<CatalogTransaction> {
    return CatalogTransaction.open(this.db, options).then((tx) => {
      for (const hook of this.everyCommit) tx.afterCommit(hook);
      return tx;
    });
  }

  private openOne(one: OneTransaction): Promise<CatalogTransaction> {
    one.opening ??= this.open(one.options).then((tx) => (one.tx = tx));
    return one.opening;
  }
}
