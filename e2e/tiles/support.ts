/**
 * Helpers of the vector tile specs: tile URLs, Web Mercator tile arithmetic, and decoding a tile
 * with @mapbox/vector-tile (the reader Mapbox's own tools use), never with app code.
 */
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import type { ApiServer } from '../support/api-server';

export const MVT = 'application/vnd.mapbox-vector-tile';

/** `{base}/ogc/tiles/v1/collections/{id}/tiles/WebMercatorQuad/{z}/{y}/{x}` */
export function tileUrl(server: ApiServer, id: string, z: number | string, y: number | string, x: number | string, matrixSet = 'WebMercatorQuad'): string {
  return `${server.baseUrl}/ogc/tiles/v1/collections/${encodeURIComponent(id)}/tiles/${matrixSet}/${z}/${y}/${x}`;
}

/** The tile of zoom `z` holding the point (lon, lat). */
export function tileOf(z: number, lon: number, lat: number): { z: number; x: number; y: number } {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x, y };
}

/** The lon/lat box `[west, south, east, north]` of a tile. */
export function tileBounds(z: number, x: number, y: number): [number, number, number, number] {
  const n = 2 ** z;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return [(x / n) * 360 - 180, lat(y + 1), ((x + 1) / n) * 360 - 180, lat(y)];
}

/** One decoded feature: id, attributes, and its geometry in lon/lat (GeoJSON). */
export interface DecodedFeature {
  id: number | undefined;
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates: any };
}

/** The layers of a tile, each as its decoded features. */
export function decodeTile(bytes: Buffer, tile: { z: number; x: number; y: number }): Record<string, { extent: number; features: DecodedFeature[] }> {
  const decoded = new VectorTile(new Pbf(bytes));
  const out: Record<string, { extent: number; features: DecodedFeature[] }> = {};
  for (const [name, layer] of Object.entries(decoded.layers)) {
    const features: DecodedFeature[] = [];
    for (let i = 0; i < layer.length; i++) {
      const f = layer.feature(i);
      const geo = f.toGeoJSON(tile.x, tile.y, tile.z) as unknown as { geometry: DecodedFeature['geometry'] };
      features.push({ id: f.id, properties: { ...f.properties }, geometry: geo.geometry });
    }
    out[name] = { extent: layer.extent, features };
  }
  return out;
}

/** Every [lon, lat] of a GeoJSON geometry's coordinates. */
export function positions(coordinates: any): Array<[number, number]> {
  if (typeof coordinates[0] === 'number') return [coordinates as [number, number]];
  return (coordinates as any[]).flatMap(positions);
}

/** Degrees of longitude per tile unit (1/4096 of a tile) at zoom `z`: the decoding precision. */
export function unitDegrees(z: number, extent = 4096): number {
  return 360 / 2 ** z / extent;
}
