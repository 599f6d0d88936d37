/** The part of vt-pbf (3.x, untyped) the tile encoder uses. */
declare module 'vt-pbf' {
  import type geojsonvt from 'geojson-vt';

  /** Encodes geojson-vt tiles, one per MVT layer name, as a Mapbox Vector Tile (protobuf). */
  export function fromGeojsonVt(layers: Record<string, geojsonvt.Tile>, options?: { version?: number; extent?: number }): Uint8Array;
}
