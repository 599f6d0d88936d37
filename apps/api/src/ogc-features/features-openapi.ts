/**
 * The API definition served at `/api` (OpenAPI 3.0, the `oas30` conformance class): every path,
 * every query parameter each accepts (anything else is a 400), and the response schemas, after
 * the OGC API - Features Part 1 building blocks. Pure.
 */
import { CQL_LANGUAGES } from '@geocatalog/cql';
import { DEFAULT_LIMIT, MAX_LIMIT, MEDIA } from './features-params';
import { CRS84_URI, DEFAULT_FILTER_LANG } from './items-filter';

const ref = (name: string, kind: 'parameters' | 'schemas' | 'responses' = 'schemas') => ({ $ref: `#/components/${kind}/${name}` });

const jsonContent = (schema: object) => ({ [MEDIA.json]: { schema } });

const errors = {
  '400': ref('InvalidParameter', 'responses'),
  '401': ref('Unauthorized', 'responses'),
  '403': ref('Forbidden', 'responses'),
  '404': ref('NotFound', 'responses'),
  '409': ref('CannotApply', 'responses'),
  '502': ref('StoreUnavailable', 'responses'),
};

function format(values: string[], byDefault: string): object {
  return {
    name: 'f',
    in: 'query',
    description: `The response format (default ${byDefault}).`,
    required: false,
    style: 'form',
    explode: false,
    schema: { type: 'string', enum: values },
  };
}

/** The OpenAPI 3.0 document of the API whose landing page is `root`. */
export function openApiDocument(root: string): object {
  return {
    openapi: '3.0.3',
    info: {
      title: 'geocatalog OGC API - Features',
      version: '1.0.0',
      description:
        "The catalog's published layers as OGC API - Features Part 1 (Core, GeoJSON, OpenAPI 3.0). One collection per enabled " +
        'layer, named workspace:layer; coordinates in CRS84. HTTP Basic credentials as for the REST API, or none: the data security rules ' +
        'decide what each caller reads (anonymous callers what a rule opens to ANONYMOUS or *); collections list only readable layers, and ' +
        'one the caller may not read is a 404 (catalog mode HIDE) or 401/403 (CHALLENGE, MIXED). Answers about a layer anonymous callers ' +
        'read are public (Access-Control-Allow-Origin: *, Cache-Control: public, no-cache), others private.',
      license: { name: 'MIT' },
    },
    servers: [{ url: root }],
    security: [{}, { basicAuth: [] }],
    tags: [{ name: 'Capabilities' }, { name: 'Data' }],
    paths: {
      '/': {
        get: {
          tags: ['Capabilities'],
          summary: 'Landing page',
          operationId: 'getLandingPage',
          parameters: [ref('fJson', 'parameters')],
          responses: {
            '200': { description: 'Links to the API definition, the conformance classes and the collections.', content: jsonContent(ref('landingPage')) },
            ...pick(errors, '400', '401'),
          },
        },
      },
      '/conformance': {
        get: {
          tags: ['Capabilities'],
          summary: 'Conformance classes',
          operationId: 'getConformanceDeclaration',
          parameters: [ref('fJson', 'parameters')],
          responses: {
            '200': { description: 'The conformance classes this API meets.', content: jsonContent(ref('confClasses')) },
            ...pick(errors, '400', '401'),
          },
        },
      },
      '/api': {
        get: {
          tags: ['Capabilities'],
          summary: 'This API definition',
          operationId: 'getApiDefinition',
          parameters: [ref('fApi', 'parameters')],
          responses: {
            '200': {
              description: 'The OpenAPI 3.0 document.',
              content: { [MEDIA.openapi]: { schema: { type: 'object' } }, [MEDIA.json]: { schema: { type: 'object' } } },
            },
            ...pick(errors, '400', '401'),
          },
        },
      },
      '/collections': {
        get: {
          tags: ['Capabilities'],
          summary: 'The collections: one per enabled, advertised layer',
          operationId: 'getCollections',
          parameters: [ref('fJson', 'parameters')],
          responses: { '200': { description: 'The collections.', content: jsonContent(ref('collections')) }, ...pick(errors, '400', '401') },
        },
      },
      '/collections/{collectionId}': {
        get: {
          tags: ['Capabilities'],
          summary: 'One collection',
          operationId: 'describeCollection',
          parameters: [ref('collectionId', 'parameters'), ref('fJson', 'parameters')],
          responses: { '200': { description: 'The collection.', content: jsonContent(ref('collection')) }, ...pick(errors, '400', '401', '403', '404', '409') },
        },
      },
      '/collections/{collectionId}/items': {
        get: {
          tags: ['Data'],
          summary: 'Features of a collection',
          description:
            "A page of features as GeoJSON, those the layer's cqlFilter selects, in sortby order then feature id order (so pages are stable): " +
            'up to 1,000 features sent whole (with Content-Length), more streamed. ' +
            'numberMatched is exact when present: offset + numberReturned when the selection ends within the page, else, on pages of up to 1,000 ' +
            'features, a count of the selection when it holds at most 10,000 features; left out otherwise (follow the next links to the end). ' +
            "datetime selects by the layer's time dimension (GeoServer's time entry in the feature type's metadata) and is refused (400) on a layer without one. " +
            'Each data store reads at most 4 pages at once (a fifth waits up to 2 s, then 503), and a ' +
            'client that reads nothing of a streamed page for 10 s loses it.',
          operationId: 'getFeatures',
          parameters: [
            ref('collectionId', 'parameters'),
            ref('limit', 'parameters'),
            ref('offset', 'parameters'),
            ref('bbox', 'parameters'),
            ref('datetime', 'parameters'),
            ref('properties', 'parameters'),
            ref('sortby', 'parameters'),
            ref('filter', 'parameters'),
            ref('filter-lang', 'parameters'),
            ref('filter-crs', 'parameters'),
            ref('fGeoJson', 'parameters'),
          ],
          responses: {
            '200': {
              description: 'The features of the page.',
              content: { [MEDIA.geojson]: { schema: ref('featureCollectionGeoJSON') }, [MEDIA.json]: { schema: ref('featureCollectionGeoJSON') } },
            },
            ...errors,
            '503': ref('StoreBusy', 'responses'),
          },
        },
      },
      '/collections/{collectionId}/queryables': {
        get: {
          tags: ['Capabilities'],
          summary: 'What a filter or sortby may name',
          description:
            "A JSON Schema of the layer's published properties that a filter can compare, and its geometry. f=json answers it as " +
            "application/json with the older draft's queryables list beside it (the form GDAL 3.6 reads).",
          operationId: 'getQueryables',
          parameters: [ref('collectionId', 'parameters'), ref('fQueryables', 'parameters')],
          responses: {
            '200': {
              description: 'The queryables.',
              content: { [MEDIA.schema]: { schema: { type: 'object' } }, [MEDIA.json]: { schema: { type: 'object' } } },
            },
            ...errors,
          },
        },
      },
      '/collections/{collectionId}/items/{featureId}': {
        get: {
          tags: ['Data'],
          summary: 'One feature',
          operationId: 'getFeature',
          parameters: [ref('collectionId', 'parameters'), ref('featureId', 'parameters'), ref('properties', 'parameters'), ref('fGeoJson', 'parameters')],
          responses: {
            '200': {
              description: 'The feature.',
              content: { [MEDIA.geojson]: { schema: ref('featureGeoJSON') }, [MEDIA.json]: { schema: ref('featureGeoJSON') } },
            },
            ...errors,
          },
        },
      },
    },
    components: {
      securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } },
      parameters: {
        fJson: format(['json'], 'json'),
        fApi: format(['json', 'openapi'], 'openapi'),
        fGeoJson: format(['geojson', 'json'], 'geojson'),
        fQueryables: format(['schema', 'json'], 'schema'),
        collectionId: { name: 'collectionId', in: 'path', required: true, description: 'workspace:layer', schema: { type: 'string' } },
        featureId: {
          name: 'featureId',
          in: 'path',
          required: true,
          description: "The feature's id: its primary key's value, or for a table without a one-column primary key the md5 of the row's text.",
          schema: { type: 'string' },
        },
        limit: {
          name: 'limit',
          in: 'query',
          required: false,
          description: `Features per page (default ${DEFAULT_LIMIT}); a value above ${MAX_LIMIT} is taken as ${MAX_LIMIT}.`,
          style: 'form',
          explode: false,
          schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
        },
        offset: {
          name: 'offset',
          in: 'query',
          required: false,
          description: 'Features to skip (the next links use it).',
          style: 'form',
          explode: false,
          schema: { type: 'integer', minimum: 0, default: 0 },
        },
        bbox: {
          name: 'bbox',
          in: 'query',
          required: false,
          description:
            'Only features that intersect the box: minx,miny,maxx,maxy in CRS84 (lon/lat; minx > maxx crosses the antimeridian); 6 numbers with heights are accepted.',
          style: 'form',
          explode: false,
          schema: { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } },
        },
        datetime: {
          name: 'datetime',
          in: 'query',
          required: false,
          description:
            "An instant or an interval (RFC 3339 date-times or dates, a date being its midnight UTC; .. or nothing for an open end, ends included), applied to the layer's time dimension " +
            "(GeoServer's time entry in the feature type's metadata: its attribute, and its endAttribute for features that last, which match when their period meets the one asked). " +
            'A layer without a time dimension answers 400.',
          style: 'form',
          explode: false,
          schema: { type: 'string' },
        },
        sortby: {
          name: 'sortby',
          in: 'query',
          required: false,
          description:
            'Comma-separated property names to sort by, each ascending (+ or no sign) or descending (-), e.g. -persons,+state_name; ' +
            'the queryables other than the geometry (another name is a 400). Ties are broken by feature id.',
          style: 'form',
          explode: false,
          schema: { type: 'array', items: { type: 'string', pattern: '^[+-]?.+$' } },
        },
        filter: {
          name: 'filter',
          in: 'query',
          required: false,
          description:
            "Only the features this filter selects (OGC API - Features Part 3), ANDed with bbox and the layer's own cqlFilter. " +
            'It may name the queryables only; a filter that cannot be read or applied is a 400 naming the token and its 1-based position.',
          style: 'form',
          explode: false,
          schema: { type: 'string' },
        },
        'filter-lang': {
          name: 'filter-lang',
          in: 'query',
          required: false,
          description:
            "The filter's language: cql2-text (the default, which also reads GeoServer's ECQL spellings), cql2-json, " +
            "and the older names cql-text and GeoServer's ecql-text (read as cql2-text).",
          style: 'form',
          explode: false,
          // GDAL's OAPIF driver (3.6) sends -where to the server only when this enum lists cql-text.
          schema: { type: 'string', enum: [...CQL_LANGUAGES], default: DEFAULT_FILTER_LANG },
        },
        'filter-crs': {
          name: 'filter-crs',
          in: 'query',
          required: false,
          description: `The CRS of the filter's geometries: ${CRS84_URI} (the default) or http://www.opengis.net/def/crs/EPSG/0/{code}, x/y order (not 4326, which is latitude first).`,
          style: 'form',
          explode: false,
          schema: { type: 'string', format: 'uri', default: CRS84_URI },
        },
        properties: {
          name: 'properties',
          in: 'query',
          required: false,
          description: 'Comma-separated names of the properties to return (all the layer publishes by default; a name it does not publish is a 400).',
          style: 'form',
          explode: false,
          schema: { type: 'array', items: { type: 'string' } },
        },
      },
      responses: {
        InvalidParameter: { description: 'An unknown query parameter or an invalid value.', content: problem() },
        Unauthorized: {
          description:
            'Wrong Basic credentials; or none, for a collection the rules keep from anonymous callers (catalog mode CHALLENGE or MIXED) or an operation a service rule does.',
          content: problem(),
        },
        Forbidden: {
          description:
            'The caller may not read the collection (catalog mode CHALLENGE or MIXED) or call the operation (a service rule, e.g. features.getFeatures).',
          content: problem(),
        },
        NotFound: { description: 'No such collection or feature, or a collection the caller may not read (catalog mode HIDE).', content: problem() },
        CannotApply: {
          description:
            'The layer serves no features: its feature type has a cqlFilter that cannot be applied to its table, or attributes naming columns its table lacks.',
          content: problem(),
        },
        StoreUnavailable: { description: "The layer's data store cannot be reached.", content: problem() },
        StoreBusy: {
          description: "The layer's data store is serving as many feature pages as it may (4 at once); `Retry-After` says when to try again.",
          content: problem(),
        },
      },
      schemas: {
        link: {
          type: 'object',
          required: ['href', 'rel', 'type'],
          properties: { href: { type: 'string' }, rel: { type: 'string' }, type: { type: 'string' }, title: { type: 'string' } },
        },
        landingPage: {
          type: 'object',
          required: ['links'],
          properties: { title: { type: 'string' }, description: { type: 'string' }, links: { type: 'array', items: ref('link') } },
        },
        confClasses: { type: 'object', required: ['conformsTo'], properties: { conformsTo: { type: 'array', items: { type: 'string' } } } },
        extent: {
          type: 'object',
          properties: {
            spatial: {
              type: 'object',
              properties: {
                bbox: { type: 'array', minItems: 1, items: { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } } },
                crs: { type: 'string', enum: ['http://www.opengis.net/def/crs/OGC/1.3/CRS84'] },
              },
            },
          },
        },
        collection: {
          type: 'object',
          required: ['id', 'links'],
          properties: {
            id: { type: 'string' },
            title: { type: 'string' },
            description: { type: 'string' },
            links: { type: 'array', items: ref('link') },
            extent: ref('extent'),
            itemType: { type: 'string', default: 'feature' },
            crs: { type: 'array', items: { type: 'string' } },
          },
        },
        collections: {
          type: 'object',
          required: ['links', 'collections'],
          properties: { links: { type: 'array', items: ref('link') }, collections: { type: 'array', items: ref('collection') } },
        },
        featureGeoJSON: {
          type: 'object',
          required: ['type', 'geometry', 'properties'],
          properties: {
            type: { type: 'string', enum: ['Feature'] },
            id: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
            geometry: { type: 'object', nullable: true },
            properties: { type: 'object', nullable: true },
            links: { type: 'array', items: ref('link') },
          },
        },
        featureCollectionGeoJSON: {
          type: 'object',
          required: ['type', 'features'],
          properties: {
            type: { type: 'string', enum: ['FeatureCollection'] },
            features: { type: 'array', items: ref('featureGeoJSON') },
            links: { type: 'array', items: ref('link') },
            timeStamp: { type: 'string', format: 'date-time' },
            numberMatched: { type: 'integer', minimum: 0 },
            numberReturned: { type: 'integer', minimum: 0 },
          },
        },
        problem: {
          type: 'object',
          description: 'RFC 9457 problem details, when the request accepts application/problem+json (else a one-line text/plain message).',
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            code: { type: 'string' },
          },
        },
      },
    },
  };
}

function problem(): object {
  return { 'application/problem+json': { schema: ref('problem') }, 'text/plain': { schema: { type: 'string' } } };
}

function pick<T extends Record<string, unknown>>(from: T, ...keys: Array<keyof T>): Partial<T> {
  return Object.fromEntries(keys.map((k) => [k, from[k]])) as Partial<T>;
}
