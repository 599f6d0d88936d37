import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { CatalogError } from '@geocatalog/catalog-model';
import { LayerName, layerPage, LayerPageQuery } from '../catalog/layers/layer-pages';
import { keysetPages, mapPages } from '../catalog/list-pages';
import { publishedAttributes, subsetNotApplied } from '../datastores/postgis/attribute-subset';
import { epsgNumber } from '../datastores/postgis/crs-code';
import { markStaleDescription } from '../datastores/postgis/store-errors';
import type { FeatureSource } from '../datastores/postgis/feature-sql';
import { publishedScope, type PublishedScope } from '../datastores/postgis/published-scope';
import type { Box, StoreConnection, TableInfo } from '../datastores/postgis/postgis.types';
import type { CollectionInfo } from './features-documents';
import { timeDimensionOf, type TimeDimension } from './items-datetime';

/** GeoServer's code for "no CRS", given to tables without geometry. */
const NO_CRS_SRID = 404000;

/** A layer the feature and tile APIs serve, with what reading its data needs. */
export interface PublishedLayer {
  info: CollectionInfo;
  /** The layer's own name (without its workspace). */
  name: string;
  store: StoreConnection;
  nativeName: string;
  /** The declared CRS's SRID; 0 when there is none. */
  srid: number;
  /** The configured attribute subset (names); null: every column. */
  attributeSubset: string[] | null;
  /** The feature type's ECQL filter: only the rows it selects are published. */
  cqlFilter: string | null;
  /** The feature type's time dimension (`datetime` selects by it); absent or null when it has none. */
  timeDimension?: TimeDimension | null;
}

/** A layer's table as its reads take it: the feature source, and the scope it publishes. */
export interface PublishedSource extends FeatureSource {
  scope: PublishedScope;
}

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
  cqlFilter: string | null;
  attributeSubset: string[] | null;
  metadata: Record<string, string> | null;
  storeId: number;
  storeName: string;
  params: Record<string, string>;
}

/** One enabled layer of an enabled feature type in an enabled store, by workspace and name: one query. */
const LAYER_SQL = `SELECT f.name, f.native_name AS "nativeName", f.title, f.abstract, f.srs, f.latlon_bbox AS "latLonBbox",
       f.cql_filter AS "cqlFilter", f.attribute_subset AS "attributeSubset", f.metadata, d.id AS "storeId", d.name AS "storeName", d.connection_parameters AS params
  FROM workspace w
  JOIN feature_type f ON f.workspace_id = w.id
  JOIN layer l ON l.feature_type_id = f.id
  JOIN data_store d ON d.id = f.data_store_id
 WHERE w.name = $1 AND f.name = $2 AND l.enabled AND f.enabled AND d.enabled`;

/**
 * The layers OGC APIs serve: enabled layers of enabled feature types in enabled stores, read from
 * the catalog database on every request (no cache: several api processes may share it), by id
 * `workspace:layer`.
 */
@Injectable()
export class PublishedLayers {
  constructor(private readonly db: CatalogDb) {}

  /** Every advertised layer's collection, by workspace then layer name, read a page at a time. */
  advertised(): AsyncGenerator<CollectionInfo[]> {
    const pages = keysetPages<CollectionRow>((after, limit) => layerPage<CollectionRow>(this.db, after, limit, ADVERTISED));
    return mapPages(pages, (r) => ({ id: `${r.workspace}:${r.name}`, title: r.title ?? r.name, description: r.abstract, latLonBbox: r.latLonBbox }));
  }

  /** One layer by `workspace:layer`; NOT_FOUND when there is no such enabled layer. */
  async byId(id: string): Promise<PublishedLayer> {
    const colon = id.indexOf(':');
    const rows: LayerRow[] = colon > 0 ? await this.db.query(LAYER_SQL, [id.slice(0, colon), id.slice(colon + 1)]) : [];
    if (!rows.length) throw new CatalogError('NOT_FOUND', `No such collection: '${id}'`);
    return published(id.slice(0, colon), rows[0]);
  }
}

/**
 * The layer's table as described, with the CRS its geometries are read in (the declared one first)
 * and its published scope: the properties it publishes and the rows its cqlFilter selects (every
 * read path takes both from here, see published-scope.ts). A subset naming a column the table
 * lacks, or a cqlFilter that cannot be applied to it, is CANNOT_APPLY, marked stale so that the
 * table is described again once before the layer is refused.
 */
export function sourceOf(layer: PublishedLayer, table: TableInfo): PublishedSource {
  const attributes = publishedAttributes(table, layer.attributeSubset);
  if (!attributes) throw markStaleDescription(subsetNotApplied(layer.info.id, table, layer.attributeSubset ?? []));
  const srid = layer.srid || table.geometry?.srid || 0;
  let scope: PublishedScope;
  try {
    scope = publishedScope({ layerId: layer.info.id, table, attributes, srid, cqlFilter: layer.cqlFilter });
  } catch (err) {
    throw markStaleDescription(err as Error);
  }
  return { table, srid, published: attributes, restriction: scope.restriction, scope };
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
    name: row.name,
    store,
    nativeName: row.nativeName,
    srid: srid === NO_CRS_SRID ? 0 : srid,
    attributeSubset: row.attributeSubset,
    cqlFilter: row.cqlFilter,
    timeDimension: timeDimensionOf(row.metadata),
  };
}
