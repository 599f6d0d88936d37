import type { EntityManager } from 'typeorm';
import { LAYER_GROUP_REFERENCES, LAYER_GROUP_UNIQUE, MEMBER_COLUMNS } from '../catalog/layergroups/layergroup.history';
import { SETTINGS_REFERENCES, SETTINGS_UNIQUE } from '../settings/settings.history';
import { RULE_UNIQUE } from '../access/rule.history';
import { ChangeKind, KIND_TABLES, RawRow } from './change-kinds';

/**
 * What must hold before a revert writes a record (contract §7): a record it puts back needs the
 * records it points at and a name nobody else has now; a record it deletes must have nothing
 * pointing at it. Each check answers null when the write may go ahead, or a sentence naming the
 * record in the way. The catalog's other tables cascade or restrict through the same references.
 */

/** A reference from a record of kind `from` to one of kind `to`, by a column of `from`'s history row. */
interface Reference {
  from: ChangeKind;
  to: ChangeKind;
  column: string;
}

/** Every reference between catalog records; `style_ids` are a layer's alternate styles (rows of `layer_style`). */
const REFERENCES: Reference[] = [
  { from: 'dataStore', to: 'workspace', column: 'workspace_id' },
  { from: 'featureType', to: 'workspace', column: 'workspace_id' },
  { from: 'featureType', to: 'dataStore', column: 'data_store_id' },
  { from: 'layer', to: 'featureType', column: 'feature_type_id' },
  { from: 'layer', to: 'style', column: 'default_style_id' },
  { from: 'layer', to: 'style', column: 'style_ids' },
  { from: 'style', to: 'workspace', column: 'workspace_id' },
  ...LAYER_GROUP_REFERENCES,
  ...SETTINGS_REFERENCES,
];

/** The id of one record of `ref.from` that points at record `$1`. */
function referrerSql(ref: Reference): string {
  if (ref.column === 'style_ids') return `SELECT layer_id AS id FROM layer_style WHERE style_id = $1 LIMIT 1`;
  const member = /^members\.(\w+)$/.exec(ref.column)?.[1];
  if (member) return `SELECT group_id AS id FROM layer_group_member WHERE ${MEMBER_COLUMNS[member]} = $1 LIMIT 1`;
  return `SELECT id FROM ${KIND_TABLES[ref.from]} WHERE ${ref.column} = $1 LIMIT 1`;
}

/**
 * What no two records may share, per kind (the database's unique keys), as a condition on the
 * current row `t` and the row to be written `r`, with what the other record then is.
 */
const UNIQUE: Record<ChangeKind, Array<[condition: string, other: string]>> = {
  workspace: [
    ['t.name = r.name', 'has its name now'],
    ['NOT t.isolated AND NOT r.isolated AND t.namespace_uri = r.namespace_uri', 'has its namespace URI now'],
    ['t.is_default AND r.is_default', 'is the default workspace now'],
  ],
  // A namespace is its workspace's row: the workspace's keys hold.
  namespace: [],
  dataStore: [['t.workspace_id = r.workspace_id AND t.name = r.name', 'has its name now']],
  featureType: [['t.workspace_id = r.workspace_id AND t.name = r.name', 'has its name now']],
  layer: [['t.feature_type_id = r.feature_type_id', 'publishes its feature type now']],
  style: [['t.name = r.name AND t.workspace_id IS NOT DISTINCT FROM r.workspace_id', 'has its name now']],
  user: [['t.name_key = r.name_key', 'has its name now']],
  layerGroup: LAYER_GROUP_UNIQUE,
  ...SETTINGS_UNIQUE,
  ...RULE_UNIQUE,
};

/** The REST path of a record as it is now. */
export async function pathNow(tx: EntityManager, kind: ChangeKind, id: number): Promise<string> {
  const [row]: Array<{ path: string | null }> = await tx.query(`SELECT catalog_resource($1, catalog_current($1, $2)) AS path`, [kind, id]);
  return row?.path ?? `${kind} ${id}`;
}

/** A record that is gone, by the path and number of its last change (its delete). */
async function gone(tx: EntityManager, kind: ChangeKind, id: number): Promise<string> {
  const [last]: Array<{ seq: string; resource: string | null }> = await tx.query(
    `SELECT seq::text AS seq, resource FROM catalog_change WHERE kind = $1 AND record_id = $2 ORDER BY seq DESC LIMIT 1`,
    [kind, id],
  );
  return last ? `${last.resource ?? `${kind} ${id}`}, which is gone (change ${last.seq})` : `${kind} ${id}, which is gone`;
}

/** Whether record `id` of `kind` exists now. */
export async function exists(tx: EntityManager, kind: ChangeKind, id: number): Promise<boolean> {
  const rows: unknown[] = await tx.query(`SELECT 1 FROM ${KIND_TABLES[kind]} WHERE id = $1`, [id]);
  return rows.length > 0;
}

/** Why `raw` (the record at `path`) cannot be written now: a record it points at is gone, or another has its name. */
export async function whyNotPutBack(tx: EntityManager, kind: ChangeKind, raw: RawRow, path: string): Promise<string | null> {
  for (const ref of REFERENCES.filter((r) => r.from === kind)) {
    const member = /^members\.(\w+)$/.exec(ref.column)?.[1];
    const value = member ? ((raw.members as Array<Record<string, unknown>> | undefined) ?? []).map((m) => m[member]) : raw[ref.column];
    const ids = (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number');
    for (const id of ids) if (!(await exists(tx, ref.to, id))) return `${path} needs ${await gone(tx, ref.to, id)}`;
  }
  const table = KIND_TABLES[kind];
  for (const [condition, what] of UNIQUE[kind]) {
    const [other]: Array<{ id: number }> = await tx.query(
      `SELECT t.id FROM ${table} t, jsonb_populate_record(NULL::${table}, $1::jsonb) r WHERE t.id <> r.id AND ${condition} LIMIT 1`,
      [JSON.stringify(raw)],
    );
    if (other) return `${path} cannot come back: ${await pathNow(tx, kind, other.id)} ${what}`;
  }
  return null;
}

/** Why record `id` (at `path`) cannot be deleted now: another record points at it (and would go with it, or stop the delete). */
export async function whyNotDelete(tx: EntityManager, kind: ChangeKind, id: number, path: string): Promise<string | null> {
  for (const ref of REFERENCES.filter((r) => r.to === kind)) {
    const [referrer]: Array<{ id: number }> = await tx.query(referrerSql(ref), [id]);
    if (referrer) return `${await pathNow(tx, ref.from, referrer.id)} depends on ${path}, which the revert would delete`;
  }
  return null;
}
