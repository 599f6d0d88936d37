import { child, childrenNamed, textOf, type MemberType, type SentReference, type WireNode } from '@geocatalog/catalog-model';
import type { DataDirectory, DirGroupMember, DirLayerGroup } from './data-directory';
import { restPath } from './data-directory-layout';
import type { DirIds, DirKind, KnownRecord, ResolvedReference } from './dir-references';
import type { DirListing } from './dir-listing';

/** What the directory reader lends the layer groups' reader: its listing, its ids and its ways of recording. */
export interface GroupReaderContext {
  dir: DirListing;
  ids: DirIds;
  out: DataDirectory;
  /** Parses one XML file (throws naming what is wrong). */
  parse(file: string, root: string): WireNode;
  /** Runs `read`; an error becomes a problem of `file`, and the result undefined. */
  attempt<T>(kind: string, resource: string, file: string, read: () => T): T | undefined;
  /** Records a problem; returns the error to throw so `attempt` does not record it twice. */
  problem(kind: string, resource: string, file: string, reason: string): Error;
  skip(kind: string, resource: string, reason: string): void;
  claim(kind: string, resource: string, file: string): void;
  register(id: string | undefined, record: KnownRecord, resource: string): void;
  /** The declared fields of a node but the references, checked as a REST body's. */
  namedInput(node: WireNode): DirLayerGroup['input'];
  /** Resolves a reference; a dangling one is a problem of the record. */
  resolveOr<T>(kind: string, resource: string, file: string, resolve: () => T): T;
}

/** A group file read (its id known), its members not resolved yet. */
interface PendingGroup {
  file: string;
  node: WireNode;
  record: KnownRecord;
  resource: string;
  id?: string;
}

/** A group with its members resolved, waiting for the groups it holds. */
interface ResolvedGroup {
  pending: PendingGroup;
  group: DirLayerGroup;
  /** Member records of the directory, with how the member is named (for a skip's reason). */
  memberRecords: Array<{ record: KnownRecord; named: string }>;
  /** Why the group is skipped, once known. */
  skipped?: string;
}

const KINDS_OF: Record<string, ['layer' | 'layerGroup', ...DirKind[]]> = {
  layer: ['layer'],
  layerGroup: ['layerGroup'],
};

function qualified(ref: { workspace?: string; name: string }): string {
  return ref.workspace ? `${ref.workspace}:${ref.name}` : ref.name;
}

/**
 * Layer groups (`workspaces/{ws}/layergroups/*.xml`, then `layergroups/*.xml`, GeoServer's order):
 * every group's id is known before any member resolves (a group may hold one read later); members
 * are `<publishables><published type="layer|layerGroup">` (GeoServer 2.3+) or the older
 * `<layers><layer>`, by `<id>` (or by name); `<styles><style>` one per member, empty for the
 * member's default. A group holding a skipped layer, style or group is skipped, the reason naming
 * it; a group holding itself (directly or not) is a problem. Kept groups come out in dependency
 * order: after the groups they hold.
 */
export function readLayerGroups(ctx: GroupReaderContext, folders: Array<{ folder: string; workspace?: string }>): void {
  const pending: PendingGroup[] = [];
  for (const { folder, workspace } of folders) {
    for (const fileName of ctx.dir.filesIn(folder).filter((n) => /\.xml$/i.test(n))) {
      const found = registerGroup(ctx, folder + fileName, fileName.replace(/\.xml$/i, ''), workspace);
      if (found) pending.push(found);
    }
  }
  const resolved = new Map<KnownRecord, ResolvedGroup>();
  for (const p of pending) {
    const group = ctx.attempt('layerGroup', p.resource, p.file, () => resolveGroup(ctx, p));
    if (group) resolved.set(p.record, group);
  }
  new GroupOrder(ctx, resolved).run();
}

function registerGroup(ctx: GroupReaderContext, file: string, stem: string, folderWorkspace: string | undefined): PendingGroup | undefined {
  const guessed = restPath.layerGroup(folderWorkspace, stem);
  return ctx.attempt('layerGroup', guessed, file, () => {
    const node = ctx.parse(file, 'layerGroup');
    const name = textOf(node, 'name')?.trim() || stem;
    const wsRef = ctx.resolveOr('layerGroup', guessed, file, () => ctx.ids.resolve(node, 'workspace', ['workspace']));
    const workspace = wsRef?.name ?? folderWorkspace;
    const resource = restPath.layerGroup(workspace, name);
    const id = textOf(node, 'id')?.trim();
    const record: KnownRecord = { kind: 'layerGroup', name, workspace, file };
    ctx.register(id, record, resource);
    ctx.claim('layerGroup', resource, file);
    return { file, node, record, resource, id };
  });
}

function resolveGroup(ctx: GroupReaderContext, p: PendingGroup): ResolvedGroup {
  const { node, file, resource, record } = p;
  const fail = (reason: string) => ctx.problem('layerGroup', resource, file, reason);
  let input: DirLayerGroup['input'];
  try {
    input = ctx.namedInput(node);
  } catch (e) {
    throw fail(e instanceof Error ? e.message : String(e));
  }
  const publishables = child(node, 'publishables');
  const items = publishables ? childrenNamed(publishables, 'published') : childrenNamed(child(node, 'layers'), 'layer');
  const members: DirGroupMember[] = [];
  const memberRecords: ResolvedGroup['memberRecords'] = [];
  let skipped: string | undefined;
  for (const item of items) {
    const type = publishables ? item.attrs.type : 'layer';
    const kinds = KINDS_OF[type ?? ''] ?? (['layer', 'layerGroup'] as ['layer', 'layerGroup']);
    const ref: ResolvedReference | undefined = ctx.resolveOr('layerGroup', resource, file, () => ctx.ids.resolveNode(item, 'published', kinds));
    if (!ref) continue;
    const memberType: MemberType = ref.record?.kind === 'layerGroup' || (!ref.record && type === 'layerGroup') ? 'layerGroup' : 'layer';
    const member: DirGroupMember = ref.workspace ? { type: memberType, workspace: ref.workspace, name: ref.name } : { type: memberType, name: ref.name };
    members.push(member);
    const named = `${memberType === 'layer' ? 'layer' : 'layer group'} ${qualified(member)}`;
    if (ref.record) memberRecords.push({ record: ref.record, named });
    if (ref.record?.skipped && !skipped) skipped = `Its member ${named} is skipped: ${ref.record.skipped}`;
  }
  if (!members.length) throw fail('It has no members: GeoServer refuses an empty layer group');
  const styleItems = childrenNamed(child(node, 'styles'), 'style');
  if (styleItems.length > members.length) throw fail(`It has ${styleItems.length} styles for ${members.length} members`);
  const styles: Array<SentReference | null> = [];
  for (let i = 0; i < members.length; i++) {
    const item = styleItems[i];
    const empty = !item || (item.children.length === 0 && !item.text?.trim());
    const ref = empty ? undefined : ctx.resolveOr('layerGroup', resource, file, () => ctx.ids.resolveNode(item, 'style', ['style']));
    if (ref?.record?.skipped && !skipped) skipped = `The style ${qualified(ref)} of its member ${qualified(members[i])} is skipped: ${ref.record.skipped}`;
    styles.push(ref ? (ref.workspace ? { name: ref.name, workspace: ref.workspace } : { name: ref.name }) : null);
  }
  const group: DirLayerGroup = { file, id: p.id, input, members, styles };
  if (record.workspace) group.workspace = record.workspace;
  return { pending: p, group, memberRecords, skipped };
}

/** Depth first through the groups each group holds: skips pass up, cycles are problems, the output is in dependency order. */
class GroupOrder {
  private readonly state = new Map<KnownRecord, 'visiting' | 'done'>();

  constructor(
    private readonly ctx: GroupReaderContext,
    private readonly groups: Map<KnownRecord, ResolvedGroup>,
  ) {}

  run(): void {
    for (const record of this.groups.keys()) this.visit(record, []);
  }

  /** Visits a group; returns why it is not kept (skipped, in a cycle or unreadable), or undefined. */
  private visit(record: KnownRecord, path: KnownRecord[]): string | undefined {
    const group = this.groups.get(record);
    if (!group) return record.skipped ?? 'it cannot be read';
    const state = this.state.get(record);
    if (state === 'done') return group.skipped ?? record.skipped;
    if (state === 'visiting') {
      const cycle = [...path.slice(path.indexOf(record)), record].map((r) => qualified(r)).join(' > ');
      return `cycle:${cycle}`;
    }
    this.state.set(record, 'visiting');
    let outcome: string | undefined = group.skipped;
    for (const member of group.memberRecords) {
      if (member.record.kind !== 'layerGroup' || outcome) continue;
      const why = this.visit(member.record, [...path, record]);
      if (why?.startsWith('cycle:')) {
        this.ctx.problem(
          'layerGroup',
          group.pending.resource,
          group.pending.file,
          `It is in a cycle of layer groups, which GeoServer refuses: ${why.slice('cycle:'.length)}`,
        );
        outcome = 'it is in a cycle';
        record.skipped = outcome;
        this.state.set(record, 'done');
        return outcome;
      }
      if (why) outcome = `Its member ${member.named} is skipped: ${why}`;
    }
    this.state.set(record, 'done');
    if (outcome) {
      group.skipped = outcome;
      record.skipped = outcome;
      this.ctx.skip('layerGroup', group.pending.resource, outcome);
      return outcome;
    }
    this.ctx.out.layerGroups.push(group.group);
    return undefined;
  }
}
