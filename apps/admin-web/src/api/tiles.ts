import { filterQuery } from './features';

/** The media type of a vector tile. */
export const VECTOR_TILE = 'application/vnd.mapbox-vector-tile';

/** The vector tile API below the service's context path: `/geoserver/rest` → `/geoserver/ogc/tiles/v1`. */
export function tilesBaseFor(restBase: string): string {
  return `${restBase.replace(/\/rest$/, '')}/ogc/tiles/v1`;
}

/** The path of one WebMercatorQuad tile of a layer (`ws:layer`), below the tile API's base, with the client's filter. */
export function tilePath(id: string, z: number, x: number, y: number, filter?: string | null): string {
  const query = filterQuery(filter);
  return `/collections/${encodeURIComponent(id)}/tiles/WebMercatorQuad/${z}/${y}/${x}${query ? `?${query.slice(1)}` : ''}`;
}
