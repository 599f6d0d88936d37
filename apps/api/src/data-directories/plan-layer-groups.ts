import { CatalogError, changedDeclared, LayerGroup, sameValue, type Sent, type SentReference } from '@geocatalog/catalog-model';
import type { CatalogSnapshot } from './catalog-snapshot';
import type { DataDirectory, DirGroupMember, DirLayerGroup } from './data-directory';
import { restPath } from './data-directory-layout';
import type { PlanEntry } from '@geocatalog/catalog-exchange';
import { groupKey, type SnapshotGroup } from './snapshot-groups';

/** The writes of layer groups an import makes: the REST API's service, with its checks. */
export interface LayerGroupWrites {
  /** Creates a group (global when `workspace` is undefined); members and styles are named as a body names them. */
  create(workspace: string | undefined, input: Sent<LayerGroup>): Promise<unknown>;
  /** Updates a group: the fields sent; members and styles replaced when sent. */
  update(workspace: string | undefined, name: string, input: Sent<LayerGroup>): Promise<unknown>;
  /** Deletes a group; with `recurse` it also leaves the groups holding it. */
  delete(workspace: string | undefined, name: string, recurse: boolean): Promise<unknown>;
}

/** What the import planner tells the groups' planner, and how it takes their plan lines. */
export interface GroupPlanContext {
  dir: DataDirectory;
  now: CatalogSnapshot;
  writes: LayerGroupWrites;
  /** `ws:name` of the layers the plan skips (their store skipped), with why. */
  skippedLayers: Map<string, string>;
  /** `ws:name` of the layers the plan publishes again (deleted and created: they leave their groups). */
  republishedLayers: Set<string>;
  add(entry: PlanEntry, apply?: () => Promise<unknown>): void;
  skip(entry: PlanEntry): void;
}

function qualified(workspace: string | null | undefined, name: string): string {
  return workspace ? `${workspace}:${name}` : name;
}

/** A member as compared: `layer ws:name`. */
function memberKey(m: { type: string; workspace?: string | null; name: string }): string {
  return `${m.type} ${qualified(m.workspace, m.name)}`;
}

function styleKeyOf(s: { workspace?: string | null; name: string } | null | undefined): string {
  return s ? qualified(s.workspace, s.name) : '';
}

function asMember(m: DirGroupMember): DirGroupMember {
  return m.workspace ? { type: m.type, workspace: m.workspace, name: m.name } : { type: m.type, name: m.name };
}

/** A group that is already gone (left empty by an earlier write of the plan, and so deleted) is not an error of its delete. */
async function unlessGone(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (err) {
    if (!(err instanceof CatalogError && err.code === 'NOT_FOUND')) throw err;
  }
}

/**
 * Plans the directory's layer groups after its layers, in dependency order (the reader's): a
 * group is created or updated through the groups' service, which resolves its members by name
 * (the layers and groups written before it in the same transaction); a group holding a layer the
 * plan skips, or a skipped group, is skipped, the reason naming that member (contract §8).
 */
export function planLayerGroups(ctx: GroupPlanContext): void {
  const skippedGroups = new Map<string, string>();
  for (const group of ctx.dir.layerGroups) {
    const resource = restPath.layerGroup(group.workspace, group.input.name);
    const why = skippedMember(ctx, group, skippedGroups);
    if (why) {
      skippedGroups.set(groupKey(group.workspace, group.input.name), why);
      ctx.skip({ action: 'skip', kind: 'layerGroup', resource, reason: why });
      continue;
    }
    planGroup(ctx, group, resource);
  }
}

function skippedMember(ctx: GroupPlanContext, group: DirLayerGroup, skippedGroups: Map<string, string>): string | undefined {
  for (const m of group.members) {
    const key = m.type === 'layer' ? `${m.workspace ?? group.workspace ?? ''}:${m.name}` : groupKey(m.workspace, m.name);
    const why = m.type === 'layer' ? ctx.skippedLayers.get(key) : skippedGroups.get(key);
    if (why) return `its member ${m.type === 'layer' ? 'layer' : 'layer group'} ${qualified(m.workspace, m.name)} is skipped: ${why}`;
  }
  return undefined;
}

function planGroup(ctx: GroupPlanContext, group: DirLayerGroup, resource: string): void {
  const { workspace } = group;
  const { name, ...fields } = group.input;
  const body: Sent<LayerGroup> = { ...fields, members: group.members.map(asMember), styles: group.styles };
  const current = ctx.now.groups.get(groupKey(workspace, name));
  if (!current) {
    ctx.add({ action: 'create', kind: 'layerGroup', resource }, () => ctx.writes.create(workspace, { name, ...body }));
    return;
  }
  const changed = changedFields(group, current);
  const republished = current.members.find((m) => m.type === 'layer' && ctx.republishedLayers.has(`${m.workspace}:${m.name}`));
  if (republished && !changed.includes('publishables'))
    changed.push(`publishables: its layer ${qualified(republished.workspace, republished.name)} is published again`);
  if (!changed.length) {
    ctx.add({ action: 'unchanged', kind: 'layerGroup', resource });
    return;
  }
  ctx.add({ action: 'update', kind: 'layerGroup', resource, reason: changed.join(', ') }, async () => {
    try {
      await ctx.writes.update(workspace, name, body);
    } catch (err) {
      // A group whose every layer was published again was left empty, and so deleted: it is made again.
      if (!(republished && err instanceof CatalogError && err.code === 'NOT_FOUND')) throw err;
      await ctx.writes.create(workspace, { name, ...body });
    }
  });
}

/** What applying the directory's group changes on the catalog's: declared fields, bounds, members, styles. */
function changedFields(group: DirLayerGroup, current: SnapshotGroup): string[] {
  const { name: _name, ...fields } = group.input;
  const changed = changedDeclared(LayerGroup, current.group, fields);
  const sent = fields.bounds;
  const stored = current.group.bounds;
  if (
    sent &&
    !sameValue(
      [sent.minx, sent.maxx, sent.miny, sent.maxy, sent.crs ?? null],
      stored && [stored.minx, stored.maxx, stored.miny, stored.maxy, stored.crs ?? null],
    )
  ) {
    changed.push('bounds');
  }
  const inGroup = (m: DirGroupMember) => (m.type === 'layer' && !m.workspace ? { ...m, workspace: group.workspace } : m);
  if (
    !sameValue(
      group.members.map((m) => memberKey(inGroup(m))),
      current.members.map(memberKey),
    )
  )
    changed.push('publishables');
  const styles = (list: Array<SentReference | null | { workspace: string | null; name: string }>) => list.map((s) => styleKeyOf(s));
  if (!sameValue(styles(group.styles), styles(current.members.map((m) => m.style)))) changed.push('styles');
  return changed;
}

/**
 * Deletions of `?prune=true`: the catalog's groups inside the directory's workspaces that the
 * directory lacks, before the layers are (a group left empty by a layer's delete goes with it).
 */
export function pruneLayerGroups(ctx: GroupPlanContext, workspaces: Set<string>): void {
  const inDir = new Set(ctx.dir.layerGroups.map((g) => groupKey(g.workspace, g.input.name)));
  for (const [key, { workspace, group }] of ctx.now.groups) {
    if (workspace === null || !workspaces.has(workspace) || inDir.has(key)) continue;
    ctx.add({ action: 'delete', kind: 'layerGroup', resource: restPath.layerGroup(workspace, group.name) }, () =>
      unlessGone(() => ctx.writes.delete(workspace, group.name, true)),
    );
  }
}
