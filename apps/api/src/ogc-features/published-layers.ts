import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { CatalogError } from '@geocatalog/catalog-model';
import { LayerName, layerPage, LayerPageQuery } from '../catalog/layers/layer-pages';
import { keysetPages, mapPages } from '../catalog/list-pages';
import { publishedAttributes, subsetNotApplied } from '../datastores/postgis/attribute-subset';
import { epsgNumber } from '../datastores/postgis/crs-code';
import { markStaleDescription } from '../datastores/postgis/store-errors';
import type { FeatureSource } from '../datastores/postgis/feature-sql';
import type { Box, StoreConnection, TableInfo } from '../datastores/postgis/postgis.types';
import type { CollectionInfo } from './features-documents';

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
}

/** Layers listed as collections: enabled and advertised, of enabled feature types in enabled stores. */
const ADVERTISED: LayerPageQuery = {
  columns: 'f.title, f.abstract, f.latlon_bbox AS "latLonBbox"',
  joins: 'JOIN data_store d ON d.id = f.data_store_id',
  // A layer whose cqlFilter cannot be applied serves nothing, so it is not offered either.
  where: 'l.enabled AND f.enabled AND d.enabled AND l.advertised AND f.advertised AND f.cql_filter IS NULL',
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
  storeId: number;
  storeName: string;
  params: Record<string, string>;
}

/** One enabled layer of an enabled feature type in an enabled store, by workspace and name: one query. */
const LAYER_SQL = `SELECT f.name, f.native_name AS "nativeName", f.title, f.abstract, f.srs, f.latlon_bbox AS "latLonBbox",
       f.cql_filter AS "cqlFilter", f.attribute_subset AS "attributeSubset", d.id AS "storeId", d.name AS "storeName", d.connection_parameters AS params
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

  /**
   * One layer by `workspace:layer`; NOT_FOUND when there is no such enabled layer, CANNOT_APPLY
   * (409) when its feature type has a `cqlFilter`: until filters are applied (contract §11) such a
   * layer serves nothing on any read path rather than every row (contract §6).
   */
  async byId(id: string): Promise<PublishedLayer> {
    const colon = id.indexOf(':');
    const rows: LayerRow[] = colon > 0 ? await this.db.query(LAYER_SQL, [id.slice(0, colon), id.slice(colon + 1)]) : [];
    if (!rows.length) throw new CatalogError('NOT_FOUND', `No such collection: '${id}'`);
    if (rows[0].cqlFilter !== null) throw filterNotApplied(id);
    return published(id.slice(0, colon), rows[0]);
  }
}

/** Why a layer with a `cqlFilter` serves nothing. */
export function filterNotApplied(id: string): CatalogError {
  return new CatalogError(
    'CANNOT_APPLY',
    `Layer '${id}' serves no features: its feature type has a cqlFilter, which this server cannot apply yet; remove the cqlFilter to serve the layer`,
  );
}

/**
 * The layer's table as described, with the CRS its geometries are read in (the declared one first)
 * and the properties it publishes. A subset naming a column the table lacks is CANNOT_APPLY,
 * marked stale so that the table is described again once before the layer is refused.
 */
export function sourceOf(layer: PublishedLayer, table: TableInfo): FeatureSource {
  const published = publishedAttributes(table, layer.attributeSubset);
  if (!published) throw markStaleDescription(subsetNotApplied(layer.info.id, table, layer.attributeSubset ?? []));
  return { table, srid: layer.srid || table.geometry?.srid || 0, published };
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
  };
}
