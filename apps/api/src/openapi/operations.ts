import { BodyExample, EXAMPLES } from './examples';
import { SchemaName } from './schemas';

/**
 * Every operation of the REST API, typed: the single source of the OpenAPI document. The
 * document is built from this table and checked against the live router at run time (a route
 * missing here, or an entry no route answers, is flagged in the served document and fails the
 * e2e suite), and the e2e suite sends every documented example to its operation.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Groups of operations, in the order the document lists them. */
export const TAGS = {
  workspaces: 'Workspaces and the (empty) coverage, WMS and WMTS store lists of a workspace',
  namespaces: 'Namespaces: one per workspace, prefix = workspace name',
  datastores: 'PostGIS data stores of a workspace, and the console’s connection test',
  featuretypes: 'Feature types: published tables of a data store, each with its layer',
  layers: 'Layers (one per feature type) and their styles',
  styles: 'Styles: global ones and workspace ones, records and SLD documents',
  security: 'Users and roles (ADMIN only)',
  about: 'Version',
  maintenance: 'GeoServer’s reset and reload (no-ops here)',
  openapi: 'This document',
} as const;
export type Tag = keyof typeof TAGS;

/** Path parameters, with the example value every example request uses. */
export const PATH_PARAMETERS = {
  ws: { description: 'Workspace name (`default` = the default workspace)', example: 'acme' },
  prefix: { description: 'Namespace prefix (= workspace name; `default` = the default one)', example: 'acme' },
  ds: { description: 'Data store name', example: 'nyc' },
  ft: { description: 'Feature type name', example: 'roads' },
  layer: { description: 'Layer name: `ws:name` (a bare name is looked up in the default workspace)', example: 'acme:roads' },
  style: { description: 'Style name', example: 'roads_style' },
  name: { description: 'User name', example: 'viewer' },
  role: { description: 'Role: `ADMIN` or `READER`', example: 'READER' },
} as const;
export type PathParameter = keyof typeof PATH_PARAMETERS;

/** Query parameters, with their meaning and the example value example requests use. */
export const QUERY_PARAMETERS = {
  recurse: { description: 'Delete everything inside too (without it, a non-empty resource is a 403)', schema: { type: 'boolean' }, example: true },
  purge: { description: 'Accepted for GeoServer compatibility (no files to purge here)', schema: { type: 'string' }, example: 'true' },
  default: { description: 'Also make it the default', schema: { type: 'boolean' }, example: true },
  name: { description: 'Name of the new resource (or the style to add) when the body does not give one', schema: { type: 'string' } },
  raw: { description: 'Store the SLD as sent, without validating it', schema: { type: 'boolean' }, example: false },
  list: {
    description:
      '`configured` (default): the catalog’s feature types; `available`: tables not yet published; `available_with_geom`: those with a geometry; `all`: every table',
    schema: { enum: ['configured', 'available', 'available_with_geom', 'all'] },
    example: 'configured',
  },
  recalculate: {
    description: 'What to recompute from the data: a comma list of `nativebbox`, `latlonbbox`, `attributes` (empty: nothing)',
    schema: { type: 'string' },
    example: 'nativebbox,latlonbbox',
  },
} as const;
export type QueryParameter = keyof typeof QUERY_PARAMETERS;

/** What a request body may be. */
export type BodyKind =
  /** A catalog document in XML (`application/xml`, `text/xml`) or JSON (`application/json`). */
  | { kind: 'document'; schema: SchemaName; example: BodyExample }
  /** A catalog document, or an SLD document (`application/vnd.ogc.sld+xml` 1.0.0, `application/vnd.ogc.se+xml` 1.1.0). */
  | { kind: 'documentOrSld'; schema: SchemaName; example: BodyExample };

/** What a successful answer is. */
export type Success =
  /** 200 with a representation, JSON by default or XML (`jsonOnly`: JSON whatever is asked). */
  | { status: 200; schema: SchemaName; jsonOnly?: true }
  /** 200 with a representation, or the style's SLD document (`.sld`, `?format=sld`, an SLD `Accept`). */
  | { status: 200; schema: SchemaName; sld: true }
  /** 201, `Location` of the new resource, its name as text/plain. */
  | { status: 201 }
  /** 200 with an empty body. */
  | { status: 200; empty: true };

export interface RestOperation {
  operationId: string;
  method: HttpMethod;
  /** Below `/rest`, OpenAPI syntax; parameter names are the router's. */
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  query?: QueryParameter[];
  body?: BodyKind;
  success: Success;
  /** Error statuses beyond those every operation has (401, 403). */
  errors: number[];
  /** Path parameters with another example than the default (e.g. a bare layer name). */
  examples?: Partial<Record<PathParameter, string>>;
}

const doc = (schema: SchemaName, example: BodyExample): BodyKind => ({ kind: 'document', schema, example });
const docOrSld = (schema: SchemaName, example: BodyExample): BodyKind => ({ kind: 'documentOrSld', schema, example });
const ok = (schema: SchemaName): Success => ({ status: 200, schema });
const CREATED: Success = { status: 201 };
const DONE: Success = { status: 200, empty: true };

/** Errors of a request with a body: malformed or invalid (400), too large (413), wrong media type (415). */
const BODY_ERRORS = [400, 413, 415];

/** Feature type operations, the same under a store and under a workspace (its default store). */
function featureTypeOperations(base: string, scope: 'store' | 'workspace'): RestOperation[] {
  const id = (verb: string) => `${verb}${scope === 'store' ? '' : 'InWorkspace'}`;
  const where = scope === 'store' ? 'of a data store' : 'of the workspace’s default (first) data store';
  return [
    {
      operationId: id('listFeatureTypes'),
      method: 'GET',
      path: base,
      tag: 'featuretypes',
      summary: `List the feature types ${where}, or the tables it could publish`,
      query: ['list'],
      success: ok('FeatureTypeList'),
      description: 'With `?list=available|available_with_geom|all` the answer is a TableNameList (the store is connected to).',
      errors: [400, 404, 502],
    },
    {
      operationId: id('createFeatureType'),
      method: 'POST',
      path: base,
      tag: 'featuretypes',
      summary: `Publish a table ${where} as a feature type, with its layer`,
      description:
        'Reads the table: attributes, native CRS, bounding boxes (unless sent). Creates the layer `ws:name` with a default style by geometry (`point`, `line`, `polygon`, `generic`). 404 names the missing table.',
      body: doc('FeatureTypeBody', EXAMPLES.featureTypeCreate),
      success: CREATED,
      errors: [...BODY_ERRORS, 404, 409, 502],
    },
    {
      operationId: id('getFeatureType'),
      method: 'GET',
      path: `${base}/{ft}`,
      tag: 'featuretypes',
      summary: 'Read a feature type; its attributes are read live from the table',
      success: ok('FeatureType'),
      errors: [404, 502],
    },
    {
      operationId: id('updateFeatureType'),
      method: 'PUT',
      path: `${base}/{ft}`,
      tag: 'featuretypes',
      summary: 'Change a feature type (partial merge; a new name renames it and its layer)',
      query: ['recalculate'],
      body: doc('FeatureTypeBody', EXAMPLES.featureTypeUpdate),
      success: DONE,
      errors: [...BODY_ERRORS, 404, 409, 502],
    },
    {
      operationId: id('deleteFeatureType'),
      method: 'DELETE',
      path: `${base}/{ft}`,
      tag: 'featuretypes',
      summary: 'Delete a feature type (with its layer: `?recurse=true`)',
      query: ['recurse'],
      success: DONE,
      errors: [404],
    },
  ];
}

/** Style operations, the same globally and in a workspace. */
function styleOperations(base: string, scope: 'global' | 'workspace'): RestOperation[] {
  const id = (verb: string) => `${verb}${scope === 'global' ? '' : 'InWorkspace'}`;
  const which = scope === 'global' ? 'global styles' : 'styles of a workspace';
  return [
    {
      operationId: id('listStyles'),
      method: 'GET',
      path: base,
      tag: 'styles',
      summary: `List the ${which}`,
      success: ok('StyleList'),
      errors: scope === 'global' ? [] : [404],
    },
    {
      operationId: id('createStyle'),
      method: 'POST',
      path: base,
      tag: 'styles',
      summary: `Create a style among the ${which}: a record (XML/JSON), or a whole SLD document in one step`,
      description:
        'An SLD body is validated (400 `Invalid style: line …, column …: …`) unless `?raw=true`; its name is `?name=`, else the name of its first UserStyle (or NamedLayer).',
      query: ['name', 'raw'],
      body: docOrSld('StyleBody', EXAMPLES.styleCreate),
      success: CREATED,
      errors: [...BODY_ERRORS, 409, ...(scope === 'global' ? [] : [404])],
    },
    {
      operationId: id('getStyle'),
      method: 'GET',
      path: `${base}/{style}`,
      tag: 'styles',
      summary: 'Read a style record, or its SLD document (`.sld`, `?format=sld` or an SLD `Accept`), byte for byte',
      success: { status: 200, schema: 'Style', sld: true },
      errors: [404],
    },
    {
      operationId: id('updateStyle'),
      method: 'PUT',
      path: `${base}/{style}`,
      tag: 'styles',
      summary: 'Upload the style’s SLD document, or change its record (partial merge; renames allowed but for the default styles)',
      query: ['raw'],
      body: docOrSld('StyleBody', EXAMPLES.styleUpdate),
      success: DONE,
      errors: [...BODY_ERRORS, 404, 409],
    },
    {
      operationId: id('deleteStyle'),
      method: 'DELETE',
      path: `${base}/{style}`,
      tag: 'styles',
      summary: 'Delete a style (used by layers: `?recurse=true`, they fall back to their geometry’s default style)',
      query: ['recurse', 'purge'],
      success: DONE,
      errors: [404],
    },
  ];
}

/** Layer item operations, the same as `/layers/{ws:name}` and `/workspaces/{ws}/layers/{name}`. */
function layerOperations(path: string, scope: 'global' | 'workspace'): RestOperation[] {
  const id = (verb: string) => `${verb}${scope === 'global' ? '' : 'InWorkspace'}`;
  const examples = scope === 'workspace' ? { layer: 'roads' } : undefined;
  return [
    { operationId: id('getLayer'), method: 'GET', path, tag: 'layers', summary: 'Read a layer', success: ok('Layer'), errors: [404], examples },
    {
      operationId: id('updateLayer'),
      method: 'PUT',
      path,
      tag: 'layers',
      summary: 'Change a layer (partial merge): default style, alternate styles, flags, attribution; a new name renames its feature type',
      body: doc('LayerBody', EXAMPLES.layerUpdate),
      success: DONE,
      errors: [...BODY_ERRORS, 404, 409],
      examples,
    },
    {
      operationId: id('deleteLayer'),
      method: 'DELETE',
      path,
      tag: 'layers',
      summary: 'Delete a layer (`?recurse=true` deletes its feature type too)',
      query: ['recurse'],
      success: DONE,
      errors: [404],
      examples,
    },
  ];
}

/** The table. */
export const OPERATIONS: RestOperation[] = [
  // Workspaces
  {
    operationId: 'listWorkspaces',
    method: 'GET',
    path: '/workspaces',
    tag: 'workspaces',
    summary: 'List the workspaces',
    success: ok('WorkspaceList'),
    errors: [],
  },
  {
    operationId: 'createWorkspace',
    method: 'POST',
    path: '/workspaces',
    tag: 'workspaces',
    summary: 'Create a workspace and its namespace (`http://{name}`)',
    query: ['default'],
    body: doc('WorkspaceBody', EXAMPLES.workspaceCreate),
    success: CREATED,
    errors: [...BODY_ERRORS, 409],
  },
  {
    operationId: 'getWorkspace',
    method: 'GET',
    path: '/workspaces/{ws}',
    tag: 'workspaces',
    summary: 'Read a workspace',
    success: ok('Workspace'),
    errors: [404],
  },
  {
    operationId: 'updateWorkspace',
    method: 'PUT',
    path: '/workspaces/{ws}',
    tag: 'workspaces',
    summary: 'Change a workspace (partial merge; a new name renames it); PUT /workspaces/default sets the default workspace',
    body: doc('WorkspaceBody', EXAMPLES.workspaceUpdate),
    success: DONE,
    errors: [...BODY_ERRORS, 404, 409],
  },
  {
    operationId: 'deleteWorkspace',
    method: 'DELETE',
    path: '/workspaces/{ws}',
    tag: 'workspaces',
    summary: 'Delete a workspace (with stores or styles: `?recurse=true` deletes them too)',
    query: ['recurse'],
    success: DONE,
    errors: [404],
  },
  {
    operationId: 'listCoverageStores',
    method: 'GET',
    path: '/workspaces/{ws}/coveragestores',
    tag: 'workspaces',
    summary: 'The workspace’s coverage stores: always empty',
    success: ok('CoverageStoreList'),
    errors: [404],
  },
  {
    operationId: 'listWmsStores',
    method: 'GET',
    path: '/workspaces/{ws}/wmsstores',
    tag: 'workspaces',
    summary: 'The workspace’s WMS stores: always empty',
    success: ok('WmsStoreList'),
    errors: [404],
  },
  {
    operationId: 'listWmtsStores',
    method: 'GET',
    path: '/workspaces/{ws}/wmtsstores',
    tag: 'workspaces',
    summary: 'The workspace’s WMTS stores: always empty',
    success: ok('WmtsStoreList'),
    errors: [404],
  },

  // Namespaces
  {
    operationId: 'listNamespaces',
    method: 'GET',
    path: '/namespaces',
    tag: 'namespaces',
    summary: 'List the namespaces',
    success: ok('NamespaceList'),
    errors: [],
  },
  {
    operationId: 'createNamespace',
    method: 'POST',
    path: '/namespaces',
    tag: 'namespaces',
    summary: 'Create a namespace and its workspace (how gsconfig creates workspaces)',
    query: ['default'],
    body: doc('NamespaceBody', EXAMPLES.namespaceCreate),
    success: CREATED,
    errors: [...BODY_ERRORS, 409],
  },
  {
    operationId: 'getNamespace',
    method: 'GET',
    path: '/namespaces/{prefix}',
    tag: 'namespaces',
    summary: 'Read a namespace',
    success: ok('Namespace'),
    errors: [404],
  },
  {
    operationId: 'updateNamespace',
    method: 'PUT',
    path: '/namespaces/{prefix}',
    tag: 'namespaces',
    summary: 'Change a namespace’s URI or isolation (the prefix cannot change)',
    body: doc('NamespaceBody', EXAMPLES.namespaceUpdate),
    success: DONE,
    errors: [...BODY_ERRORS, 404, 409],
  },
  {
    operationId: 'deleteNamespace',
    method: 'DELETE',
    path: '/namespaces/{prefix}',
    tag: 'namespaces',
    summary: 'Delete a namespace and its workspace (`?recurse=true` when not empty)',
    query: ['recurse'],
    success: DONE,
    errors: [404],
  },

  // Data stores
  {
    operationId: 'listDataStores',
    method: 'GET',
    path: '/workspaces/{ws}/datastores',
    tag: 'datastores',
    summary: 'List the data stores of a workspace',
    success: ok('DataStoreList'),
    errors: [404],
  },
  {
    operationId: 'createDataStore',
    method: 'POST',
    path: '/workspaces/{ws}/datastores',
    tag: 'datastores',
    summary: 'Create a PostGIS data store (no connection is made)',
    query: ['name'],
    body: doc('DataStoreBody', EXAMPLES.dataStoreCreate),
    success: CREATED,
    errors: [...BODY_ERRORS, 404, 409],
  },
  {
    operationId: 'getDataStore',
    method: 'GET',
    path: '/workspaces/{ws}/datastores/{ds}',
    tag: 'datastores',
    summary: 'Read a data store (passwords only ever as `crypt2:…`)',
    success: ok('DataStore'),
    errors: [404],
  },
  {
    operationId: 'updateDataStore',
    method: 'PUT',
    path: '/workspaces/{ws}/datastores/{ds}',
    tag: 'datastores',
    summary: 'Change a data store (partial merge; renames and moves allowed)',
    body: doc('DataStoreBody', EXAMPLES.dataStoreUpdate),
    success: DONE,
    errors: [...BODY_ERRORS, 404, 409],
  },
  {
    operationId: 'deleteDataStore',
    method: 'DELETE',
    path: '/workspaces/{ws}/datastores/{ds}',
    tag: 'datastores',
    summary: 'Delete a data store (with feature types: `?recurse=true` deletes them and their layers)',
    query: ['recurse', 'purge'],
    success: DONE,
    errors: [404],
  },
  {
    operationId: 'testDataStoreConnection',
    method: 'POST',
    path: '/datastores/connection-test',
    tag: 'datastores',
    summary: 'Try a data store’s connection parameters without saving anything',
    description:
      'The body is a `dataStore` document as for creating one; only its connection parameters matter. A `crypt2:` password is accepted only when the body names a saved store (`workspace` and `name`) and keeps its host, port, database and user (otherwise 400 `password needed`); leaving the password out then uses the stored one. 200 `{"connectionTest":{"ok":true,"message":"Connected to PostgreSQL …"}}`; 400 for parameters a store could not be created with; 502 with the driver’s reason when the database does not answer (within 10 s).',
    body: doc('DataStoreBody', EXAMPLES.connectionTest),
    success: ok('ConnectionTest'),
    errors: [...BODY_ERRORS, 502],
  },

  // Feature types
  ...featureTypeOperations('/workspaces/{ws}/datastores/{ds}/featuretypes', 'store'),
  ...featureTypeOperations('/workspaces/{ws}/featuretypes', 'workspace'),

  // Layers
  { operationId: 'listLayers', method: 'GET', path: '/layers', tag: 'layers', summary: 'List every layer (`ws:name`)', success: ok('LayerList'), errors: [] },
  {
    operationId: 'listLayersInWorkspace',
    method: 'GET',
    path: '/workspaces/{ws}/layers',
    tag: 'layers',
    summary: 'List the layers of a workspace (bare names; an unknown workspace lists nothing, as in GeoServer)',
    success: ok('LayerList'),
    errors: [],
  },
  ...layerOperations('/layers/{layer}', 'global'),
  ...layerOperations('/workspaces/{ws}/layers/{layer}', 'workspace'),
  {
    operationId: 'listLayerStyles',
    method: 'GET',
    path: '/layers/{layer}/styles',
    tag: 'layers',
    summary: 'List a layer’s alternate styles',
    success: ok('LayerStyleList'),
    errors: [404],
  },
  {
    operationId: 'addLayerStyle',
    method: 'POST',
    path: '/layers/{layer}/styles',
    tag: 'layers',
    summary: 'Add an existing style to a layer’s alternate styles (`?default=true`: and make it the default)',
    description: 'The body names the style (`<style><name>…</name><workspace>…</workspace></style>`, or the whole style record as read), or `?name=` does.',
    query: ['default', 'name'],
    body: doc('StyleBody', EXAMPLES.layerStyle),
    success: CREATED,
    errors: [...BODY_ERRORS, 404],
  },

  // Styles
  ...styleOperations('/styles', 'global'),
  ...styleOperations('/workspaces/{ws}/styles', 'workspace'),

  // Security
  {
    operationId: 'listUsers',
    method: 'GET',
    path: '/security/usergroup/users',
    tag: 'security',
    summary: 'List the users',
    success: ok('UserList'),
    errors: [],
  },
  {
    operationId: 'createUser',
    method: 'POST',
    path: '/security/usergroup/users',
    tag: 'security',
    summary: 'Create a user',
    body: doc('UserBody', EXAMPLES.userCreate),
    success: CREATED,
    errors: [...BODY_ERRORS, 409],
  },
  {
    operationId: 'getUser',
    method: 'GET',
    path: '/security/usergroup/user/{name}',
    tag: 'security',
    summary: 'Read a user (never its password)',
    success: ok('User'),
    errors: [404],
  },
  {
    operationId: 'updateUser',
    method: 'PUT',
    path: '/security/usergroup/user/{name}',
    tag: 'security',
    summary: 'Change a user’s password or enabled flag',
    body: doc('UserBody', EXAMPLES.userUpdate),
    success: DONE,
    errors: [...BODY_ERRORS, 404, 409],
  },
  {
    operationId: 'modifyUser',
    method: 'POST',
    path: '/security/usergroup/user/{name}',
    tag: 'security',
    summary: 'Change a user, as GeoServer does it (POST; the same as PUT)',
    body: doc('UserBody', EXAMPLES.userUpdate),
    success: DONE,
    errors: [...BODY_ERRORS, 404, 409],
  },
  {
    operationId: 'deleteUser',
    method: 'DELETE',
    path: '/security/usergroup/user/{name}',
    tag: 'security',
    summary: 'Delete a user (not the last enabled ADMIN: 409)',
    success: DONE,
    errors: [404, 409],
  },
  { operationId: 'listRoles', method: 'GET', path: '/security/roles', tag: 'security', summary: 'List the roles', success: ok('RoleList'), errors: [] },
  {
    operationId: 'listUserRoles',
    method: 'GET',
    path: '/security/roles/user/{name}',
    tag: 'security',
    summary: 'List a user’s roles',
    success: ok('RoleList'),
    errors: [404],
  },
  {
    operationId: 'grantRole',
    method: 'POST',
    path: '/security/roles/role/{role}/user/{name}',
    tag: 'security',
    summary: 'Give a user a role',
    success: DONE,
    errors: [404],
  },
  {
    operationId: 'revokeRole',
    method: 'DELETE',
    path: '/security/roles/role/{role}/user/{name}',
    tag: 'security',
    summary: 'Take a role from a user (not ADMIN from the last enabled ADMIN: 409)',
    success: DONE,
    errors: [404, 409],
  },

  // About, maintenance, this document
  {
    operationId: 'getVersion',
    method: 'GET',
    path: '/about/version',
    tag: 'about',
    summary: 'What is running, and the GeoServer version whose REST API this follows',
    success: ok('About'),
    errors: [],
  },
  {
    operationId: 'reset',
    method: 'POST',
    path: '/reset',
    tag: 'maintenance',
    summary: 'GeoServer’s cache reset: a no-op (nothing is cached)',
    success: DONE,
    errors: [],
  },
  { operationId: 'resetByPut', method: 'PUT', path: '/reset', tag: 'maintenance', summary: 'The same as POST /reset', success: DONE, errors: [] },
  {
    operationId: 'reload',
    method: 'POST',
    path: '/reload',
    tag: 'maintenance',
    summary: 'GeoServer’s configuration reload: a no-op (the catalog is read from PostgreSQL on every request)',
    success: DONE,
    errors: [],
  },
  { operationId: 'reloadByPut', method: 'PUT', path: '/reload', tag: 'maintenance', summary: 'The same as POST /reload', success: DONE, errors: [] },
  {
    operationId: 'getOpenApi',
    method: 'GET',
    path: '/openapi',
    tag: 'openapi',
    summary: 'This OpenAPI 3.1 document (served at /rest/openapi.json; JSON only)',
    success: { status: 200, schema: 'OpenApiDocument', jsonOnly: true },
    errors: [],
  },
];
