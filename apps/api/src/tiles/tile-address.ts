import { CatalogError } from '@geocatalog/catalog-model';

/** The only tile matrix set served: OGC's WebMercatorQuad (EPSG:3857, one 256-pixel tile at zoom 0). */
export const TILE_MATRIX_SET = 'WebMercatorQuad';
/** The deepest zoom level served (about 2 cm per pixel at the equator). */
export const MAX_ZOOM = 24;

/** A tile of the WebMercatorQuad matrix: zoom `z`, column `x`, row `y` (0 at the top). */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/**
 * Reads `{z}/{y}/{x}` of a tile URL (contract §5 and §9): a value that is not a whole number written
 * in decimal digits (`1.5`, `abc`, `1e3`, empty) is a bad value, 400; a whole number outside the
 * matrix (zoom past {@link MAX_ZOOM}, a negative one, a row or column past `2^z - 1`) names no
 * tile, 404.
 */
export function parseTileAddress(z: string, y: string, x: string): TileAddress {
  const zoom = wholeNumber('zoom level', z);
  const row = wholeNumber('tile row', y);
  const column = wholeNumber('tile column', x);
  if (zoom < 0 || zoom > MAX_ZOOM) throw noSuchTile(z, y, x, `zoom levels are 0 to ${MAX_ZOOM}`);
  const size = 2 ** zoom;
  if (row < 0 || row >= size || column < 0 || column >= size) {
    throw noSuchTile(z, y, x, `at zoom ${zoom} rows and columns are 0 to ${size - 1}`);
  }
  return { z: zoom, x: column, y: row };
}

function wholeNumber(what: string, text: string): number {
  if (!/^-?\d{1,12}$/.test(text)) {
    const shown = text.length > 40 ? `${text.slice(0, 37)}...` : text;
    throw new CatalogError('INVALID_VALUE', `Invalid ${what} '${shown}': it must be a whole number`);
  }
  return Number(text);
}

function noSuchTile(z: string, y: string, x: string, why: string): CatalogError {
  return new CatalogError('NOT_FOUND', `No such tile in ${TILE_MATRIX_SET}: ${z}/${y}/${x} (${why})`);
}
