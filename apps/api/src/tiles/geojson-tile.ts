import geojsonvt from 'geojson-vt';
import type { Feature, FeatureCollection } from 'geojson';
import { fromGeojsonVt } from 'vt-pbf';
import { TILE_BUFFER, TILE_EXTENT } from '../datastores/postgis/tile-sql';
import type { TileFeature } from '../datastores/postgis/tile-reads';
import type { TileAddress } from './tile-address';

/**
 * Encodes a tile in the api, for stores whose PostGIS cannot (the embedded sample database): the
 * features (lon/lat) are clipped and simplified to tile coordinates by geojson-vt and written as a
 * Mapbox Vector Tile version 2 by vt-pbf, with the extent and buffer PostGIS would use. One MVT
 * layer, `layerName`. An empty buffer when no feature reaches the tile.
 */
export function encodeTile(features: TileFeature[], tile: TileAddress, layerName: string): Buffer {
  if (!features.length) return Buffer.alloc(0);
  const collection: FeatureCollection = {
    type: 'FeatureCollection',
    features: features.map((f): Feature => ({ type: 'Feature', ...(f.id !== undefined ? { id: f.id } : {}), geometry: f.geometry, properties: f.properties })),
  };
  // Only this tile is wanted: no index beyond zoom 0, the path down to it is cut on demand.
  const index = geojsonvt(collection, { maxZoom: tile.z, indexMaxZoom: 0, indexMaxPoints: 0, extent: TILE_EXTENT, buffer: TILE_BUFFER });
  const cut = index.getTile(tile.z, tile.x, tile.y);
  if (!cut || !cut.features.length) return Buffer.alloc(0);
  const bytes = fromGeojsonVt({ [layerName]: cut }, { version: 2, extent: TILE_EXTENT });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
