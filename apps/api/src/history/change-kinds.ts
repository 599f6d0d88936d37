/** Kinds of catalog record the history names (contract §7). */
export const CHANGE_KINDS = ['workspace', 'namespace', 'dataStore', 'featureType', 'layer', 'layerGroup', 'style', 'user'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** What a change did to its record. */
export type ChangeOperation = 'create' | 'update' | 'delete';

/** The table holding each kind's rows (a namespace is its workspace's row). */
export const KIND_TABLES: Record<ChangeKind, string> = {
  workspace: 'workspace',
  namespace: 'workspace',
  dataStore: 'data_store',
  featureType: 'feature_type',
  layer: 'layer',
  layerGroup: 'layer_group',
  style: 'style',
  user: 'app_user',
};

/** A record's row as the history keeps it: column names as in the database, as JSON. */
export type RawRow = Record<string, unknown> & { id: number };
