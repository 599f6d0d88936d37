/**
 * Every kind of catalog record, declared once (issue 22): its wire root, table, parent, REST path
 * and how its name is scoped. Controllers' routes, links, OpenAPI paths, the data-directory layout,
 * the history's kind → table and path, and the console's path building and parsing derive from
 * this table; a new kind is an entry here plus its declaration and its own folder.
 */

/** The kinds the catalog keeps (the history's `kind` column uses these names). */
export const KIND_NAMES = [
  'workspace',
  'namespace',
  'dataStore',
  'featureType',
  'layer',
  'layerGroup',
  'style',
  'user',
  'settings',
  'serviceSettings',
  'rule',
  'serviceRule',
] as const;
export type KindName = (typeof KIND_NAMES)[number];

/**
 * How a record's name is unique:
 * - `global`: one name space for the whole catalog (workspaces, users);
 * - `workspace`: unique within its workspace (layers, stores);
 * - `store`: unique within its data store (feature types);
 * - `globalOrWorkspace`: a record with no workspace is global, or it belongs to one (styles, layer groups).
 */
export type NameScope = 'global' | 'workspace' | 'store' | 'globalOrWorkspace';

/** The names a record's path is built from; `workspace` is null for a global record. */
export interface RecordNames {
  workspace?: string | null;
  store?: string;
  name: string;
}

/**
 * How a record's row gives the names its path is built from: the columns holding the ids of its
 * workspace's and store's rows (its own name is its `name` column), or the record whose names it
 * takes (a layer is named as its feature type).
 */
export type RowNames = { workspace?: string; store?: string } | { sameAs: KindName; column: string };

/**
 * Where a record lives in a GeoServer data directory (`GeoServerDataDirectory`), relative to its
 * root, with the placeholders of {@link RecordKind.path}. A layer's `{store}` and `{name}` are
 * its feature type's.
 */
export interface DirectoryLayout {
  /** The record's file. */
  file: string;
  /** The file of a record with no workspace (`globalOrWorkspace` kinds only). */
  globalFile?: string;
}

export interface RecordKind {
  kind: KindName;
  /** XML root element and JSON key of one record (`dataStore`). */
  root: string;
  /** XML root element and JSON key of a list of records (`dataStores`). */
  listRoot: string;
  /** The table holding its rows (a namespace is its workspace's row). */
  table: string;
  /** The kind whose record scopes this one's name, if any. */
  parent: KindName | null;
  scope: NameScope;
  /**
   * The REST path of one record, without `/rest` and suffix; `{workspace}`, `{store}` and `{name}`
   * stand for the record's names. For a `globalOrWorkspace` kind this is the workspace form.
   */
  path: string;
  /** The path of a record with no workspace (`globalOrWorkspace` kinds only). */
  globalPath?: string;
  /** Other paths the same record answers on, e.g. `/layers/{workspace}:{name}`. */
  aliases?: readonly string[];
  /** The segment naming its collection, e.g. `datastores` (the path's last-but-one segment). */
  collection: string;
  /** The api's route parameter for `{name}` (`ds` in `workspaces/:ws/datastores/:ds`). */
  param: string;
  /** How its row names it (the history builds each change's path from this). */
  rowNames: RowNames;
  /** Its place in a data directory; null for a kind GeoServer keeps elsewhere (users). */
  directory: DirectoryLayout | null;
}

const KINDS: readonly RecordKind[] = [
  {
    kind: 'workspace',
    root: 'workspace',
    listRoot: 'workspaces',
    table: 'workspace',
    parent: null,
    scope: 'global',
    path: '/workspaces/{name}',
    collection: 'workspaces',
    param: 'ws',
    rowNames: {},
    directory: { file: 'workspaces/{name}/workspace.xml' },
  },
  {
    kind: 'namespace',
    root: 'namespace',
    listRoot: 'namespaces',
    table: 'workspace',
    parent: null,
    scope: 'global',
    path: '/namespaces/{name}',
    collection: 'namespaces',
    param: 'prefix',
    rowNames: {},
    directory: { file: 'workspaces/{name}/namespace.xml' },
  },
  {
    kind: 'dataStore',
    root: 'dataStore',
    listRoot: 'dataStores',
    table: 'data_store',
    parent: 'workspace',
    scope: 'workspace',
    path: '/workspaces/{workspace}/datastores/{name}',
    collection: 'datastores',
    param: 'ds',
    rowNames: { workspace: 'workspace_id' },
    directory: { file: 'workspaces/{workspace}/{name}/datastore.xml' },
  },
  {
    kind: 'featureType',
    root: 'featureType',
    listRoot: 'featureTypes',
    table: 'feature_type',
    parent: 'dataStore',
    scope: 'store',
    path: '/workspaces/{workspace}/datastores/{store}/featuretypes/{name}',
    // GeoServer's shortcut through the workspace's default store.
    aliases: ['/workspaces/{workspace}/featuretypes/{name}'],
    collection: 'featuretypes',
    param: 'ft',
    rowNames: { workspace: 'workspace_id', store: 'data_store_id' },
    directory: { file: 'workspaces/{workspace}/{store}/{name}/featuretype.xml' },
  },
  {
    kind: 'layer',
    root: 'layer',
    listRoot: 'layers',
    table: 'layer',
    parent: 'workspace',
    scope: 'workspace',
    path: '/workspaces/{workspace}/layers/{name}',
    aliases: ['/layers/{workspace}:{name}'],
    collection: 'layers',
    param: 'layer',
    rowNames: { sameAs: 'featureType', column: 'feature_type_id' },
    directory: { file: 'workspaces/{workspace}/{store}/{name}/layer.xml' },
  },
  {
    kind: 'layerGroup',
    root: 'layerGroup',
    listRoot: 'layerGroups',
    table: 'layer_group',
    parent: 'workspace',
    scope: 'globalOrWorkspace',
    path: '/workspaces/{workspace}/layergroups/{name}',
    globalPath: '/layergroups/{name}',
    collection: 'layergroups',
    param: 'group',
    rowNames: { workspace: 'workspace_id' },
    directory: { file: 'workspaces/{workspace}/layergroups/{name}.xml', globalFile: 'layergroups/{name}.xml' },
  },
  {
    kind: 'style',
    root: 'style',
    listRoot: 'styles',
    table: 'style',
    parent: 'workspace',
    scope: 'globalOrWorkspace',
    path: '/workspaces/{workspace}/styles/{name}',
    globalPath: '/styles/{name}',
    collection: 'styles',
    param: 'style',
    rowNames: { workspace: 'workspace_id' },
    directory: { file: 'workspaces/{workspace}/styles/{name}.xml', globalFile: 'styles/{name}.xml' },
  },
  {
    kind: 'user',
    root: 'user',
    listRoot: 'users',
    table: 'app_user',
    parent: null,
    scope: 'global',
    path: '/security/usergroup/user/{name}',
    collection: 'user',
    param: 'name',
    rowNames: {},
    directory: null,
  },
  {
    // The server's settings (`/settings`, GeoServer's `global.xml`) or a workspace's.
    kind: 'settings',
    root: 'settings',
    listRoot: 'settings',
    table: 'settings',
    parent: 'workspace',
    scope: 'globalOrWorkspace',
    path: '/workspaces/{workspace}/settings',
    globalPath: '/settings',
    collection: 'settings',
    param: 'settings',
    rowNames: { workspace: 'workspace_id' },
    directory: { file: 'workspaces/{workspace}/settings.xml', globalFile: 'global.xml' },
  },
  {
    // A service's settings (`wms`, `wfs`: its `name`), global or a workspace's; the root is the service's name.
    kind: 'serviceSettings',
    root: 'service',
    listRoot: 'services',
    table: 'service_settings',
    parent: 'workspace',
    scope: 'globalOrWorkspace',
    path: '/services/{name}/workspaces/{workspace}/settings',
    globalPath: '/services/{name}/settings',
    collection: 'services',
    param: 'service',
    rowNames: { workspace: 'workspace_id' },
    directory: { file: 'workspaces/{workspace}/{name}.xml', globalFile: '{name}.xml' },
  },
  {
    // A data rule (`topp.*.r`: its `name`; its roles the row's) of `security/layers.properties`; the
    // catalog mode is that file's `mode` line, the row named `mode`.
    kind: 'rule',
    root: 'rule',
    listRoot: 'rules',
    table: 'data_rule',
    parent: null,
    scope: 'global',
    path: '/security/acl/layers/{name}',
    collection: 'layers',
    param: 'rule',
    rowNames: {},
    // All rules are one file, `security/layers.properties`, written by the data-directory code.
    directory: null,
  },
  {
    // A service rule (`wms.GetMap`) of `security/services.properties`.
    kind: 'serviceRule',
    root: 'rule',
    listRoot: 'rules',
    table: 'service_rule',
    parent: null,
    scope: 'global',
    path: '/security/acl/services/{name}',
    collection: 'services',
    param: 'rule',
    rowNames: {},
    directory: null,
  },
];

export const RECORD_KINDS: Readonly<Record<KindName, RecordKind>> = Object.fromEntries(KINDS.map((k) => [k.kind, k])) as Record<KindName, RecordKind>;

/** The kind's entry. */
export function recordKind(kind: KindName): RecordKind {
  return RECORD_KINDS[kind];
}
