/**
 * The tile API's definition, served at `{base}/ogc/tiles/v1/api` (OpenAPI 3.0, as the feature API's):
 * its two paths, their parameters and every answer. The path is OGC API - Tiles' tile resource
 * (`/collections/{collectionId}/tiles/{tileMatrixSetId}/{tileMatrix}/{tileRow}/{tileCol}`). Pure.
 */
import { MAX_ZOOM, TILE_MATRIX_SET } from './tile-address';

/** The media type of a tile. */
export const MVT = 'application/vnd.mapbox-vector-tile';
/** The media type of this document. */
export const OPENAPI = 'application/vnd.oai.openapi+json;version=3.0';
/** The paths below the API's root, in the router's syntax: the controller serves exactly these. */
export const TILE_PATH = 'collections/:collectionId/tiles/:tileMatrixSetId/:tileMatrix/:tileRow/:tileCol';

const text = (description: string) => ({ description, content: { 'text/plain': { schema: { type: 'string' } } } });

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
        'extent 4096, buffer 64, at most 20,000 features per tile. HTTP Basic authentication as for the REST API (ADMIN or READER).',
      license: { name: 'MIT' },
    },
    servers: [{ url: root }],
    security: [{ basicAuth: [] }],
    paths: {
      '/api': {
        get: {
          summary: 'This API definition',
          operationId: 'getTilesApiDefinition',
          responses: {
            '200': { description: 'The OpenAPI 3.0 document.', content: { [OPENAPI]: { schema: { type: 'object' } } } },
            '401': text('No or wrong credentials.'),
          },
        },
      },
      '/collections/{collectionId}/tiles/{tileMatrixSetId}/{tileMatrix}/{tileRow}/{tileCol}': {
        get: {
          summary: 'One vector tile of a layer',
          operationId: 'getTile',
          description:
            'PostGIS writes the tile (ST_AsMVT) where the data store has it; otherwise (the embedded sample database) the api ' +
            'builds the same tile. The answer carries a strong ETag of its bytes (If-None-Match gives 304) and Cache-Control: private, no-cache.',
          parameters: [
            {
              name: 'collectionId',
              in: 'path',
              required: true,
              description: 'The layer, `workspace:layer`.',
              schema: { type: 'string' },
              example: 'acme:roads',
            },
            {
              name: 'tileMatrixSetId',
              in: 'path',
              required: true,
              description: 'The tile matrix set.',
              schema: { type: 'string', enum: [TILE_MATRIX_SET] },
              example: TILE_MATRIX_SET,
            },
            wholeNumber('tileMatrix', `Zoom level, 0 to ${MAX_ZOOM}.`, 10),
            wholeNumber('tileRow', 'Row, 0 (north) to 2^zoom - 1.', 380),
            wholeNumber('tileCol', 'Column, 0 (west) to 2^zoom - 1.', 300),
          ],
          responses: {
            '200': { description: 'The tile.', content: { [MVT]: { schema: { type: 'string', format: 'binary' } } } },
            '204': { description: 'No feature of the layer reaches this tile.' },
            '304': { description: 'The tile is the one If-None-Match names.' },
            '400': text('A zoom level, row or column that is not a whole number, or a tile the layer’s CRS cannot be transformed to.'),
            '401': text('No or wrong credentials.'),
            '404': text('No such enabled layer, tile matrix set, or tile (outside the matrix).'),
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
