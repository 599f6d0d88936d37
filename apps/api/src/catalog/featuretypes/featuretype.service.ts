import { catalogVersion } from '../../database/catalog-version';
import { CatalogDb } from '../../database/catalog-db';
import { keysetPages, Listing, mapPages } from '../list-pages';
import { Injectable, Logger } from '@nestjs/common';
import { CatalogError, checkName, FeatureType, mergeDeclared, Sent, withDefaults } from '@geocatalog/catalog-model';
import { InTransaction } from '../../database/catalog-repository';
import { uniquely } from '../../database/pg-errors';
import { configuredSubset } from '../../datastores/postgis/attribute-subset';
import { PostgisConnector } from '../../datastores/postgis/postgis.connector';
import type { AttributeInfo, Box, CrsInfo, StoreConnection, TableInfo } from '../../datastores/postgis/postgis.types';
import { DataStoreEntity } from '../datastores/datastore.entity';
import { DataStoreService } from '../datastores/datastore.service';
import { javaHashMapOrder } from '../datastores/java-hashmap-order';
import { LayerRepository } from '../layers/layer.repository';
import { WorkspaceService } from '../workspaces/workspace.service';
import { defaultStyleFor } from '../styles/default-style';
import { StyleService } from '../styles/style.service';
import { checkPrecondition } from '../record-precondition';
import { checkStoreUnchanged } from '../datastores/store-unchanged';
import { DataStoreRepository } from '../datastores/datastore.repository';
import { EMPTY_BOX, FeatureTypeContext, featureTypeTag } from './featuretype.mapper';
import { FeatureTypeEntity } from './featuretype.entity';
import { FeatureTypeRepository } from './featuretype.repository';

/** GeoServer's code for "no CRS known", used for tables without geometry. */
const NO_CRS = 'EPSG:404000';

/** The fields of a `<featureType>` body; absent fields are undefined (PUT merges). */
export type FeatureTypeInput = Sent<FeatureType>;

/** A feature type with the names it is addressed by. */
export interface LocatedFeatureType {
  featureType: FeatureTypeEntity;
  ctx: FeatureTypeContext;
  store: DataStoreEntity;
}

/** Where a drafted feature type goes, and the store parameters its table was described with (checked when set). */
export interface StoreAt {
  workspace: string;
  store: string;
  describedWith?: Record<string, string>;
}

/** A feature type merged with a PUT and what its store said, ready for {@link FeatureTypeService.save}. */
export interface FeatureTypeChange {
  located: LocatedFeatureType;
  /** Set when the store was asked: the feature type's version then, and the store's parameters (when asked through its own connection). */
  asked?: { version: string; describedWith?: Record<string, string> };
}

/** What `?recalculate=` may name. */
export type Recalculation = 'nativebbox' | 'latlonbbox' | 'attributes';

/** The connector's view of a catalog data store. */
export function storeConnection(store: DataStoreEntity, workspace: string): StoreConnection {
  return {
    storeId: store.id,
    qualifiedName: `${workspace}:${store.name}`,
    names: { workspace: store.workspace?.name ?? workspace, store: store.name },
    params: store.connectionParameters,
  };
}

/**
 * Feature types: tables of a data store published with their CRS, bounds and attributes.
 * Every write asks the store first, with no catalog transaction or connection held (contract §6:
 * a slow store slows only its own request), then opens the transaction, checks that what it
 * read is still so, and writes.
 */
@Injectable()
export class FeatureTypeService {
  private readonly logger = new Logger('FeatureTypes');

  constructor(
    private readonly db: CatalogDb,
    private readonly rows: FeatureTypeRepository,
    private readonly layers: LayerRepository,
    private readonly storeRows: DataStoreRepository,
    private readonly workspaces: WorkspaceService,
    private readonly stores: DataStoreService,
    private readonly connector: PostgisConnector,
    private readonly styles: StyleService,
  ) {}

  /** The store named in the path, or the workspace's default (first) store for store-less paths. */
  async store(workspace: string, storeName: string | undefined, tx?: InTransaction): Promise<DataStoreEntity> {
    if (storeName !== undefined) {
      try {
        return await this.stores.get(workspace, storeName, tx);
      } catch (err) {
        if (err instanceof CatalogError && err.code === 'NOT_FOUND') {
          throw new CatalogError('NOT_FOUND', `No such data store: ${workspace},${storeName}`);
        }
        throw err;
      }
    }
    return this.stores.defaultStore(await this.workspaces.get(workspace, tx), tx);
  }

  /** Feature types of a store, or of a whole workspace (store-less path). */
  async list(workspace: string, storeName: string | undefined): Promise<Listing<{ name: string; ctx: FeatureTypeContext }>> {
    const version = await catalogVersion(this.db);
    const rows =
      storeName !== undefined
        ? this.rows.namePagesInStore(await this.store(workspace, storeName))
        : this.rows.namePagesInWorkspace(await this.workspaces.get(workspace));
    return { version, pages: mapPages(rows, (f) => ({ name: f.name, ctx: { workspace: f.workspace, store: f.store } })) };
  }

  /**
   * Table names of the store, a page at a time: not yet published (`available`), with geometry
   * only, or all. The store is asked here, so that one that cannot be reached is an error status.
   */
  async tables(workspace: string, storeName: string | undefined, mode: 'available' | 'available_with_geom' | 'all'): Promise<AsyncIterable<string[]>> {
    const store = await this.store(workspace, storeName);
    const conn = storeConnection(store, store.workspace.name);
    const names = keysetPages<string>((after, limit) => this.connector.listTables(conn, { withGeometry: mode === 'available_with_geom', after, limit }));
    if (mode === 'all') return names;
    return this.unpublished(store.id, names);
  }

  /** The pages of table names without those the store already publishes. */
  private async *unpublished(storeId: number, names: AsyncIterable<string[]>): AsyncGenerator<string[]> {
    for await (const page of names) {
      const published = await this.rows.published(storeId, page);
      yield page.filter((t) => !published.has(t));
    }
  }

  /** One feature type; 404 in GeoServer's words for the path used. */
  async get(workspace: string, storeName: string | undefined, name: string, tx?: InTransaction): Promise<LocatedFeatureType> {
    const store = storeName === undefined ? undefined : await this.store(workspace, storeName, tx);
    const ft = await this.rows.find(name, store ? { storeId: store.id } : { workspace }, tx);
    if (!ft) {
      if (!store) await this.workspaces.get(workspace, tx);
      throw new CatalogError('NOT_FOUND', store ? `No such feature type: ${workspace},${storeName},${name}` : `No such feature type: ${workspace},${name}`);
    }
    return { featureType: ft, store: ft.dataStore, ctx: { workspace: ft.workspace.name, store: ft.dataStore.name } };
  }

  /**
   * The attributes read live from the table; the ones stored at publication when the store
   * cannot be reached or the table is gone, so a GET still answers.
   */
  async liveAttributes(located: LocatedFeatureType): Promise<AttributeInfo[]> {
    try {
      const info = await this.connector.describeTable(storeConnection(located.store, located.ctx.workspace), located.featureType.nativeName);
      return info.attributes;
    } catch (err) {
      if (err instanceof CatalogError && (err.code === 'STORE_UNAVAILABLE' || err.code === 'NOT_FOUND')) {
        this.logger.warn(`Attributes of ${located.ctx.workspace}:${located.featureType.name} from the catalog: ${err.message}`);
        return located.featureType.attributes;
      }
      throw err;
    }
  }

  /**
   * Publishes a table: reads the store from the catalog, describes the table (no catalog
   * transaction is open while the store is asked), then writes the feature type and its layer in
   * one transaction that first checks the store is still the one described.
   */
  async create(workspace: string, storeName: string | undefined, input: FeatureTypeInput): Promise<LocatedFeatureType> {
    const store = await this.store(workspace, storeName);
    const ws = store.workspace;
    if (input.store && input.store !== store.name) {
      throw new CatalogError('INVALID_VALUE', `Expected datastore ${store.name} but client specified ${input.store}`);
    }
    if (input.namespace && input.namespace !== ws.name) {
      throw new CatalogError('INVALID_VALUE', `Expected workspace ${ws.name} but client specified ${input.namespace}`);
    }
    const draft = await this.draft(storeConnection(store, ws.name), input);
    return this.insert(draft, { workspace: ws.name, store: store.name, describedWith: store.connectionParameters });
  }

  /**
   * A new feature type as its table describes it (name, CRS, bounds, attributes): everything a
   * publication asks of the store, asked through `conn` before any catalog transaction. The
   * record has no store or workspace yet: {@link insert} gives them.
   */
  async draft(conn: StoreConnection, input: FeatureTypeInput): Promise<FeatureTypeEntity> {
    const sentName = input.name ?? input.nativeName;
    const nativeName = input.nativeName ?? input.name;
    if (!sentName || !nativeName) throw new CatalogError('MISSING_FIELD', 'The featureType has no name and no nativeName; one is required');
    const name = checkName('feature type', sentName);
    const table = await this.connector.describeTable(conn, nativeName);
    const crs = await this.declaredCrs(conn, input, table);
    const nativeBbox = input.nativeBbox ?? (await this.nativeBounds(conn, table));
    const latLonBbox = input.latLonBbox ?? (await this.latLonBounds(conn, nativeBbox, crs));
    return Object.assign(new FeatureTypeEntity(), withDefaults(FeatureType, input), {
      name,
      nativeName,
      title: input.title ?? nativeName,
      // GeoServer's defaults come from a HashSet, so they are written in its iteration order.
      keywords: input.keywords ?? javaHashMapOrder(['features', nativeName]),
      nativeCrsWkt: crs?.wkt ?? null,
      nativeCrsProjected: crs?.projected ?? false,
      srs: crs?.code ?? NO_CRS,
      nativeBbox,
      latLonBbox,
      attributes: table.attributes,
      attributeList: configuredSubset(input.attributeList, table) ?? null,
      geometryType: table.geometry?.type ?? null,
    });
  }

  /**
   * Writes a {@link draft} and its layer in one catalog transaction, in the store named by
   * `at`. With `describedWith` (the store's connection parameters the table was described
   * with) the store is first locked and checked to still have them: 409 when it changed meanwhile.
   */
  async insert(draft: FeatureTypeEntity, at: StoreAt): Promise<LocatedFeatureType> {
    return this.db.transaction(async (tx) => {
      const store = await this.store(at.workspace, at.store, tx);
      if (at.describedWith)
        await checkStoreUnchanged(this.storeRows, tx, { id: store.id, workspace: store.workspace.name, store: store.name }, at.describedWith);
      const ws = store.workspace;
      const ft = Object.assign(draft, { dataStoreId: store.id, workspaceId: ws.id });
      const created = await uniquely(
        () => this.rows.save(tx, ft),
        () => `Resource named '${ft.name}' already exists in namespace: '${ws.name}'`,
      );
      await this.layers.insertFor(tx, created.id, await this.styles.globalStyleId(defaultStyleFor(created.geometryType), tx));
      created.dataStore = store;
      created.workspace = ws;
      return { featureType: created, store, ctx: { workspace: ws.name, store: store.name } };
    });
  }

  /**
   * Partial update. `recalculate` lists what to recompute from the data; without it the boxes
   * are recomputed when the declared CRS changes and the body brings none. The store is asked
   * before the catalog transaction opens (see {@link change} and {@link save}).
   */
  async update(
    workspace: string,
    storeName: string | undefined,
    name: string,
    input: FeatureTypeInput,
    recalculate: Recalculation[] | undefined,
    ifMatch?: string,
  ): Promise<void> {
    await this.save(await this.change(await this.get(workspace, storeName, name), input, recalculate), ifMatch);
  }

  /**
   * Merges a PUT into a feature type read from the catalog, asking the store (through `conn`,
   * the store's own connection unless given) what the change needs: a CRS definition, bounds,
   * attributes. No catalog transaction is open meanwhile.
   */
  async change(
    located: LocatedFeatureType,
    input: FeatureTypeInput,
    recalculate: Recalculation[] | undefined,
    conn: StoreConnection = storeConnection(located.store, located.ctx.workspace),
  ): Promise<FeatureTypeChange> {
    const ft = located.featureType;
    const version = ft.version;
    let asked = false;
    if (input.name !== undefined && input.name !== ft.name) ft.name = checkName('feature type', input.name);
    mergeDeclared(FeatureType, ft, input);

    const wanted = new Set<Recalculation>(recalculate ?? []);
    let crs: CrsInfo | null | undefined;
    const code = input.srs ?? input.nativeCRS;
    if (code !== undefined) {
      asked = true;
      crs = await this.connector.crs(conn, code);
      if (crs.code !== ft.srs && recalculate === undefined && !input.nativeBbox) wanted.add('nativebbox').add('latlonbbox');
      ft.srs = crs.code;
      ft.nativeCrsWkt = crs.wkt;
      ft.nativeCrsProjected = crs.projected;
    }
    if (input.nativeBbox) ft.nativeBbox = input.nativeBbox;
    if (input.latLonBbox) ft.latLonBbox = input.latLonBbox;
    if (input.attributeList !== undefined) {
      asked = true;
      ft.attributeList = configuredSubset(input.attributeList, await this.connector.describeTable(conn, ft.nativeName)) ?? null;
    }
    if (wanted.size) {
      asked = true;
      const table = await this.connector.describeTable(conn, ft.nativeName);
      if (wanted.has('attributes')) {
        ft.attributes = table.attributes;
        ft.geometryType = table.geometry?.type ?? null;
      }
      if (wanted.has('nativebbox')) ft.nativeBbox = await this.nativeBounds(conn, table);
      if (wanted.has('latlonbbox') || (wanted.has('nativebbox') && !input.latLonBbox)) {
        crs ??= ft.srs && ft.srs !== NO_CRS ? await this.connector.crs(conn, ft.srs) : null;
        ft.latLonBbox = await this.latLonBounds(conn, ft.nativeBbox ?? EMPTY_BOX, crs);
      }
    }
    ft.dateModified = new Date();
    if (!asked) return { located };
    return { located, asked: { version, describedWith: conn.storeId === located.store.id ? located.store.connectionParameters : undefined } };
  }

  /**
   * Saves a {@link change} in one catalog transaction: `If-Match` checked there; when the store
   * was asked, the feature type must still be the version that was read (and its store still have
   * the parameters it was asked with), else 409 and nothing is written.
   */
  async save(change: FeatureTypeChange, ifMatch?: string): Promise<void> {
    const { located, asked } = change;
    const ft = located.featureType;
    await this.db.transaction(async (tx) => {
      await checkPrecondition(tx, 'feature_type', ft, ifMatch, () => featureTypeTag(located));
      if (asked) {
        const version = await this.rows.lock(tx, ft.id);
        if (version === undefined) throw new CatalogError('NOT_FOUND', `No such feature type: ${located.ctx.workspace},${located.ctx.store},${ft.name}`);
        if (version !== String(asked.version)) {
          throw new CatalogError(
            'CONFLICT',
            `Feature type ${located.ctx.workspace}:${ft.name} changed while its data store was being read; nothing was written: send the request again`,
          );
        }
        if (asked.describedWith) await checkStoreUnchanged(this.storeRows, tx, { id: located.store.id, ...located.ctx }, asked.describedWith);
      }
      await uniquely(
        () => this.rows.save(tx, ft),
        () => `Resource named '${ft.name}' already exists in namespace: '${located.ctx.workspace}'`,
      );
    });
  }

  /** Deletes a feature type; with a layer it needs `recurse`, which takes the layer along. */
  async delete(workspace: string, storeName: string | undefined, name: string, recurse: boolean, ifMatch?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const located = await this.get(workspace, storeName, name, tx);
      const { featureType } = located;
      await checkPrecondition(tx, 'feature_type', featureType, ifMatch, () => featureTypeTag(located));
      const layers = await this.layers.countOf(tx, featureType.id);
      if (layers > 0 && !recurse) throw new CatalogError('NOT_EMPTY', 'feature type referenced by layer(s)');
      await this.rows.delete(tx, featureType.id);
    });
  }

  /** The declared CRS: `srs`, else `nativeCRS` (a code, URN or WKT: the connector reads them all), else the geometry column's SRID. */
  private async declaredCrs(conn: StoreConnection, input: FeatureTypeInput, table: TableInfo): Promise<CrsInfo | null> {
    const declared = input.srs ?? input.nativeCRS;
    if (declared) return this.connector.crs(conn, declared);
    if (table.geometry && table.geometry.srid > 0) return this.connector.crs(conn, `EPSG:${table.geometry.srid}`);
    if (table.geometry) throw new CatalogError('MISSING_FIELD', `The featureType has no nativeCRS or srs and the table declares no SRID; send one`);
    return null;
  }

  private async nativeBounds(conn: StoreConnection, table: TableInfo): Promise<Box> {
    return (await this.connector.nativeBounds(conn, table)) ?? EMPTY_BOX;
  }

  private async latLonBounds(conn: StoreConnection, native: Box, crs: CrsInfo | null): Promise<Box> {
    if (native.minx > native.maxx || !crs) return EMPTY_BOX;
    if (crs.srid === 4326) return native;
    return this.connector.toWgs84(conn, native, crs.srid);
  }
}
