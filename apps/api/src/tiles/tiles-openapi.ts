/**
 * The tile API's definition, served at `{base}/ogc/tiles/v1/api` (OpenAPI 3.0, as the feature API's):
 * its paths (OGC API - Tiles' resources), their parameters and every answer. Pure.
 */
import { MAX_ZOOM, TILE_MATRIX_SET } from './tile-address';
import { TILES_MEDIA } from './tiles-links';

const MVT = TILES_MEDIA.mvt;
/** The paths below the API's root, in the router's syntax: the controller serves exactly these. */
export const TILE_PATH = 'collections/:collectionId/tiles/:tileMatrixSetId/:tileMatrix/:tileRow/:tileCol';

const text = (description: string) => ({ description, content: { 'text/plain': { schema: { type: 'string' } } } });

const object = { schema: { type: 'object' } };
const f = (values: string[]) => ({
  name: 'f',
  in: 'query',
  required: false,
  description: 'The format of the answer.',
  schema: { type: 'string', enum: values },
});
const collectionId = {
  name: 'collectionId',
  in: 'path',
  required: true,
  description: 'The layer, `workspace:layer`.',
  schema: { type: 'string' },
  example: 'acme:roads',
};
const tileMatrixSetId = {
  name: 'tileMatrixSetId',
  in: 'path',
  required: true,
  description: 'The tile matrix set.',
  schema: { type: 'string', enum: [TILE_MATRIX_SET] },
  example: TILE_MATRIX_SET,
};

const LOOKUP_ERRORS = {
  none: {},
  matrixSet: { '404': text('No such tile matrix set.') },
  layer: {
    '403': text('The caller may not read the layer (catalog mode CHALLENGE or MIXED), or call the operation (a service rule).'),
    '404': text('No such enabled layer or tile matrix set, or a layer the caller may not read (catalog mode HIDE).'),
    '409': text('The layer serves no features: its feature type has a cqlFilter (not applied yet).'),
    '502': text('The layer’s data store cannot be reached or failed (TileJSON only: it lists the table’s fields).'),
  },
};

/** A JSON document's GET: its answers, with the errors of what it looks up. */
function document(
  operationId: string,
  summary: string,
  description: string,
  parameters: object[],
  lookup: keyof typeof LOOKUP_ERRORS,
  formats = ['json'],
): object {
  return {
    get: {
      summary,
      operationId,
      description,
      parameters: [...parameters, f(formats)],
      responses: {
        '200': { description: 'The document.', content: Object.fromEntries(formats.map((k) => [TILES_MEDIA[k as keyof typeof TILES_MEDIA], object])) },
        '400': text('A query parameter other than f, or an unknown format.'),
        '401': text('Wrong credentials; or none, where the rules keep anonymous callers out (catalog mode CHALLENGE, a service rule).'),
        ...LOOKUP_ERRORS[lookup],
      },
    },
  };
}

const wholeNumber = (name: string, description: string, example: number) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'integer', minimum: 0, ...(name === 'tileMatrix' ? { maximum: MAX_ZOOM } : {}) },
  example,
});

/** The OpenAPI 3.0 document of the tile API whose root is `root`. */
export function tilesOpenApiDocument(root: string): object {
  return {
    openapi: '3.0.3',
    info: {
      title: 'geocatalog vector tiles',
      version: '1.0.0',
      description:
        'Mapbox Vector Tiles of the layers the OGC API - Features serves (enabled layers of enabled feature types), in the ' +
        `${TILE_MATRIX_SET} tile matrix set (EPSG:3857). One MVT layer per tile, named after the layer, with its attributes; ` +
        'extent 4096, buffer 64, at most 20,000 features per tile. HTTP Basic credentials as for the REST API, or none: the data security ' +
        'rules decide what each caller reads, as in the OGC API - Features. Answers about a layer anonymous callers read are public ' +
        '(Access-Control-Allow-Origin: *, Cache-Control: public, no-cache), others private.',
      license: { name: 'MIT' },
    },
    servers: [{ url: root }],
    security: [{}, { basicAuth: [] }],
    paths: {
      '/': document(
        'getTilesLandingPage',
        'Landing page',
        'Links to the API definition, conformance, collections (`data`) and tile matrix sets (`tiling-schemes`).',
        [],
        'none',
      ),
      '/conformance': document(
        'getTilesConformance',
        'Conformance classes',
        'OGC API - Tiles, OGC API - Common and TMS 2.0 classes this API meets.',
        [],
        'none',
      ),
      '/api': document('getTilesApiDefinition', 'This API definition', 'This OpenAPI 3.0 document (`f=json` labels it application/json).', [], 'none', [
        'openapi',
        'json',
      ]),
      '/collections': document(
        'getTileCollections',
        'The layers served as tiles',
        'The advertised layers the feature API serves, each with one spatial extent in EPSG:3857 (the tile matrix set’s CRS) and a `http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector` link.',
        [],
        'none',
      ),
      '/collections/{collectionId}': document('getTileCollection', 'One layer', 'As listed in /collections.', [collectionId], 'layer'),
      '/collections/{collectionId}/tiles': document(
        'getTilesets',
        'The layer’s tilesets',
        `One vector tileset, in ${TILE_MATRIX_SET}.`,
        [collectionId],
        'layer',
      ),
      '/collections/{collectionId}/tiles/{tileMatrixSetId}': document(
        'getTileset',
        'The layer’s tileset',
        'TMS 2.0 tileset metadata: the tile template (`item`, {tileMatrix}/{tileRow}/{tileCol}), the tile matrix set (`http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme`), ' +
          'tileMatrixSetLimits per zoom level and the CRS84 bounding box; `f=tilejson` gives TileJSON 3.0.0 (`{z}/{y}/{x}` template, zooms, bounds, vector_layers with fields).',
        [collectionId, tileMatrixSetId],
        'layer',
        ['json', 'tilejson'],
      ),
      '/tileMatrixSets': document('getTileMatrixSets', 'Tile matrix sets', `The one served: ${TILE_MATRIX_SET}.`, [], 'none'),
      '/tileMatrixSets/{tileMatrixSetId}': document(
        'getTileMatrixSet',
        'A tile matrix set',
        'The OGC TMS 2.0 JSON document, with the TMS 1.0 member names too (identifier, supportedCRS, topLeftCorner) for older clients.',
        [tileMatrixSetId],
        'matrixSet',
      ),
      '/collections/{collectionId}/tiles/{tileMatrixSetId}/{tileMatrix}/{tileRow}/{tileCol}': {
        get: {
          summary: 'One vector tile of a layer',
          operationId: 'getTile',
          description:
            'PostGIS writes the tile (ST_AsMVT) where the data store has it; otherwise (the embedded sample database) the api ' +
            'builds the same tile. The answer carries a strong ETag of its bytes (If-None-Match gives 304, after the rules are checked) and ' +
            'Cache-Control: no-cache, public for a layer anonymous callers read (with Access-Control-Allow-Origin: *), else private.',
          parameters: [
            collectionId,
            tileMatrixSetId,
            wholeNumber('tileMatrix', `Zoom level, 0 to ${MAX_ZOOM}.`, 10),
            wholeNumber('tileRow', 'Row, 0 (north) to 2^zoom - 1.', 380),
            wholeNumber('tileCol', 'Column, 0 (west) to 2^zoom - 1.', 300),
            {
              name: 'filter',
              in: 'query',
              required: false,
              description:
                'A filter on the published attributes and geometry (OGC API - Features Part 3, as on items), ANDed with the layer’s own cqlFilter: only the features it selects are in the tile.',
              schema: { type: 'string' },
              example: "rank > 3 AND name LIKE 'p1%'",
            },
            {
              name: 'filter-lang',
              in: 'query',
              required: false,
              schema: { type: 'string', enum: ['cql2-text', 'cql2-json', 'cql-text', 'ecql-text'], default: 'cql2-text' },
            },
            { name: 'filter-crs', in: 'query', required: false, schema: { type: 'string', default: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84' } },
          ],
          responses: {
            '200': { description: 'The tile.', content: { [MVT]: { schema: { type: 'string', format: 'binary' } } } },
            '204': { description: 'No feature of the layer reaches this tile.' },
            '304': { description: 'The tile is the one If-None-Match names.' },
            '400': text(
              'A zoom level, row or column that is not a whole number, a tile the layer’s CRS cannot be transformed to, or a filter that cannot be read or applied (naming the token and its 1-based position).',
            ),
            '401': text('Wrong credentials; or none, where the rules keep anonymous callers out (catalog mode CHALLENGE, a service rule).'),
            '403': text('The caller may not read the layer (catalog mode CHALLENGE or MIXED), or call getTile (a service rule).'),
            '404': text('No such enabled layer, tile matrix set, or tile (outside the matrix); or a layer the caller may not read (catalog mode HIDE).'),
            '409': text(
              'The layer serves no features: its feature type has a cqlFilter that cannot be applied to its table, or attributes naming columns its table lacks.',
            ),
            '502': text('The layer’s data store cannot be reached or failed; the message names it.'),
          },
        },
      },
    },
    components: { securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } } },
  };
}
