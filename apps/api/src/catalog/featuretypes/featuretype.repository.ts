import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../../database/catalog-db';
import { CatalogRepository, InTransaction } from '../../database/catalog-repository';
import { DataStoreRepository } from '../datastores/datastore.repository';
import { orderedPages } from '../list-pages';
import { WorkspaceRepository } from '../workspaces/workspace.repository';
import { FeatureTypeEntity } from './featuretype.entity';

/** A feature type's name with its workspace's and store's, as lists name it. */
export interface FeatureTypeName {
  name: string;
  workspace: string;
  store: string;
}

/** The rows of `feature_type`. */
@Injectable()
export class FeatureTypeRepository extends CatalogRepository<FeatureTypeEntity> {
  constructor(
    db: CatalogDb,
    private readonly stores: DataStoreRepository,
    private readonly workspaces: WorkspaceRepository,
  ) {
    super(db, FeatureTypeEntity, 'f');
  }

  /**
   * The feature type named `name` in the store of id `storeId`, or (no store) in the workspace
   * named `workspace` (`default` = the default one), with its store and workspace, in one query.
   */
  async find(name: string, where: { storeId: number } | { workspace: string }, tx?: InTransaction): Promise<FeatureTypeEntity | null> {
    const match = 'storeId' in where ? { sql: 'f.data_store_id = $2', params: [where.storeId] } : WorkspaceRepository.match('w', where.workspace, 2);
    const rows = await this.run<Record<string, unknown>>(
      tx,
      `SELECT ${this.shape.select}, ${this.stores.shape.select}, ${this.workspaces.shape.select}
         FROM feature_type f JOIN data_store s ON s.id = f.data_store_id JOIN workspace w ON w.id = f.workspace_id
        WHERE f.name = $1 AND ${match.sql}`,
      [name, ...match.params],
    );
    if (!rows.length) return null;
    const ft = this.shape.read(rows[0]);
    ft.dataStore = this.stores.shape.read(rows[0]);
    ft.workspace = this.workspaces.shape.read(rows[0]);
    ft.dataStore.workspace = ft.workspace;
    return ft;
  }

  /** The names of a store's feature types, in name order, a page at a time. */
  namePagesInStore(store: { id: number; name: string; workspace: { name: string } }): AsyncGenerator<FeatureTypeName[]> {
    return orderedPages<FeatureTypeName>(
      this.db,
      'SELECT f.name, $2::text AS workspace, $3::text AS store FROM feature_type f WHERE f.data_store_id = $1',
      [store.id, store.workspace.name, store.name],
      'f.name',
      (f) => f.name,
    );
  }

  /** The names of a workspace's feature types (with their stores'), in name order, a page at a time. */
  namePagesInWorkspace(ws: { id: number; name: string }): AsyncGenerator<FeatureTypeName[]> {
    return orderedPages<FeatureTypeName>(
      this.db,
      'SELECT f.name, $2::text AS workspace, s.name AS store FROM feature_type f JOIN data_store s ON s.id = f.data_store_id WHERE f.workspace_id = $1',
      [ws.id, ws.name],
      'f.name',
      (f) => f.name,
    );
  }

  /** Which of these tables the store already publishes. */
  async published(storeId: number, nativeNames: string[]): Promise<Set<string>> {
    const rows = await this.run<{ native_name: string }>(undefined, 'SELECT native_name FROM feature_type WHERE data_store_id = $1 AND native_name = ANY($2)', [
      storeId,
      nativeNames,
    ]);
    return new Set(rows.map((r) => r.native_name));
  }

  /** How many feature types the store publishes. */
  async countInStore(tx: InTransaction, storeId: number): Promise<number> {
    const rows = await this.run<{ n: number }>(tx, `SELECT count(*)::int AS n FROM feature_type WHERE data_store_id = $1`, [storeId]);
    return rows[0].n;
  }

  /** Renames the feature type (its layer's name is its name). */
  async rename(tx: InTransaction, id: number, name: string): Promise<void> {
    await this.orm(tx).update({ id }, { name, dateModified: new Date() });
  }
}
