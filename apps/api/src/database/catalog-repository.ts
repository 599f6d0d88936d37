import type { EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import type { CatalogDb } from './catalog-db';
import type { CatalogTransaction } from './catalog-transaction';
import type { RowShape } from './row-shape';

/**
 * Where a repository runs a statement: a catalog transaction, or (from a service not yet
 * converted to pass its {@link CatalogTransaction}) the manager of one. Undefined: where reads go
 * ({@link CatalogDb.manager}).
 */
export type InTransaction = CatalogTransaction | EntityManager | undefined;

/** The manager a statement runs on. */
export function managerOf(db: CatalogDb, tx: InTransaction): EntityManager {
  if (!tx) return db.manager;
  return 'dryRun' in tx ? tx.manager : tx;
}

/**
 * The pattern every kind's repository follows: it owns its table's SQL and row mapping (the
 * {@link RowShape} of its entity, derived from the declaration), and nothing else's. A service
 * asks repositories; a repository never reads another kind's table except to join, in one
 * query, the parent a read returns with its record (the workspace of a store).
 */
export abstract class CatalogRepository<Entity extends ObjectLiteral & { id: number }> {
  /** The entity's columns, selected and read under `alias`. */
  readonly shape: RowShape<Entity>;
  /** The kind's table. */
  readonly table: string;

  protected constructor(
    protected readonly db: CatalogDb,
    private readonly target: EntityTarget<Entity>,
    alias: string,
  ) {
    this.shape = db.rowShape(target, alias);
    this.table = db.tableOf(target);
  }

  /** TypeORM's repository of the entity, on the transaction (or where reads go). */
  protected orm(tx?: InTransaction): Repository<Entity> {
    return managerOf(this.db, tx).getRepository(this.target);
  }

  /** Runs one statement of this kind's SQL. */
  protected run<Row = unknown>(tx: InTransaction, sql: string, parameters?: unknown[]): Promise<Row[]> {
    // Outside a caller's transaction, CatalogDb's own query (reads straight from the pool).
    if (!tx) return this.db.query<Row>(sql, parameters);
    return managerOf(this.db, tx).query(sql, parameters) as Promise<Row[]>;
  }

  /** Locks the record's row for the rest of the transaction; its current version, or undefined when it is gone. */
  async lock(tx: InTransaction, id: number): Promise<string | undefined> {
    const rows = await this.run<{ version: string }>(tx, `SELECT version FROM ${this.table} WHERE id = $1 FOR UPDATE`, [id]);
    return rows.length ? String(rows[0].version) : undefined;
  }

  /** Inserts or updates the record (TypeORM's save); returns it with what the database set. */
  save(tx: InTransaction, record: Entity): Promise<Entity> {
    return this.orm(tx).save(record);
  }

  /** Deletes the record (what references it cascades or is refused by the schema). */
  async delete(tx: InTransaction, id: number): Promise<void> {
    await this.run(tx, `DELETE FROM ${this.table} WHERE id = $1`, [id]);
  }
}
