import { FeaturesLinks, Link, segment, withQuery } from '../ogc-features/features-links';
import { TILE_MATRIX_SET } from './tile-address';

/** The root of this API below the context path. */
export const TILES_PATH = '/ogc/tiles/v1';

/** Media types of the tile API's answers. */
export const TILES_MEDIA = {
  json: 'application/json',
  openapi: 'application/vnd.oai.openapi+json;version=3.0',
  mvt: 'application/vnd.mapbox-vector-tile',
  tilejson: 'application/vnd.mapbox.tile+json',
} as const;

export type TilesMediaKey = keyof typeof TILES_MEDIA;

/** A tile template's variables, as OGC API - Tiles names them. */
export const TILE_TEMPLATE = '{tileMatrix}/{tileRow}/{tileCol}';

/**
 * Absolute URLs of the tile API's resources for one request, on the same public base as the
 * feature API's (the settings' `proxyBaseUrl`, else the request's own base): the landing page,
 * conformance, API and collections are built as there, below `/ogc/tiles/v1`.
 */
export class TilesLinks extends FeaturesLinks {
  tilesets(id: string): string {
    return `${this.collection(id)}/tiles`;
  }

  tileset(id: string, query?: Iterable<[string, string]>): string {
    return withQuery(`${this.tilesets(id)}/${TILE_MATRIX_SET}`, query);
  }

  /** The tile URL template, OGC's `{tileMatrix}/{tileRow}/{tileCol}` unless TileJSON's `{z}/{y}/{x}` is asked for. */
  tileTemplate(id: string, variables = TILE_TEMPLATE): string {
    return `${this.tileset(id)}/${variables}`;
  }

  tileMatrixSets(): string {
    return `${this.root}/tileMatrixSets`;
  }

  tileMatrixSet(): string {
    return `${this.tileMatrixSets()}/${segment(TILE_MATRIX_SET)}`;
  }
}

/** A link of one of the tile API's media types. */
export function tilesLink(href: string, rel: string, media: TilesMediaKey, title: string, extra: Partial<Link> & { templated?: boolean } = {}): Link {
  return { href, rel, type: TILES_MEDIA[media], title, ...extra };
}
