/**
 * OGC's WebMercatorQuad tile matrix set (OGC 17-083r4, Annex D.1) as this server serves it: zoom 0
 * to {@link MAX_ZOOM}, one 256-pixel tile at zoom 0, EPSG:3857. The tile matrix set document, and
 * the arithmetic from a CRS84 box to EPSG:3857 metres and to the tiles covering it. Pure.
 */
import type { Bbox } from '../ogc-features/crs84-box';
import { MAX_ZOOM, TILE_MATRIX_SET } from './tile-address';

/** EPSG:3857 as OGC names it. */
export const EPSG_3857 = 'http://www.opengis.net/def/crs/EPSG/0/3857';
/** The registered URI of the tile matrix set. */
export const WEB_MERCATOR_QUAD_URI = `http://www.opengis.net/def/tilematrixset/OGC/1.0/${TILE_MATRIX_SET}`;
/** Half the equator in EPSG:3857 metres: the matrix spans ±this on both axes. */
export const HALF_WORLD = Math.PI * 6378137;
/** The latitude at which EPSG:3857 reaches {@link HALF_WORLD} (the square's edge). */
export const MAX_LATITUDE = (Math.atan(Math.sinh(Math.PI)) * 180) / Math.PI;
const TILE_SIZE = 256;
/** Scale denominator of zoom 0 (0.28 mm pixels, as OGC defines it). */
const SCALE_0 = (2 * HALF_WORLD) / TILE_SIZE / 0.00028;

/** A tile matrix's range of rows and columns, as `tileMatrixSetLimits` writes it. */
export interface TileLimits {
  tileMatrix: string;
  minTileRow: number;
  maxTileRow: number;
  minTileCol: number;
  maxTileCol: number;
}

/** A CRS84 point in EPSG:3857 metres, latitude clamped to the square. */
export function toMercator(lon: number, lat: number): [number, number] {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const y = Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)) * 6378137;
  return [(lon / 180) * HALF_WORLD, Math.max(-HALF_WORLD, Math.min(HALF_WORLD, y))];
}

/** A CRS84 box `[west, south, east, north]` in EPSG:3857 metres; a box across the antimeridian takes the whole width. */
export function mercatorBox(box: Bbox): Bbox {
  const [west, south, east, north] = box;
  const [minx, miny] = toMercator(west > east ? -180 : west, south);
  const [maxx, maxy] = toMercator(west > east ? 180 : east, north);
  return [minx, miny, maxx, maxy];
}

/** The rows and columns of zoom `z` that a CRS84 box touches (the whole matrix without a box). */
export function tileLimits(box: Bbox | null, z: number): TileLimits {
  const n = 2 ** z;
  const last = n - 1;
  if (!box) return { tileMatrix: String(z), minTileRow: 0, maxTileRow: last, minTileCol: 0, maxTileCol: last };
  const [minx, miny, maxx, maxy] = mercatorBox(box);
  const tile = (2 * HALF_WORLD) / n;
  const index = (metres: number) => Math.max(0, Math.min(last, Math.floor(metres / tile)));
  return {
    tileMatrix: String(z),
    minTileRow: index(HALF_WORLD - maxy),
    maxTileRow: index(HALF_WORLD - miny),
    minTileCol: index(minx + HALF_WORLD),
    maxTileCol: index(maxx + HALF_WORLD),
  };
}

/** The limits of every zoom level served. */
export function allTileLimits(box: Bbox | null): TileLimits[] {
  return Array.from({ length: MAX_ZOOM + 1 }, (_, z) => tileLimits(box, z));
}

/**
 * The tile matrix set as an OGC Two Dimensional Tile Matrix Set 2.0 JSON document. Each member
 * that TMS 1.0 (17-083r2) named differently is written under its 1.0 name too (`identifier`,
 * `supportedCRS`, `boundingBox` with `lowerCorner`/`upperCorner`, and per matrix `identifier` and
 * `topLeftCorner`): GDAL up to 3.7 reads only those, and recognises the document by `identifier`,
 * `boundingBox` and `tileMatrices` together. TMS 2.0 allows members it does not define.
 */
export function tileMatrixSetDocument(links: object[]): object {
  const corner = [-HALF_WORLD, HALF_WORLD];
  return {
    id: TILE_MATRIX_SET,
    identifier: TILE_MATRIX_SET,
    title: 'Google Maps Compatible for the World',
    uri: WEB_MERCATOR_QUAD_URI,
    crs: EPSG_3857,
    supportedCRS: EPSG_3857,
    orderedAxes: ['E', 'N'],
    wellKnownScaleSet: 'http://www.opengis.net/def/wkss/OGC/1.0/GoogleMapsCompatible',
    boundingBox: {
      crs: EPSG_3857,
      orderedAxes: ['E', 'N'],
      lowerLeft: [-HALF_WORLD, -HALF_WORLD],
      upperRight: [HALF_WORLD, HALF_WORLD],
      lowerCorner: [-HALF_WORLD, -HALF_WORLD],
      upperCorner: [HALF_WORLD, HALF_WORLD],
    },
    tileMatrices: Array.from({ length: MAX_ZOOM + 1 }, (_, z) => ({
      id: String(z),
      identifier: String(z),
      scaleDenominator: SCALE_0 / 2 ** z,
      cellSize: (2 * HALF_WORLD) / TILE_SIZE / 2 ** z,
      cornerOfOrigin: 'topLeft',
      pointOfOrigin: corner,
      topLeftCorner: corner,
      tileWidth: TILE_SIZE,
      tileHeight: TILE_SIZE,
      matrixWidth: 2 ** z,
      matrixHeight: 2 ** z,
    })),
    links,
  };
}
