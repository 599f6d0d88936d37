import type { Logger } from '@nestjs/common';
import { PublishedLayer, sourceOf } from '../ogc-features/published-layers';
import type { PostgisConnector } from '../datastores/postgis/postgis.connector';
import type { MapCrs } from './map-crs';
import type { MapFeature } from './map-renderer';
import { featuresOfRows, type MapRowData } from './map-rows';
import type { WmsLayer } from './wms-catalog';

/** The layer as the feature API's readers take it (its store, table, CRS and attribute subset). */
export function publishedLayer(layer: WmsLayer): PublishedLayer {
  const info = { id: `${layer.workspace}:${layer.name}`, title: layer.title ?? layer.name, description: layer.abstract, latLonBbox: layer.latLonBbox };
  return { info, name: layer.name, store: layer.store, nativeName: layer.nativeName, srid: layer.srid, attributeSubset: layer.attributeSubset };
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
 * properties the style reads.
 */
export async function* layerRows(connector: PostgisConnector, layer: WmsLayer, map: MapWindow, columns: string[]): AsyncGenerator<MapRowData[]> {
  const published = {
    info: { id: `${layer.workspace}:${layer.name}`, title: layer.title ?? layer.name, description: layer.abstract, latLonBbox: layer.latLonBbox },
    ...layer,
  };
  const [minx, miny, maxx, maxy] = map.bbox;
  const cursor = await connector.withTable(layer.store, layer.nativeName, (table) =>
    connector.openMapFeatures(layer.store, sourceOf(published, table), {
      srid: map.crs.srid,
      box: { minx, miny, maxx, maxy },
      pixelSize: (maxx - minx) / map.width,
      columns,
      geographic: map.crs.geographic,
    }),
  );
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
): AsyncGenerator<MapFeature> {
  const skipped = (reason: string) => logger?.warn(`Layer ${layer.workspace}:${layer.name}: a geometry could not be decoded: ${reason}`);
  for await (const batch of layerRows(connector, layer, map, columns)) yield* featuresOfRows(batch, skipped);
}
