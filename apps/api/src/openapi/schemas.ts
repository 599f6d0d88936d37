/**
 * JSON Schemas (OpenAPI 3.1 / JSON Schema 2020-12) of the JSON representations the REST API
 * reads and writes. Response schemas are strict (`additionalProperties: false`): the e2e suite
 * validates every documented response against them, so a field added to a mapper without being
 * documented here fails a test. Request schemas are lenient: unknown fields are ignored, as
 * GeoServer ignores them.
 */

import { Attribution, KIND_NAMES, DataStore, FeatureType, Layer, Namespace, SLD_VERSIONS, Style, User, Workspace } from '@geocatalog/catalog-model';
import { STATUS_OF } from '../rest/error-response';
import { requestSchema, responseSchema } from './declared-schemas';
import { LAYER_GROUP_SCHEMAS } from './layergroup-schemas';
import { SETTINGS_SCHEMAS } from './settings-schemas';
import { bool, crs, entryMap, int, JsonSchema, listOf, namedLinkList, num, object, reference, rootDoc, str, uri } from './schema-parts';

export type { JsonSchema } from './schema-parts';

const box = object({ minx: num, maxx: num, miny: num, maxy: num, crs }, ['minx', 'maxx', 'miny', 'maxy']);

const namedLink = object({ name: str(), href: uri }, ['name', 'href']);

/** A user as the security endpoints write it: the declaration's fields, both always there. */
const userSchema = { ...responseSchema(User, {}), required: ['userName', 'enabled'] };

const styleReference = object({ name: str('`ws:name` for a workspace style'), workspace: str(), href: uri }, ['name', 'href']);

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

/** A change of the history (contract §7). */
const changeSchema = object(
  {
    seq: int,
    time: { type: 'string', format: 'date-time' },
    user: str('who made it (absent for changes made without a request, e.g. at start)'),
    operation: { enum: ['create', 'update', 'delete'] },
    kind: { enum: [...KIND_NAMES] },
    resource: str('the record’s REST path without `/rest` and suffix'),
    request: str('one id per request (its `X-Request-Id`)'),
    before: { type: ['object', 'null'], description: 'the record’s JSON representation before (null for a create)' },
    after: { type: ['object', 'null'], description: 'the record’s JSON representation after (null for a delete)' },
    href: uri,
  },
  ['seq', 'time', 'operation', 'kind', 'before', 'after', 'href'],
);

/** Every schema of the document, by name. */
export const SCHEMAS = {
  NamedLink: object({ name: str(), href: uri }, ['name', 'href']),
  WorkspaceList: namedLinkList('workspaces', 'workspace', 'The workspaces, sorted by name'),
  Workspace: rootDoc(
    'workspace',
    responseSchema(Workspace, {
      dataStores: { schema: uri, always: true },
      coverageStores: { schema: uri, always: true },
      wmsStores: { schema: uri, always: true },
      wmtsStores: { schema: uri, always: true },
    }),
  ),
  NamespaceList: namedLinkList('namespaces', 'namespace', 'The namespaces (one per workspace)'),
  Namespace: rootDoc('namespace', responseSchema(Namespace, {})),
  CoverageStoreList: namedLinkList('coverageStores', 'coverageStore', 'Always empty: this catalog keeps no coverage stores'),
  WmsStoreList: namedLinkList('wmsStores', 'wmsStore', 'Always empty: this catalog keeps no WMS stores'),
  WmtsStoreList: namedLinkList('wmtsStores', 'wmtsStore', 'Always empty: this catalog keeps no WMTS stores'),
  DataStoreList: namedLinkList('dataStores', 'dataStore', 'The data stores of a workspace'),
  DataStore: rootDoc(
    'dataStore',
    responseSchema(DataStore, {
      workspaceName: { schema: namedLink, always: true },
      connectionParameters: { schema: entryMap, always: true },
      featureTypes: { schema: uri, always: true },
    }),
  ),
  FeatureTypeList: namedLinkList('featureTypes', 'featureType', 'The configured feature types of a store (or of a workspace)'),
  TableNameList: rootDoc(
    'list',
    object({ string: { type: 'array', items: str() } }, ['string']),
    'Names of tables in the store (`?list=available|available_with_geom|all`); XML `<list><featureTypeName>…</featureTypeName></list>`',
  ),
  FeatureType: rootDoc(
    'featureType',
    responseSchema(FeatureType, {
      namespace: { schema: namedLink, always: true },
      nativeCRS: { schema: crs },
      nativeBbox: { schema: box },
      latLonBbox: { schema: box },
      store: { schema: object({ '@class': { const: 'dataStore' }, name: str('`ws:store`'), href: uri }, ['@class', 'name', 'href']), always: true },
      attributeList: {
        schema: object(
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
    }),
  ),
  LayerList: namedLinkList('layers', 'layer', 'Layers: `ws:name` under /layers, bare names under a workspace'),
  Layer: rootDoc(
    'layer',
    responseSchema(Layer, {
      name: { schema: str(), always: true },
      defaultStyleRef: { schema: styleReference },
      styleRefs: { schema: object({ '@class': { const: 'linked-hash-set' }, style: { type: 'array', items: styleReference } }, ['style']) },
      resource: { schema: object({ '@class': { const: 'featureType' }, name: str('`ws:name`'), href: uri }, ['@class', 'name', 'href']), always: true },
      attribution: { schema: { ...responseSchema(Attribution, {}), required: ['logoWidth', 'logoHeight'] }, always: true },
    }),
  ),
  LayerStyleList: namedLinkList('styles', 'style', "A layer's alternate styles (`ws:name` for workspace styles)"),
  StyleList: namedLinkList('styles', 'style', 'Styles: the global ones under /styles, a workspace’s under it'),
  Style: rootDoc(
    'style',
    responseSchema(Style, {
      workspaceRef: { schema: object({ name: str() }, ['name']) },
      languageVersion: { schema: object({ version: { enum: [...SLD_VERSIONS] } }, ['version']), always: true },
    }),
  ),
  About: rootDoc(
    'about',
    object({ resource: { type: 'array', items: object({ '@name': str(), Version: str() }, ['@name', 'Version']) } }, ['resource']),
    'What is running; the `GeoServer` entry is the GeoServer version whose REST API this follows',
  ),
  UserList: rootDoc('users', { type: 'array', items: userSchema }),
  User: rootDoc('user', userSchema),
  RoleList: rootDoc('roles', { type: 'array', items: str('`ADMIN`, `READER`, or a custom role') }),
  GroupList: rootDoc('groups', { type: 'array', items: str() }),
  Self: rootDoc(
    'self',
    object(
      {
        userName: str(),
        roles: listOf('role', str('its acting roles, its groups’ too')),
        administers: listOf('workspace', str('a workspace it administers (`ws.*.a`)')),
      },
      ['userName', 'roles', 'administers'],
    ),
    'Who the caller is to the data rules',
  ),
  RuleMap: {
    type: 'object',
    additionalProperties: str('the roles, separated by commas (`*`: everybody)'),
    description: 'Rules by key (`ws.layer.mode`, or `service.method`); XML `<rules><rule resource="key">roles</rule></rules>`',
  },
  // No root in JSON (GeoServer's `{"mode":"HIDE"}`); the XML is rooted `catalog`.
  CatalogMode: {
    type: 'object',
    properties: { mode: { enum: ['HIDE', 'CHALLENGE', 'MIXED'] } },
    required: ['mode'],
    description: 'XML `<catalog><mode>HIDE</mode></catalog>`',
  },
  ConnectionTest: rootDoc('connectionTest', object({ ok: { const: true }, message: str('`Connected to PostgreSQL …`') }, ['ok', 'message'])),
  ChangeList: rootDoc(
    'changes',
    object(
      {
        change: { type: 'array', items: changeSchema },
        next: { ...uri, description: 'The next, older page, when this one is full' },
      },
      ['change'],
    ),
  ),
  Change: rootDoc('change', changeSchema),
  OpenApiDocument: { type: 'object', required: ['openapi', 'info', 'paths'], description: 'This document' },
  ImportPlan: object(
    {
      plan: {
        type: 'array',
        items: object(
          {
            action: { enum: ['create', 'update', 'delete', 'unchanged', 'skip', 'error'] },
            kind: str('`workspace`, `namespace`, `dataStore`, `featureType`, `layer`, `style`, or what a skip names (`coverageStore`, `layerGroup`, …)'),
            resource: str('the record’s REST path without `/rest`'),
            reason: str('why it is skipped or fails; what an update changes'),
          },
          ['action', 'kind', 'resource'],
        ),
      },
      applied: bool,
    },
    ['plan', 'applied'],
  ),
  Problem: object(
    {
      type: str('`urn:geocatalog:error:<code>`'),
      title: str(),
      status: int,
      detail: str('the same sentence as the text/plain body'),
      code: { enum: Object.keys(STATUS_OF) },
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
    requestSchema(Workspace, {}, 'PUT: a new `name` renames; PUT /workspaces/default with a `name` makes that workspace the default'),
  ),
  NamespaceBody: rootDoc('namespace', requestSchema(Namespace, {}, 'POST creates the workspace too; the prefix cannot change')),
  DataStoreBody: rootDoc(
    'dataStore',
    requestSchema(
      DataStore,
      { workspaceName: reference, connectionParameters: parameterEntries },
      'PUT: connectionParameters sent replace the stored ones (a missing `passwd` or `namespace` keeps the stored value); a new `name` renames, a new `workspace` moves the store',
    ),
  ),
  FeatureTypeBody: rootDoc(
    'featureType',
    requestSchema(
      FeatureType,
      { namespace: reference, store: reference, nativeCRS: crs },
      'POST publishes a table of the store and creates its layer; PUT merges, and a new `name` renames it and its layer',
    ),
  ),
  LayerBody: rootDoc(
    'layer',
    requestSchema(
      Layer,
      { defaultStyleRef: reference, styleRefs: { type: 'object', properties: { style: { oneOf: [reference, { type: 'array', items: reference }] } } } },
      'A bare style name is looked up in the layer’s workspace first, then among the global styles',
    ),
  ),
  StyleBody: rootDoc(
    'style',
    requestSchema(
      Style,
      { languageVersion: { oneOf: [{ enum: [...SLD_VERSIONS] }, { type: 'object', properties: { version: { enum: [...SLD_VERSIONS] } } }] } },
      'The style record; its SLD document is uploaded separately (PUT with an SLD content type)',
    ),
  ),
  UserBody: rootDoc('user', requestSchema(User, {}, 'Passwords are stored as scrypt hashes and never returned')),
  ...LAYER_GROUP_SCHEMAS,
  ...SETTINGS_SCHEMAS,
} satisfies Record<string, JsonSchema>;

/** Name of a schema in {@link SCHEMAS}. */
export type SchemaName = keyof typeof SCHEMAS;

/** The root element (XML) / root key (JSON) of a document schema. */
export function rootOf(name: SchemaName): string | undefined {
  const schema = SCHEMAS[name] as JsonSchema;
  const required = schema.required as string[] | undefined;
  return required?.length === 1 && schema.additionalProperties === false ? required[0] : undefined;
}
