import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../../database/catalog-db';
import { CatalogRepository, InTransaction } from '../../database/catalog-repository';
import { orderedPages } from '../list-pages';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { WorkspaceRepository } from '../workspaces/workspace.repository';
import { DataStoreEntity } from './datastore.entity';

/** A store's name with its workspace's, and its connection parameters. */
export interface StoreParameters {
  id: number;
  workspace: string;
  store: string;
  params: Record<string, string>;
}

/** A store as its GET shows it: of its workspace only what the answer and its ETag carry. */
export type ShownDataStore = Omit<DataStoreEntity, 'workspace'> & { workspace: Pick<WorkspaceEntity, 'name' | 'version'> };

/** The rows of `data_store`. */
@Injectable()
export class DataStoreRepository extends CatalogRepository<DataStoreEntity> {
  constructor(
    db: CatalogDb,
    private readonly workspaces: WorkspaceRepository,
  ) {
    super(db, DataStoreEntity, 's');
  }

  /**
   * The store named `name` in the workspace named `workspace` (`default` = the default one), with
   * its workspace, in one query (the hottest read of the API); null when either is missing.
   */
  async find(workspace: string, name: string, tx?: InTransaction): Promise<DataStoreEntity | null> {
    const where = WorkspaceRepository.match('w', workspace, 2);
    const rows = await this.run<Record<string, unknown>>(
      tx,
      `SELECT ${this.shape.select}, ${this.workspaces.shape.select} FROM data_store s JOIN workspace w ON w.id = s.workspace_id
        WHERE s.name = $1 AND ${where.sql}`,
      [name, ...where.params],
    );
    if (!rows.length) return null;
    const store = this.shape.read(rows[0]);
    store.workspace = this.workspaces.shape.read(rows[0]);
    return store;
  }

  /**
   * The store as its GET shows it, in one query: every column of the store, of its workspace only
   * the name and version (its other columns, two dates among them, cost the hottest read of the
   * API a tenth of its time to parse and hydrate); null when either is missing.
   */
  async findShown(workspace: string, name: string): Promise<ShownDataStore | null> {
    const where = WorkspaceRepository.match('w', workspace, 2);
    const rows = await this.run<Record<string, unknown>>(
      undefined,
      `SELECT ${this.shape.select}, w.name AS "shown_ws_name", w.version AS "shown_ws_version" FROM data_store s JOIN workspace w ON w.id = s.workspace_id
        WHERE s.name = $1 AND ${where.sql}`,
      [name, ...where.params],
    );
    if (!rows.length) return null;
    const store = this.shape.read(rows[0]) as ShownDataStore;
    store.workspace = { name: rows[0].shown_ws_name as string, version: String(rows[0].shown_ws_version) };
    return store;
  }

  /** The workspace's first (oldest) store, with the workspace; null when it has none. */
  async first(ws: WorkspaceEntity, tx?: InTransaction): Promise<DataStoreEntity | null> {
    const rows = await this.run<Record<string, unknown>>(tx, `SELECT ${this.shape.select} FROM data_store s WHERE s.workspace_id = $1 ORDER BY s.id LIMIT 1`, [
      ws.id,
    ]);
    if (!rows.length) return null;
    const store = this.shape.read(rows[0]);
    store.workspace = ws;
    return store;
  }

  /** Every store of the workspace, in id order. */
  async allIn(workspaceId: number, tx?: InTransaction): Promise<DataStoreEntity[]> {
    const rows = await this.run<Record<string, unknown>>(tx, `SELECT ${this.shape.select} FROM data_store s WHERE s.workspace_id = $1 ORDER BY s.id`, [
      workspaceId,
    ]);
    return rows.map((r) => this.shape.read(r));
  }

  /** The names of a workspace's stores, in name order, a page at a time. */
  namePages(workspaceId: number): AsyncGenerator<Array<{ name: string }>> {
    return orderedPages<{ name: string }>(this.db, 'SELECT name FROM data_store WHERE workspace_id = $1', [workspaceId], 'name', (s) => s.name);
  }

  /** A new store record (not saved). */
  create(fields: Partial<DataStoreEntity>): DataStoreEntity {
    return this.orm().create(fields);
  }

  /** The ids of a workspace's stores. */
  async idsIn(tx: InTransaction, workspaceId: number): Promise<number[]> {
    const rows = await this.run<{ id: number }>(tx, `SELECT id FROM data_store WHERE workspace_id = $1`, [workspaceId]);
    return rows.map((r) => r.id);
  }

  /** Deletes every store of a workspace (their feature types and layers cascade). */
  async deleteIn(tx: InTransaction, workspaceId: number): Promise<void> {
    await this.run(tx, `DELETE FROM data_store WHERE workspace_id = $1`, [workspaceId]);
  }

  /** Replaces a store's connection parameters. */
  async setParameters(tx: InTransaction, id: number, params: Record<string, string>): Promise<void> {
    await this.run(tx, `UPDATE data_store SET connection_parameters = $2::json WHERE id = $1`, [id, JSON.stringify(params)]);
  }

  /**
   * Locks the store's row against changes (FOR SHARE) for the rest of the transaction; its
   * connection parameters, or undefined when it is gone.
   */
  async shareParameters(tx: InTransaction, id: number): Promise<Record<string, string> | undefined> {
    const rows = await this.run<{ connection_parameters: Record<string, string> }>(tx, 'SELECT connection_parameters FROM data_store WHERE id = $1 FOR SHARE', [
      id,
    ]);
    return rows[0]?.connection_parameters;
  }

  /** Every store's names and connection parameters. */
  everyStoreParameters(): Promise<StoreParameters[]> {
    return this.run<StoreParameters>(
      undefined,
      `SELECT s.id, w.name AS workspace, s.name AS store, s.connection_parameters AS params FROM data_store s JOIN workspace w ON w.id = s.workspace_id`,
    );
  }

  /** Replaces a store's connection parameters only if they are still `was` (nobody changed them meanwhile). */
  async replaceParameters(id: number, params: Record<string, string>, was: Record<string, string>): Promise<void> {
    await this.run(undefined, `UPDATE data_store SET connection_parameters = $1 WHERE id = $2 AND connection_parameters::jsonb = $3::jsonb`, [
      JSON.stringify(params),
      id,
      JSON.stringify(was),
    ]);
  }
}
