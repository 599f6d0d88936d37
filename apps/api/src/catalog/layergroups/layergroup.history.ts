import type { EntityManager } from 'typeorm';
import { LayerGroup, RepDocument } from '@geocatalog/catalog-model';
import { LinkBuilder } from '../../rest/rest-request';
import { layerGroupDocument, MemberView } from './layergroup.mapper';

/**
 * The history's pieces for layer groups (contract §7), self-contained so the history's per-kind
 * tables can register them: drawing a stored row as its representation, and putting a row back
 * (revert) with its members. A group's row in the history carries `members`: its members in
 * order, each `{layer_id | group_id, style_id}` (migration 1764600000000).
 */

/** A record's row as the history keeps it. */
type Row = Record<string, unknown> & { id: number };
/** Finds a related record's row as it was at the moment being drawn (null when absent). */
type Rows = (kind: 'workspace' | 'featureType' | 'layer' | 'layerGroup' | 'style', id: number) => Promise<Row | null>;

interface StoredMember {
  layer_id: number | null;
  group_id: number | null;
  style_id: number | null;
}

/** The members of a group's history row. */
export function storedMembers(raw: Row): StoredMember[] {
  return (raw.members as StoredMember[] | undefined) ?? [];
}

/**
 * A group's history row as its representation (the history writes it as JSON), the way a GET
 * would answer then; the records it names come from `rows`, as they were then. Null when one of
 * them cannot be found.
 */
export async function drawLayerGroup(raw: Row, rows: Rows, restBase: string): Promise<RepDocument | null> {
  const nameOf = async (id: unknown): Promise<string | null | undefined> => {
    if (typeof id !== 'number') return undefined;
    const ws = await rows('workspace', id);
    return ws ? String(ws.name) : null;
  };
  const workspace = await nameOf(raw.workspace_id);
  if (workspace === null) return null;
  const members: MemberView[] = [];
  for (const m of storedMembers(raw)) {
    let view: Omit<MemberView, 'style_name' | 'style_workspace'>;
    if (m.layer_id !== null) {
      const layer = await rows('layer', m.layer_id);
      const ft = layer && (await rows('featureType', Number(layer.feature_type_id)));
      const ws = ft && (await nameOf(ft.workspace_id));
      if (!ft || !ws) return null;
      view = { type: 'layer', name: String(ft.name), workspace: ws };
    } else {
      const group = await rows('layerGroup', Number(m.group_id));
      if (!group) return null;
      const ws = await nameOf(group.workspace_id);
      if (ws === null) return null;
      view = { type: 'layerGroup', name: String(group.name), workspace: ws ?? null };
    }
    let style: { style_name: string | null; style_workspace: string | null } = { style_name: null, style_workspace: null };
    if (m.style_id !== null) {
      const row = await rows('style', m.style_id);
      const ws = row && (await nameOf(row.workspace_id));
      if (!row || ws === null) return null;
      style = { style_name: String(row.name), style_workspace: ws ?? null };
    }
    members.push({ ...view, ...style });
  }
  const group: Partial<LayerGroup> = {
    name: String(raw.name),
    mode: raw.mode as LayerGroup['mode'],
    title: (raw.title as string | null) ?? null,
    abstractTxt: (raw.abstract as string | null) ?? null,
    bounds: (raw.bounds as LayerGroup['bounds']) ?? null,
    keywords: (raw.keywords as string[] | undefined) ?? [],
    dateCreated: raw.date_created ? new Date(String(raw.date_created)) : undefined,
    dateModified: raw.date_modified ? new Date(String(raw.date_modified)) : null,
  };
  const links = new LinkBuilder(restBase, 'json');
  return layerGroupDocument(group as LayerGroup, workspace ?? null, members, links);
}

/** Puts a group's members back as its history row has them (after its own row is written). */
export async function restoreMembers(tx: EntityManager, raw: Row): Promise<void> {
  await tx.query(`DELETE FROM layer_group_member WHERE group_id = $1`, [raw.id]);
  await tx.query(
    `INSERT INTO layer_group_member (group_id, position, layer_id, member_group_id, style_id)
       SELECT $1, ordinality - 1, (m->>'layer_id')::integer, (m->>'group_id')::integer, (m->>'style_id')::integer
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(m, ordinality)`,
    [raw.id, JSON.stringify(storedMembers(raw))],
  );
}

/** What a group's row points at, for the revert's checks: `members.<key>` reads each member's id. */
export const LAYER_GROUP_REFERENCES = [
  { from: 'layerGroup', to: 'workspace', column: 'workspace_id' },
  { from: 'layerGroup', to: 'layer', column: 'members.layer_id' },
  { from: 'layerGroup', to: 'layerGroup', column: 'members.group_id' },
  { from: 'layerGroup', to: 'style', column: 'members.style_id' },
] as const;

/** The member column a `members.<key>` reference reads, for finding the groups that point at a record. */
export const MEMBER_COLUMNS: Record<string, string> = { layer_id: 'layer_id', group_id: 'member_group_id', style_id: 'style_id' };

/** What no two groups may share (as the database's unique indexes say). */
export const LAYER_GROUP_UNIQUE: Array<[condition: string, other: string]> = [
  ['t.name = r.name AND t.workspace_id IS NOT DISTINCT FROM r.workspace_id', 'has its name now'],
];
