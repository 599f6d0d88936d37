import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CatalogError } from '@geocatalog/catalog-model';
import { DataSource } from 'typeorm';
import { LayerName, layerPage, LayerPageQuery } from '../catalog/layers/layer-pages';
import { keysetPages, mapPages } from '../catalog/list-pages';
import { epsgNumber } from '../datastores/postgis/crs-code';
import { FeatureSource, propertyAttributes } from '../datastores/postgis/feature-sql';
import { ONE_QUERY_MAX_ROWS, PostgisConnector } from '../datastores/postgis/postgis.connector';
import type { Box, StoreConnection, TableInfo } from '../datastores/postgis/postgis.types';
import { searchBoxes } from './crs84-box';
import { featureCollectionText, FeatureCollectionStream, PageFrame } from './feature-collection.stream';
import { CollectionInfo, featureCollectionLinks, featureLinks } from './features-documents';
import { FeaturesLinks } from './features-links';
import type { ItemQuery, ItemsQuery } from './features-params';

/** GeoServer's code for "no CRS", given to tables without geometry. */
const NO_CRS_SRID = 404000;

/** Layers listed as collections: enabled and advertised, of enabled feature types in enabled stores. */
const ADVERTISED: LayerPageQuery = {
  columns: 'f.title, f.abstract, f.latlon_bbox AS "latLonBbox"',
  joins: 'JOIN data_store d ON d.id = f.data_store_id',
  where: 'l.enabled AND f.enabled AND d.enabled AND l.advertised AND f.advertised',
};

interface CollectionRow extends LayerName {
  title: string | null;
  abstract: string | null;
  latLonBbox: Box | null;
}

/** What {@link LAYER_SQL} reads of a layer. */
interface LayerRow {
  name: string;
  nativeName: string;
  title: string | null;
  abstract: string | null;
  srs: string | null;
  latLonBbox: Box | null;
  storeId: number;
  storeName: string;
  params: Record<string, string>;
}

/** One enabled layer of an enabled feature type in an enabled store, by workspace and name: one query. */
const LAYER_SQL = `SELECT f.name, f.native_name AS "nativeName", f.title, f.abstract, f.srs, f.latlon_bbox AS "latLonBbox",
       d.id AS "storeId", d.name AS "storeName", d.connection_parameters AS params
  FROM workspace w
  JOIN feature_type f ON f.workspace_id = w.id
  JOIN layer l ON l.feature_type_id = f.id
  JOIN data_store d ON d.id = f.data_store_id
 WHERE w.name = $1 AND f.name = $2 AND l.enabled AND f.enabled AND d.enabled`;

/** A collection with what reading its features needs. */
interface PublishedLayer {
  info: CollectionInfo;
  store: StoreConnection;
  nativeName: string;
  /** The declared CRS's SRID; 0 when there is none. */
  srid: number;
}

/**
 * OGC API - Features over the catalog: collections are the enabled layers of enabled feature types
 * in enabled stores (read from the catalog database on every request: no cache, several api
 * processes may share it); features are read live from the layer's table through the connector,
 * with the table's description reused for a few seconds and renewed when a read shows it stale
 * (`PostgisConnector.withTable`). Layers that are not advertised are left out of `/collections`
 * but can be read by their id.
 */
@Injectable()
export class FeaturesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly connector: PostgisConnector,
  ) {}

  /** Every advertised collection, by workspace then layer name, read a page at a time. */
  collections(): AsyncGenerator<CollectionInfo[]> {
    const pages = keysetPages<CollectionRow>((after, limit) => layerPage<CollectionRow>(this.db, after, limit, ADVERTISED));
    return mapPages(pages, (r) => ({ id: `${r.workspace}:${r.name}`, title: r.title ?? r.name, description: r.abstract, latLonBbox: r.latLonBbox }));
  }

  /** One collection by `workspace:layer`; NOT_FOUND when there is no such enabled layer. */
  async collection(id: string): Promise<CollectionInfo> {
    return (await this.layer(id)).info;
  }

  /**
   * One page of a collection's features as GeoJSON: a text for a page of at most 1,000 features
   * (one SELECT, sent in one write), a stream for a bigger one (a cursor, memory bounded). The store
   * is asked before this returns (cursor opened, first batch read), so its failures are statuses.
   */
  async items(id: string, query: ItemsQuery, links: FeaturesLinks): Promise<string | FeatureCollectionStream> {
    const layer = await this.layer(id);
    const frame: PageFrame = {
      limit: query.limit,
      offset: query.offset,
      timeStamp: timeStamp(),
      links: (more) => featureCollectionLinks(links, layer.info.id, { ...query, more }),
    };
    // One row more than the page: it tells whether there is a next page.
    const page = { limit: query.limit + 1, offset: query.offset };
    return this.connector.withTable(layer.store, layer.nativeName, async (table) => {
      const source = sourceOf(layer, table);
      const properties = this.checkProperties(layer, source, query.properties);
      const transformed = !source.table.geometry?.geography && source.srid !== 4326 && source.srid > 0;
      const filter = { boxes: query.boxes && searchBoxes(query.boxes, layer.info.latLonBbox, transformed), properties };
      if (page.limit <= ONE_QUERY_MAX_ROWS) return featureCollectionText(await this.connector.readFeaturePage(layer.store, source, filter, page), frame);
      return new FeatureCollectionStream(await this.connector.openFeatures(layer.store, source, filter, page), frame);
    });
  }

  /** One feature as GeoJSON text with its links; NOT_FOUND when the collection has no such feature. */
  async item(id: string, featureId: string, query: ItemQuery, links: FeaturesLinks): Promise<string> {
    const layer = await this.layer(id);
    const feature = await this.connector.withTable(layer.store, layer.nativeName, async (table) => {
      const source = sourceOf(layer, table);
      const properties = this.checkProperties(layer, source, query.properties);
      return this.connector.readFeature(layer.store, source, { properties }, featureId);
    });
    if (feature === null) throw new CatalogError('NOT_FOUND', `No such feature: '${featureId}' in collection '${layer.info.id}'`);
    // The feature's text is PostgreSQL's `{…}`: the links go in before its closing brace.
    return `${feature.slice(0, -1)},"links":${JSON.stringify(featureLinks(links, layer.info.id, featureId, query))}}`;
  }

  // ---------------------------------------------------------------------------------------------

  private async layer(id: string): Promise<PublishedLayer> {
    const colon = id.indexOf(':');
    const rows: LayerRow[] = colon > 0 ? await this.db.query(LAYER_SQL, [id.slice(0, colon), id.slice(colon + 1)]) : [];
    if (!rows.length) throw new CatalogError('NOT_FOUND', `No such collection: '${id}'`);
    return published(id.slice(0, colon), rows[0]);
  }

  /**
   * The requested properties, each checked against the table; undefined for all. An unknown one
   * may be a column added since the table was described: the error says so to `withTable`.
   */
  private checkProperties(layer: PublishedLayer, source: FeatureSource, requested: string[] | undefined): string[] | undefined {
    if (requested === undefined) return undefined;
    const known = propertyAttributes(source.table).map((a) => a.name);
    const unknown = requested.filter((p) => !known.includes(p));
    if (unknown.length) {
      throw this.connector.staleDescription(
        new CatalogError(
          'INVALID_VALUE',
          `No such property in collection '${layer.info.id}': ${unknown.map((p) => `'${p}'`).join(', ')}; it has ${known.join(', ') || 'none'}`,
        ),
      );
    }
    return requested;
  }
}

/** The layer's table as described, with the CRS its geometries are read in (the declared one first). */
function sourceOf(layer: PublishedLayer, table: TableInfo): FeatureSource {
  return { table, srid: layer.srid || table.geometry?.srid || 0 };
}

function published(workspace: string, row: LayerRow): PublishedLayer {
  const srid = epsgNumber(row.srs ?? '') ?? 0;
  const store: StoreConnection = {
    storeId: row.storeId,
    qualifiedName: `${workspace}:${row.storeName}`,
    names: { workspace, store: row.storeName },
    params: row.params,
  };
  return {
    info: { id: `${workspace}:${row.name}`, title: row.title ?? row.name, description: row.abstract, latLonBbox: row.latLonBbox },
    store,
    nativeName: row.nativeName,
    srid: srid === NO_CRS_SRID ? 0 : srid,
  };
}

/** Now, to the second (RFC 3339). */
function timeStamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}
