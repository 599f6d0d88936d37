/**
 * Every kind of catalog record, declared once (issue 22): its wire root, table, parent, REST path
 * and how its name is scoped. Controllers' routes, links, OpenAPI paths, the data-directory layout,
 * the history's kind → table and path, and the console's path building and parsing derive from
 * this table; a new kind is an entry here plus its declaration and its own folder.
 */

/** The kinds the catalog keeps (the history's `kind` column uses these names). */
export const KIND_NAMES = ['workspace', 'namespace', 'dataStore', 'featureType', 'layer', 'layerGroup', 'style', 'user'] as const;
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
  },
  {
    kind: 'featureType',
    root: 'featureType',
    listRoot: 'featureTypes',
    table: 'feature_type',
    parent: 'dataStore',
    scope: 'store',
    path: '/workspaces/{workspace}/datastores/{store}/featuretypes/{name}',
    collection: 'featuretypes',
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
  },
];

export const RECORD_KINDS: Readonly<Record<KindName, RecordKind>> = Object.fromEntries(KINDS.map((k) => [k.kind, k])) as Record<KindName, RecordKind>;

/** The kind's entry. */
export function recordKind(kind: KindName): RecordKind {
  return RECORD_KINDS[kind];
}
