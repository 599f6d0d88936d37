/**
 * The JSON documents of OGC API - Tiles (landing page, conformance, collections, tileset list,
 * tileset metadata, tile matrix sets) and a TileJSON 3.0.0 document per layer, built from catalog
 * facts. Pure: no I/O.
 */
import type { CollectionInfo } from '../ogc-features/features-documents';
import { Bbox, collectionBbox, CRS84 } from '../ogc-features/crs84-box';
import type { Link } from '../ogc-features/features-links';
import { MAX_ZOOM, TILE_MATRIX_SET } from './tile-address';
import { TilesLinks, tilesLink } from './tiles-links';
import { allTileLimits, EPSG_3857, HALF_WORLD, mercatorBox, tileMatrixSetDocument, WEB_MERCATOR_QUAD_URI } from './web-mercator-quad';

const TILESETS_VECTOR = 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector';
const TILING_SCHEME = 'http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme';
const TILING_SCHEMES = 'http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes';
const GEODATA = 'http://www.opengis.net/def/rel/ogc/1.0/geodata';

/**
 * Conformance classes this API meets: OGC API - Tiles 1.0 (core, tileset, tilesets list, tilesets
 * of geodata, Mapbox Vector Tiles, OpenAPI 3.0), OGC API - Common (core, landing page, JSON,
 * collections) and TMS 2.0's tile matrix set and tileset metadata in JSON. No dataset tilesets,
 * so no collections selection; no HTML.
 */
export const TILES_CONFORMANCE_CLASSES = [
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/landing-page',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/json',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-common-2/1.0/conf/collections',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tileset',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tilesets-list',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/geodata-tilesets',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/mvt',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/tms/2.0/conf/tilematrixset',
  'http://www.opengis.net/spec/tms/2.0/conf/json-tilematrixset',
  'http://www.opengis.net/spec/tms/2.0/conf/tilesetmetadata',
  'http://www.opengis.net/spec/tms/2.0/conf/json-tilesetmetadata',
];

/** A layer's attributes as TileJSON's `fields` describe them: name → `String`, `Number` or `Boolean`. */
export type TileFields = Record<string, string>;

export function tilesLandingPage(links: TilesLinks): object {
  return {
    title: 'geocatalog vector tiles',
    description: "OGC API - Tiles of the catalog's published layers: Mapbox Vector Tiles in WebMercatorQuad, one collection per layer, named workspace:layer",
    links: [
      tilesLink(links.landing(), 'self', 'json', 'This document'),
      tilesLink(links.api(), 'service-desc', 'openapi', 'The API definition (OpenAPI 3.0)'),
      tilesLink(links.conformance(), 'conformance', 'json', 'Conformance classes'),
      tilesLink(links.collections(), 'data', 'json', 'Collections'),
      tilesLink(links.tileMatrixSets(), TILING_SCHEMES, 'json', 'Tile matrix sets'),
    ],
  };
}

export function tilesConformance(links: TilesLinks): object {
  return { links: [tilesLink(links.conformance(), 'self', 'json', 'This document')], conformsTo: TILES_CONFORMANCE_CLASSES };
}

/** The links of `/collections` itself. */
export function tileCollectionsLinks(links: TilesLinks): Link[] {
  return [tilesLink(links.collections(), 'self', 'json', 'This document')];
}

/**
 * One collection, identical in `/collections` and at `/collections/{id}`. Its one spatial extent is
 * in EPSG:3857, the tile matrix set's CRS (the whole square when the layer's box is unknown):
 * GDAL's OGCAPI driver (3.6 to at least 3.9) reads the collection's box in that CRS to choose the
 * tiles of each zoom level, and would look near 0°, 0° for a CRS84 box. The CRS84 box is in the
 * tileset metadata and the TileJSON.
 */
export function tileCollectionDocument(links: TilesLinks, c: CollectionInfo): object {
  const box = collectionBbox(c.latLonBbox);
  return {
    id: c.id,
    title: c.title,
    ...(c.description ? { description: c.description } : {}),
    extent: { spatial: { bbox: [box ? mercatorBox(box) : [-HALF_WORLD, -HALF_WORLD, HALF_WORLD, HALF_WORLD]], crs: EPSG_3857 } },
    dataType: 'vector',
    links: [
      tilesLink(links.collection(c.id), 'self', 'json', 'This collection'),
      tilesLink(links.tilesets(c.id), TILESETS_VECTOR, 'json', 'Vector tilesets of this collection'),
    ],
  };
}

/** The summary of the layer's one tileset, as the tileset list holds it. */
function tilesetSummary(links: TilesLinks, c: CollectionInfo): object {
  return {
    title: `${c.title} (${TILE_MATRIX_SET})`,
    dataType: 'vector',
    crs: EPSG_3857,
    tileMatrixSetURI: WEB_MERCATOR_QUAD_URI,
    links: [
      tilesLink(links.tileset(c.id), 'self', 'json', 'The tileset'),
      tilesLink(links.tileMatrixSet(), TILING_SCHEME, 'json', `The ${TILE_MATRIX_SET} tile matrix set`),
    ],
  };
}

/** `/collections/{id}/tiles`: the layer's tilesets (one, in WebMercatorQuad). */
export function tilesetList(links: TilesLinks, c: CollectionInfo): object {
  return { links: [tilesLink(links.tilesets(c.id), 'self', 'json', 'This document')], tilesets: [tilesetSummary(links, c)] };
}

/**
 * `/collections/{id}/tiles/WebMercatorQuad`: TMS 2.0 tileset metadata. The tile template (`item`),
 * the tile matrix set (`tiling-scheme`), the zoom range (the layer's `minTileMatrix` and
 * `maxTileMatrix`, and `tileMatrixSetLimits`: the rows and columns the layer's box touches at each
 * zoom) and the box in CRS84.
 */
export function tilesetDocument(links: TilesLinks, c: CollectionInfo, layerName: string): object {
  const box = collectionBbox(c.latLonBbox);
  const boundingBox = box ? { lowerLeft: [box[0], box[1]], upperRight: [box[2], box[3]], crs: CRS84 } : undefined;
  return {
    title: `${c.title} (${TILE_MATRIX_SET})`,
    ...(c.description ? { description: c.description } : {}),
    dataType: 'vector',
    crs: EPSG_3857,
    tileMatrixSetURI: WEB_MERCATOR_QUAD_URI,
    links: [
      tilesLink(links.tileset(c.id), 'self', 'json', 'This document'),
      tilesLink(links.tileset(c.id, [['f', 'tilejson']]), 'alternate', 'tilejson', 'This tileset as TileJSON'),
      tilesLink(links.tileMatrixSet(), TILING_SCHEME, 'json', `The ${TILE_MATRIX_SET} tile matrix set`),
      tilesLink(links.collection(c.id), GEODATA, 'json', 'The collection'),
      tilesLink(links.tileTemplate(c.id), 'item', 'mvt', 'Mapbox Vector Tiles', { templated: true }),
    ],
    ...(boundingBox ? { boundingBox } : {}),
    tileMatrixSetLimits: allTileLimits(box),
    layers: [
      {
        id: layerName,
        title: c.title,
        dataType: 'vector',
        minTileMatrix: '0',
        maxTileMatrix: String(MAX_ZOOM),
        ...(boundingBox ? { boundingBox } : {}),
      },
    ],
  };
}

/**
 * The tileset as TileJSON 3.0.0 (MapLibre, Mapbox GL, OpenLayers' `ol-mapbox-style`): the `{z}/{y}/{x}`
 * template, zoom range, CRS84 bounds (the whole width for a box across the antimeridian) and the
 * one vector layer with its fields.
 */
export function tileJsonDocument(links: TilesLinks, c: CollectionInfo, layerName: string, fields: TileFields): object {
  const box = collectionBbox(c.latLonBbox);
  const bounds: Bbox | undefined = box ? (box[0] > box[2] ? [-180, box[1], 180, box[3]] : box) : undefined;
  return {
    tilejson: '3.0.0',
    name: c.title,
    ...(c.description ? { description: c.description } : {}),
    scheme: 'xyz',
    tiles: [links.tileTemplate(c.id, '{z}/{y}/{x}')],
    minzoom: 0,
    maxzoom: MAX_ZOOM,
    ...(bounds ? { bounds } : {}),
    vector_layers: [{ id: layerName, ...(c.description ? { description: c.description } : {}), minzoom: 0, maxzoom: MAX_ZOOM, fields }],
  };
}

/** `/tileMatrixSets`: the one tile matrix set served. */
export function tileMatrixSetsDocument(links: TilesLinks): object {
  return {
    links: [tilesLink(links.tileMatrixSets(), 'self', 'json', 'This document')],
    tileMatrixSets: [
      {
        id: TILE_MATRIX_SET,
        title: 'Google Maps Compatible for the World',
        uri: WEB_MERCATOR_QUAD_URI,
        crs: EPSG_3857,
        links: [tilesLink(links.tileMatrixSet(), 'self', 'json', `The ${TILE_MATRIX_SET} tile matrix set`)],
      },
    ],
  };
}

/** `/tileMatrixSets/WebMercatorQuad`. */
export function tileMatrixSet(links: TilesLinks): object {
  return tileMatrixSetDocument([tilesLink(links.tileMatrixSet(), 'self', 'json', 'This document')]);
}
