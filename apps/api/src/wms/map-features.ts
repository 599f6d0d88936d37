import type { Logger } from '@nestjs/common';
import { CqlError, type CqlNode } from '@geocatalog/cql';
import { PublishedLayer, PublishedSource, sourceOf } from '../ogc-features/published-layers';
import { clientCondition, type SqlCondition } from '../datastores/postgis/published-scope';
import type { PostgisConnector } from '../datastores/postgis/postgis.connector';
import type { MapCrs } from './map-crs';
import type { MapFeature } from './map-rows';
import { featuresOfRows, type MapRowData } from './map-rows';
import type { WmsLayer } from './wms-catalog';
import { invalidValue } from './wms-exception';

/** The layer as the feature API's readers take it (its store, table, CRS and attribute subset). */
export function publishedLayer(layer: WmsLayer): PublishedLayer {
  const info = { id: `${layer.workspace}:${layer.name}`, title: layer.title ?? layer.name, description: layer.abstract, latLonBbox: layer.latLonBbox };
  return {
    info,
    name: layer.name,
    store: layer.store,
    nativeName: layer.nativeName,
    srid: layer.srid,
    attributeSubset: layer.attributeSubset,
    cqlFilter: layer.cqlFilter,
  };
}

/**
 * The layer's CQL_FILTER entry as SQL against what it publishes (geometries in the layer's
 * declared CRS, as GeoServer reads them); InvalidParameterValue when it names what the layer does
 * not publish or compares what it cannot.
 */
export function cqlFilterCondition(layer: WmsLayer, source: PublishedSource, filter: CqlNode | undefined): SqlCondition | undefined {
  if (!filter) return undefined;
  try {
    return clientCondition(source.scope, filter, source.srid || undefined);
  } catch (err) {
    if (err instanceof CqlError) throw invalidValue('cql_filter', `Invalid CQL_FILTER for layer ${layer.workspace}:${layer.name}: ${err.message}`);
    throw err;
  }
}

/** What a layer's read needs to know of the map. */
export interface MapWindow {
  crs: MapCrs;
  bbox: [number, number, number, number];
  width: number;
}

/**
 * The rows of one layer for a map, in the map's CRS, batch by batch, read lazily: the store's
 * cursor opens when the first batch is asked for and is closed when the reading stops (done,
 * failed or abandoned), so a map holds one batch of rows per layer at most. `columns`: the
 * properties the style reads; `filter`: the layer's CQL_FILTER entry.
 */
export async function* layerRows(
  connector: PostgisConnector,
  layer: WmsLayer,
  map: MapWindow,
  columns: string[],
  filter?: CqlNode,
): AsyncGenerator<MapRowData[]> {
  const [minx, miny, maxx, maxy] = map.bbox;
  const cursor = await connector.withTable(layer.store, layer.nativeName, (table) => {
    const source = sourceOf(publishedLayer(layer), table);
    return connector.openMapFeatures(layer.store, source, {
      srid: map.crs.srid,
      box: { minx, miny, maxx, maxy },
      pixelSize: (maxx - minx) / map.width,
      columns,
      geographic: map.crs.geographic,
      where: cqlFilterCondition(layer, source, filter),
    });
  });
  try {
    for (let batch = await cursor.next(); batch.length; batch = await cursor.next()) yield batch;
  } finally {
    await cursor.close();
  }
}

/** The features of one layer for a map ({@link layerRows} decoded), for drawing in this thread. */
export async function* layerFeatures(
  connector: PostgisConnector,
  layer: WmsLayer,
  map: MapWindow,
  columns: string[],
  logger?: Logger,
  filter?: CqlNode,
): AsyncGenerator<MapFeature> {
  const skipped = (reason: string) => logger?.warn(`Layer ${layer.workspace}:${layer.name}: a geometry could not be decoded: ${reason}`);
  for await (const batch of layerRows(connector, layer, map, columns, filter)) yield* featuresOfRows(batch, skipped);
}
