import type { EntityManager } from 'typeorm';
import type { MemberType } from '@geocatalog/catalog-model';
import type { Queryable } from '../list-pages';
import { orderedPages } from '../list-pages';
import { LayerGroupEntity } from './layergroup.entity';

/**
 * Every SQL statement about layer groups, in one place: the group's rows, its members and what
 * they name (layers, groups, styles), and the records that use a layer, a style or a group.
 */

/** A member as the representation and the bounds need it. */
export interface MemberRow {
  position: number;
  type: MemberType;
  /** The member's record id (a layer's, or a group's). */
  id: number;
  name: string;
  /** The member's workspace; null for a global group. */
  workspace: string | null;
  version: string;
  workspace_version: string | null;
  /** For a layer: its feature type's declared CRS code and boxes; for a group: its stored bounds. */
  srs: string | null;
  projected: boolean | null;
  native_bbox: Box | null;
  latlon_bbox: Box | null;
  bounds: (Box & { crs?: string; projected?: boolean }) | null;
  style_id: number | null;
  style_name: string | null;
  style_workspace: string | null;
  style_version: string | null;
  style_workspace_version: string | null;
}

export interface Box {
  minx: number;
  maxx: number;
  miny: number;
  maxy: number;
}

/** A record found by name: its id, and the workspace it lives in (null: global). */
export interface Found {
  id: number;
  workspace: string | null;
}

/** The group `name` in `workspace` (undefined: global), with its workspace; null when there is none. */
export function findGroup(tx: EntityManager, workspace: string | undefined, name: string): Promise<LayerGroupEntity | null> {
  const qb = tx.getRepository(LayerGroupEntity).createQueryBuilder('g').leftJoinAndSelect('g.workspace', 'w').where('g.name = :name', { name });
  if (workspace === undefined) qb.andWhere('g.workspace_id IS NULL');
  else qb.andWhere('w.name = :workspace', { workspace });
  return qb.getOne();
}

/** Names of the global groups, or of one workspace's, a page at a time. */
export function groupNamePages(db: Queryable, workspaceId: number | null): AsyncGenerator<Array<{ name: string }>> {
  return workspaceId === null
    ? orderedPages<{ name: string }>(db, 'SELECT name FROM layer_group WHERE workspace_id IS NULL', [], 'name', (g) => g.name)
    : orderedPages<{ name: string }>(db, 'SELECT name FROM layer_group WHERE workspace_id = $1', [workspaceId], 'name', (g) => g.name);
}

/** A group's members in order, with what they name. */
export function memberRows(db: Queryable, groupId: number): Promise<MemberRow[]> {
  return db.query(
    `SELECT m.position,
            CASE WHEN m.layer_id IS NOT NULL THEN 'layer' ELSE 'layerGroup' END AS type,
            COALESCE(m.layer_id, m.member_group_id) AS id,
            COALESCE(f.name, g.name) AS name,
            COALESCE(fw.name, gw.name) AS workspace,
            COALESCE(l.version, g.version)::text AS version,
            COALESCE(fw.version, gw.version)::text AS workspace_version,
            f.srs, f.native_crs_projected AS projected, f.native_bbox, f.latlon_bbox, g.bounds,
            m.style_id, s.name AS style_name, sw.name AS style_workspace, s.version::text AS style_version, sw.version::text AS style_workspace_version
       FROM layer_group_member m
       LEFT JOIN layer l ON l.id = m.layer_id
       LEFT JOIN feature_type f ON f.id = l.feature_type_id
       LEFT JOIN workspace fw ON fw.id = f.workspace_id
       LEFT JOIN layer_group g ON g.id = m.member_group_id
       LEFT JOIN workspace gw ON gw.id = g.workspace_id
       LEFT JOIN style s ON s.id = m.style_id
       LEFT JOIN workspace sw ON sw.id = s.workspace_id
      WHERE m.group_id = $1
      ORDER BY m.position`,
    [groupId],
  ) as Promise<MemberRow[]>;
}

/** Layers named `name`: in `workspace` when given, else in the default workspace first, then anywhere. */
export async function findLayers(tx: EntityManager, workspace: string | undefined, name: string): Promise<Found[]> {
  return tx.query(
    `SELECT l.id, w.name AS workspace FROM layer l JOIN feature_type f ON f.id = l.feature_type_id JOIN workspace w ON w.id = f.workspace_id
      WHERE f.name = $1 AND ($2::text IS NULL OR w.name = $2)
      ORDER BY w.is_default DESC, w.name`,
    [name, workspace ?? null],
  );
}

/** Groups named `name` in `workspace`, or global ones when it is null. */
export async function findGroups(tx: EntityManager, workspace: string | null, name: string): Promise<Found[]> {
  return tx.query(
    `SELECT g.id, w.name AS workspace FROM layer_group g LEFT JOIN workspace w ON w.id = g.workspace_id
      WHERE g.name = $1 AND (CASE WHEN $2::text IS NULL THEN g.workspace_id IS NULL ELSE w.name = $2 END)`,
    [name, workspace],
  );
}

/** Whether a layer (its feature type) is named `name` in the workspace: it would share the group's qualified name. */
export async function layerNamed(tx: EntityManager, workspaceId: number, name: string): Promise<boolean> {
  const rows: unknown[] = await tx.query(`SELECT 1 FROM feature_type WHERE workspace_id = $1 AND name = $2`, [workspaceId, name]);
  return rows.length > 0;
}

/**
 * The chains of groups through which `groupId` contains itself (none when it does not), each
 * from the group back to it, by qualified names. The catalog had no cycle before this write, so
 * any chain found goes through the group; the depth bound only keeps a broken catalog finite.
 */
export async function cyclesThrough(tx: EntityManager, groupId: number): Promise<string[][]> {
  const qualified = `COALESCE(w.name || ':', '') || g.name`;
  const rows: Array<{ chain: string[] }> = await tx.query(
    `WITH RECURSIVE down(id, chain) AS (
        SELECT m.member_group_id, ARRAY[${qualified}]
          FROM layer_group_member m JOIN layer_group g ON g.id = m.member_group_id LEFT JOIN workspace w ON w.id = g.workspace_id
         WHERE m.group_id = $1 AND m.member_group_id IS NOT NULL
        UNION ALL
        SELECT m.member_group_id, d.chain || (${qualified})
          FROM down d JOIN layer_group_member m ON m.group_id = d.id
          JOIN layer_group g ON g.id = m.member_group_id LEFT JOIN workspace w ON w.id = g.workspace_id
         WHERE d.id <> $1 AND cardinality(d.chain) < 64)
     SELECT chain FROM down WHERE id = $1 ORDER BY cardinality(chain) LIMIT 1`,
    [groupId],
  );
  return rows.map((r) => r.chain);
}

/** Writes a group's members, replacing those it had. */
export async function replaceMembers(
  tx: EntityManager,
  groupId: number,
  members: Array<{ type: MemberType; id: number; styleId: number | null }>,
): Promise<void> {
  await tx.query(`DELETE FROM layer_group_member WHERE group_id = $1`, [groupId]);
  if (!members.length) return;
  await tx.query(
    `INSERT INTO layer_group_member (group_id, position, layer_id, member_group_id, style_id)
       SELECT $1, ordinality - 1, (m->>'layer')::integer, (m->>'group')::integer, (m->>'style')::integer
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(m, ordinality)`,
    [
      groupId,
      JSON.stringify(members.map((m) => ({ layer: m.type === 'layer' ? m.id : null, group: m.type === 'layerGroup' ? m.id : null, style: m.styleId }))),
    ],
  );
}

/** The qualified names (`ws:name`, or `name` for a global group) of the groups whose members match `where` (over `m`). */
async function groupsWhere(tx: EntityManager, where: string, id: number): Promise<string[]> {
  const rows: Array<{ name: string }> = await tx.query(
    `SELECT DISTINCT COALESCE(w.name || ':', '') || g.name AS name
       FROM layer_group_member m JOIN layer_group g ON g.id = m.group_id LEFT JOIN workspace w ON w.id = g.workspace_id
      WHERE ${where} ORDER BY 1`,
    [id],
  );
  return rows.map((r) => r.name);
}

/** Groups that hold layer `id`. */
export const groupsUsingLayer = (tx: EntityManager, id: number) => groupsWhere(tx, 'm.layer_id = $1', id);
/** Groups that hold group `id`. */
export const groupsUsingGroup = (tx: EntityManager, id: number) => groupsWhere(tx, 'm.member_group_id = $1', id);
/** Groups that draw a member with style `id`. */
export const groupsUsingStyle = (tx: EntityManager, id: number) => groupsWhere(tx, 'm.style_id = $1', id);

/** Members drawn with one of these styles fall back to their default style. */
export async function dropStyles(tx: EntityManager, styleIds: number[]): Promise<void> {
  if (styleIds.length) await tx.query(`UPDATE layer_group_member SET style_id = NULL WHERE style_id = ANY($1)`, [styleIds]);
}

/** The groups this transaction has deleted so far (emptied by a member's delete), by their REST paths. */
export async function groupsDeletedNow(tx: EntityManager): Promise<string[]> {
  const rows: Array<{ path: string | null }> = await tx.query(
    `SELECT catalog_resource('layerGroup', raw_before) AS path FROM catalog_change_pending
      WHERE tx = pg_current_xact_id() AND kind = 'layerGroup' AND operation = 'delete' ORDER BY id`,
  );
  return rows.map((r) => r.path).filter((p): p is string => !!p);
}

/** How many groups live in the workspace. */
export async function groupsInWorkspace(tx: EntityManager, workspaceId: number): Promise<number> {
  const [{ n }]: Array<{ n: string }> = await tx.query(`SELECT count(*)::text AS n FROM layer_group WHERE workspace_id = $1`, [workspaceId]);
  return Number(n);
}

/** A layer's feature type CRS and boxes (what it adds to a group's bounds). */
export async function layerExtent(
  tx: EntityManager,
  layerId: number,
): Promise<{ srs: string | null; projected: boolean; native_bbox: Box | null; latlon_bbox: Box | null } | undefined> {
  const [row] = await tx.query(
    `SELECT f.srs, f.native_crs_projected AS projected, f.native_bbox, f.latlon_bbox FROM layer l JOIN feature_type f ON f.id = l.feature_type_id WHERE l.id = $1`,
    [layerId],
  );
  return row;
}

/** A group's stored bounds. */
export async function storedBounds(tx: EntityManager, groupId: number): Promise<(Box & { crs?: string; projected?: boolean }) | null> {
  const [row]: Array<{ bounds: (Box & { crs?: string; projected?: boolean }) | null }> = await tx.query(`SELECT bounds FROM layer_group WHERE id = $1`, [
    groupId,
  ]);
  return row?.bounds ?? null;
}
