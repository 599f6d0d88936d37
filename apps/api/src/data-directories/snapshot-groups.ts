import type { MemberType } from '@geocatalog/catalog-model';
import type { EntityManager } from 'typeorm';
import { LayerGroupEntity } from '../catalog/layergroups/layergroup.entity';

/** A member of a group as the catalog holds it, named: the layer or group, and its style (none: its default). */
export interface SnapshotMember {
  type: MemberType;
  /** Null for a global group. */
  workspace: string | null;
  name: string;
  style: { workspace: string | null; name: string } | null;
}

/** A group of the catalog with its workspace's name and its members in order. */
export interface SnapshotGroup {
  group: LayerGroupEntity;
  workspace: string | null;
  members: SnapshotMember[];
}

/** The key of a group: `ws:name`, or `:name` for a global one (as a style's). */
export function groupKey(workspace: string | null | undefined, name: string): string {
  return `${workspace ?? ''}:${name}`;
}

interface MemberRow {
  group_id: number;
  type: MemberType;
  workspace: string | null;
  name: string;
  style_name: string | null;
  style_workspace: string | null;
}

/**
 * The global groups and those of the chosen workspaces (`all` for every one), with their members
 * named by one query (a layer by its feature type's workspace and name, a group by its own).
 */
export async function readSnapshotGroups(
  manager: EntityManager,
  workspaceIds: number[] | 'all',
  workspaceNames: Map<number, string>,
): Promise<Map<string, SnapshotGroup>> {
  const groups = await manager
    .getRepository(LayerGroupEntity)
    .createQueryBuilder('g')
    .where(workspaceIds === 'all' ? 'true' : workspaceIds.length ? '(g.workspace_id IS NULL OR g.workspace_id IN (:...ids))' : 'g.workspace_id IS NULL', {
      ids: workspaceIds === 'all' ? [] : workspaceIds,
    })
    .orderBy('g.name')
    .getMany();
  const out = new Map<string, SnapshotGroup>();
  if (!groups.length) return out;
  const byId = new Map<number, SnapshotGroup>();
  for (const group of groups) {
    const workspace = group.workspaceId === null ? null : (workspaceNames.get(group.workspaceId) ?? null);
    const entry: SnapshotGroup = { group, workspace, members: [] };
    byId.set(group.id, entry);
    out.set(groupKey(workspace, group.name), entry);
  }
  const rows: MemberRow[] = await manager.query(
    `SELECT m.group_id,
            CASE WHEN m.layer_id IS NOT NULL THEN 'layer' ELSE 'layerGroup' END AS type,
            COALESCE(fw.name, gw.name) AS workspace,
            COALESCE(f.name, g.name) AS name,
            s.name AS style_name, sw.name AS style_workspace
       FROM layer_group_member m
       LEFT JOIN layer l ON l.id = m.layer_id
       LEFT JOIN feature_type f ON f.id = l.feature_type_id
       LEFT JOIN workspace fw ON fw.id = f.workspace_id
       LEFT JOIN layer_group g ON g.id = m.member_group_id
       LEFT JOIN workspace gw ON gw.id = g.workspace_id
       LEFT JOIN style s ON s.id = m.style_id
       LEFT JOIN workspace sw ON sw.id = s.workspace_id
      WHERE m.group_id = ANY($1)
      ORDER BY m.group_id, m.position`,
    [[...byId.keys()]],
  );
  for (const row of rows) {
    byId.get(row.group_id)?.members.push({
      type: row.type,
      workspace: row.workspace,
      name: row.name,
      style: row.style_name === null ? null : { workspace: row.style_workspace, name: row.style_name },
    });
  }
  return out;
}
