/**
 * JSON Schemas (OpenAPI 3.1 / JSON Schema 2020-12) of the JSON representations the REST API
 * reads and writes. Response schemas are strict (`additionalProperties: false`): the e2e suite
 * validates every documented response against them, so a field added to a mapper without being
 * documented here fails a test. Request schemas are lenient: unknown fields are ignored, as
 * GeoServer ignores them.
 */

/** A JSON Schema object (the subset this document uses). */
export type JsonSchema = { [key: string]: unknown };

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const str = (description?: string): JsonSchema => (description ? { type: 'string', description } : { type: 'string' });
const bool: JsonSchema = { type: 'boolean' };
const int: JsonSchema = { type: 'integer' };
const num: JsonSchema = { type: 'number' };
const uri: JsonSchema = { type: 'string', format: 'uri' };

/** A strict object: every listed property is known, `required` ones are always written. */
function object(properties: Record<string, JsonSchema>, required: string[] = [], description?: string): JsonSchema {
  return { type: 'object', ...(description ? { description } : {}), properties, required, additionalProperties: false };
}

/** A document `{"root": …}`. */
function rootDoc(root: string, body: JsonSchema, description?: string): JsonSchema {
  return object({ [root]: body }, [root], description);
}

/** GeoServer's JSON for a collection: an array of items, or `""` when it is empty (Jettison). */
function listOf(item: string, itemSchema: JsonSchema): JsonSchema {
  return { oneOf: [{ const: '' }, object({ [item]: { type: 'array', items: itemSchema } }, [item])] };
}

/** `{"root": {"item": [{name, href}]}}` or `{"root": ""}`. */
function namedLinkList(root: string, item: string, description: string): JsonSchema {
  return rootDoc(root, listOf(item, ref('NamedLink')), description);
}

/** `yyyy-MM-dd HH:mm:ss.S UTC`, milliseconds not zero-padded, as GeoServer writes dates. */
const date: JsonSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{1,3} UTC$', examples: ['2024-05-01 10:11:12.5 UTC'] };

/** A CRS as GeoServer writes it: a code or WKT, with `@class: projected` for projected ones. */
const crs: JsonSchema = {
  oneOf: [str(), object({ '@class': { const: 'projected' }, $: str() }, ['@class', '$'])],
};

const box = object({ minx: num, maxx: num, miny: num, maxy: num, crs }, ['minx', 'maxx', 'miny', 'maxy']);

/** A map written as `{"entry":[{"@key","$"}]}`; values are strings. */
const entryMap: JsonSchema = {
  oneOf: [{ const: '' }, object({ entry: { type: 'array', items: object({ '@key': str(), $: str() }, ['@key', '$']) } }, ['entry'])],
};

const styleReference = object({ name: str('`ws:name` for a workspace style'), workspace: str(), href: uri }, ['name', 'href']);

// ------------------------------------------------------------------------------------------------
// Request bodies: every field optional (PUT merges), unknown fields ignored. Booleans may be
// strings in any case (`"True"`), numbers may be strings, and references may be a bare string or
// an object with `name` (and `workspace`).

const anyBool: JsonSchema = { type: ['boolean', 'string'], description: 'true/false in any case' };
const anyInt: JsonSchema = { type: ['integer', 'string'] };
const anyNum: JsonSchema = { type: ['number', 'string'] };
const reference: JsonSchema = {
  oneOf: [str(), { type: 'object', properties: { name: str(), workspace: { oneOf: [str(), { type: 'object', properties: { name: str() } }] } } }],
  description: 'a name, `ws:name`, or `{name, workspace}`',
};
const lenient = (properties: Record<string, JsonSchema>, description: string): JsonSchema => ({
  type: 'object',
  description,
  properties,
  additionalProperties: true,
});
const inputBox: JsonSchema = lenient(
  { minx: anyNum, maxx: anyNum, miny: anyNum, maxy: anyNum, crs },
  'a bounding box; `crs` is read but the declared `srs` decides',
);
const parameterEntries: JsonSchema = {
  oneOf: [
    {
      type: 'object',
      properties: {
        entry: {
          oneOf: [
            {
              type: 'array',
              items: { type: 'object', properties: { '@key': str(), $: { type: ['string', 'number', 'boolean', 'null'] } }, required: ['@key'] },
            },
            { type: 'object', properties: { '@key': str(), $: { type: ['string', 'number', 'boolean', 'null'] } }, required: ['@key'] },
          ],
        },
      },
      required: ['entry'],
    },
    { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] }, description: '`{"host": "…", "port": 5432}`' },
  ],
  description:
    'PostGIS parameters: `dbtype` (`postgis`, or inferred from `type: PostGIS`), `host`, `port`, `database`, `user` required; `passwd`, `schema`, `namespace` (defaults to the workspace URI) and any GeoServer key (`Expose primary keys`, `fetch size`, …) are kept as sent. Every key naming a password (`passwd`, `password`, any case) is stored encrypted, bound to this store and its host, port, database and user, and only ever read back as `crypt2:…`; sending back this store\u2019s own `crypt2:` value (or leaving the password out) keeps the password, unless host, port, database or user change: then the password itself is needed (400 `password needed`). Another store\u2019s `crypt2:` value is refused.',
};

/** Every schema of the document, by name. */
export const SCHEMAS = {
  NamedLink: object({ name: str(), href: uri }, ['name', 'href']),
  WorkspaceList: namedLinkList('workspaces', 'workspace', 'The workspaces, sorted by name'),
  Workspace: rootDoc(
    'workspace',
    object(
      {
        name: str(),
        isolated: bool,
        dateCreated: date,
        dateModified: date,
        dataStores: uri,
        coverageStores: uri,
        wmsStores: uri,
        wmtsStores: uri,
      },
      ['name', 'isolated', 'dataStores', 'coverageStores', 'wmsStores', 'wmtsStores'],
    ),
  ),
  NamespaceList: namedLinkList('namespaces', 'namespace', 'The namespaces (one per workspace)'),
  Namespace: rootDoc('namespace', object({ prefix: str(), uri: str(), isolated: bool }, ['prefix', 'uri', 'isolated'])),
  CoverageStoreList: namedLinkList('coverageStores', 'coverageStore', 'Always empty: this catalog keeps no coverage stores'),
  WmsStoreList: namedLinkList('wmsStores', 'wmsStore', 'Always empty: this catalog keeps no WMS stores'),
  WmtsStoreList: namedLinkList('wmtsStores', 'wmtsStore', 'Always empty: this catalog keeps no WMTS stores'),
  DataStoreList: namedLinkList('dataStores', 'dataStore', 'The data stores of a workspace'),
  DataStore: rootDoc(
    'dataStore',
    object(
      {
        name: str(),
        description: str(),
        type: str('`PostGIS` for `dbtype=postgis`'),
        enabled: bool,
        workspace: object({ name: str(), href: uri }, ['name', 'href']),
        connectionParameters: entryMap,
        _default: bool,
        dateCreated: date,
        dateModified: date,
        disableOnConnFailure: bool,
        featureTypes: uri,
      },
      ['name', 'enabled', 'workspace', 'connectionParameters', '_default', 'disableOnConnFailure', 'featureTypes'],
    ),
  ),
  FeatureTypeList: namedLinkList('featureTypes', 'featureType', 'The configured feature types of a store (or of a workspace)'),
  TableNameList: rootDoc(
    'list',
    object({ string: { type: 'array', items: str() } }, ['string']),
    'Names of tables in the store (`?list=available|available_with_geom|all`); XML `<list><featureTypeName>…</featureTypeName></list>`',
  ),
  FeatureType: rootDoc(
    'featureType',
    object(
      {
        name: str(),
        nativeName: str('the table'),
        namespace: object({ name: str(), href: uri }, ['name', 'href']),
        title: str(),
        description: str(),
        abstract: str(),
        keywords: object({ string: { type: 'array', items: str() } }, ['string']),
        nativeCRS: crs,
        srs: str(),
        nativeBoundingBox: box,
        latLonBoundingBox: box,
        projectionPolicy: { enum: ['FORCE_DECLARED', 'REPROJECT_TO_DECLARED', 'NONE'] },
        enabled: bool,
        advertised: bool,
        store: object({ '@class': { const: 'dataStore' }, name: str('`ws:store`'), href: uri }, ['@class', 'name', 'href']),
        serviceConfiguration: bool,
        simpleConversionEnabled: bool,
        maxFeatures: int,
        numDecimals: int,
        padWithZeros: bool,
        forcedDecimal: bool,
        overridingServiceSRS: bool,
        skipNumberMatched: bool,
        circularArcPresent: bool,
        attributes: object(
          {
            attribute: {
              type: 'array',
              items: object({ name: str(), minOccurs: int, maxOccurs: int, nillable: bool, binding: str('a Java class name'), length: int }, [
                'name',
                'minOccurs',
                'maxOccurs',
                'nillable',
                'binding',
              ]),
            },
          },
          ['attribute'],
          'read live from the table',
        ),
      },
      ['name', 'nativeName', 'namespace', 'srs', 'projectionPolicy', 'enabled', 'store', 'maxFeatures', 'numDecimals', 'circularArcPresent'],
    ),
  ),
  LayerList: namedLinkList('layers', 'layer', 'Layers: `ws:name` under /layers, bare names under a workspace'),
  Layer: rootDoc(
    'layer',
    object(
      {
        name: str(),
        type: { const: 'VECTOR' },
        defaultStyle: styleReference,
        styles: object({ '@class': { const: 'linked-hash-set' }, style: { type: 'array', items: styleReference } }, ['style']),
        resource: object({ '@class': { const: 'featureType' }, name: str('`ws:name`'), href: uri }, ['@class', 'name', 'href']),
        enabled: bool,
        advertised: bool,
        queryable: bool,
        opaque: bool,
        attribution: object({ title: str(), href: str(), logoURL: str(), logoType: str(), logoWidth: int, logoHeight: int }, ['logoWidth', 'logoHeight']),
        dateCreated: date,
        dateModified: date,
      },
      ['name', 'type', 'resource', 'enabled', 'advertised', 'attribution'],
    ),
  ),
  LayerStyleList: namedLinkList('styles', 'style', "A layer's alternate styles (`ws:name` for workspace styles)"),
  StyleList: namedLinkList('styles', 'style', 'Styles: the global ones under /styles, a workspace’s under it'),
  Style: rootDoc(
    'style',
    object(
      {
        name: str(),
        workspace: object({ name: str() }, ['name']),
        format: { const: 'sld' },
        languageVersion: object({ version: { enum: ['1.0.0', '1.1.0'] } }, ['version']),
        filename: str(),
        dateCreated: date,
        dateModified: date,
      },
      ['name', 'format', 'languageVersion', 'filename'],
    ),
  ),
  About: rootDoc(
    'about',
    object({ resource: { type: 'array', items: object({ '@name': str(), Version: str() }, ['@name', 'Version']) } }, ['resource']),
    'What is running; the `GeoServer` entry is the GeoServer version whose REST API this follows',
  ),
  UserList: rootDoc('users', { type: 'array', items: object({ userName: str(), enabled: bool }, ['userName', 'enabled']) }),
  User: rootDoc('user', object({ userName: str(), enabled: bool }, ['userName', 'enabled'])),
  RoleList: rootDoc('roles', { type: 'array', items: { enum: ['ADMIN', 'READER'] } }),
  ConnectionTest: rootDoc('connectionTest', object({ ok: { const: true }, message: str('`Connected to PostgreSQL …`') }, ['ok', 'message'])),
  OpenApiDocument: { type: 'object', required: ['openapi', 'info', 'paths'], description: 'This document' },
  Problem: object(
    {
      type: str('`urn:geocatalog:error:<code>`'),
      title: str(),
      status: int,
      detail: str('the same sentence as the text/plain body'),
      code: {
        enum: [
          'MALFORMED_BODY',
          'WRONG_ROOT',
          'MISSING_FIELD',
          'INVALID_VALUE',
          'INVALID_NAME',
          'INVALID_STYLE',
          'UNAUTHENTICATED',
          'FORBIDDEN',
          'NOT_EMPTY',
          'NOT_CHANGEABLE',
          'NOT_FOUND',
          'METHOD_NOT_ALLOWED',
          'ALREADY_EXISTS',
          'CONFLICT',
          'TOO_LARGE',
          'UNSUPPORTED_MEDIA_TYPE',
          'TOO_MANY_REQUESTS',
          'INTERNAL',
          'STORE_UNAVAILABLE',
          'STORE_BUSY',
          'CATALOG_UNAVAILABLE',
        ],
      },
      issues: {
        type: 'array',
        items: object({ line: int, column: int, message: str() }, ['message']),
        description: 'for INVALID_STYLE: every problem found in the SLD',
      },
    },
    ['type', 'title', 'status', 'detail', 'code'],
    'RFC 9457 problem details, sent when `Accept` lists application/problem+json',
  ),

  WorkspaceBody: rootDoc(
    'workspace',
    lenient({ name: str(), isolated: anyBool }, 'PUT: a new `name` renames; PUT /workspaces/default with a `name` makes that workspace the default'),
  ),
  NamespaceBody: rootDoc('namespace', lenient({ prefix: str(), uri: str(), isolated: anyBool }, 'POST creates the workspace too; the prefix cannot change')),
  DataStoreBody: rootDoc(
    'dataStore',
    lenient(
      {
        name: str('or `?name=` on POST'),
        description: str(),
        type: str('ignored but for inferring `dbtype` (`PostGIS`); written back from `dbtype`'),
        enabled: anyBool,
        workspace: reference,
        disableOnConnFailure: anyBool,
        connectionParameters: parameterEntries,
      },
      'PUT: connectionParameters sent replace the stored ones (a missing `passwd` or `namespace` keeps the stored value); a new `name` renames, a new `workspace` moves the store',
    ),
  ),
  FeatureTypeBody: rootDoc(
    'featureType',
    lenient(
      {
        name: str('defaults to nativeName'),
        nativeName: str('the table; defaults to name'),
        title: str('defaults to the table name'),
        abstract: str(),
        description: str(),
        keywords: { type: 'object', properties: { string: { oneOf: [str(), { type: 'array', items: str() }] } } },
        nativeCRS: crs,
        srs: str('EPSG code; defaults to nativeCRS, else the SRID of the geometry column'),
        nativeBoundingBox: inputBox,
        latLonBoundingBox: inputBox,
        projectionPolicy: { enum: ['FORCE_DECLARED', 'REPROJECT_TO_DECLARED', 'NONE'] },
        enabled: anyBool,
        advertised: anyBool,
        maxFeatures: anyInt,
        numDecimals: anyInt,
        overridingServiceSRS: anyBool,
        circularArcPresent: anyBool,
        store: reference,
        namespace: reference,
      },
      'POST publishes a table of the store and creates its layer; PUT merges, and a new `name` renames it and its layer',
    ),
  ),
  LayerBody: rootDoc(
    'layer',
    lenient(
      {
        name: str('a new name renames the layer and its feature type'),
        defaultStyle: reference,
        styles: { type: 'object', properties: { style: { oneOf: [reference, { type: 'array', items: reference }] } } },
        enabled: anyBool,
        advertised: anyBool,
        queryable: anyBool,
        opaque: anyBool,
        attribution: lenient({ title: str(), href: str(), logoURL: str(), logoType: str(), logoWidth: anyInt, logoHeight: anyInt }, 'merged field by field'),
      },
      'A bare style name is looked up in the layer’s workspace first, then among the global styles',
    ),
  ),
  StyleBody: rootDoc(
    'style',
    lenient(
      {
        name: str(),
        filename: str('defaults to `name.sld`'),
        format: { const: 'sld' },
        languageVersion: { oneOf: [str(), { type: 'object', properties: { version: str() } }] },
        workspace: reference,
      },
      'The style record; its SLD document is uploaded separately (PUT with an SLD content type)',
    ),
  ),
  UserBody: rootDoc('user', lenient({ userName: str(), password: str(), enabled: anyBool }, 'Passwords are stored as scrypt hashes and never returned')),
} satisfies Record<string, JsonSchema>;

/** Name of a schema in {@link SCHEMAS}. */
export type SchemaName = keyof typeof SCHEMAS;

/** The root element (XML) / root key (JSON) of a document schema. */
export function rootOf(name: SchemaName): string | undefined {
  const schema = SCHEMAS[name] as JsonSchema;
  const required = schema.required as string[] | undefined;
  return required?.length === 1 && schema.additionalProperties === false ? required[0] : undefined;
}
