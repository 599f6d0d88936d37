import { Injectable } from '@nestjs/common';
import {
  CatalogError,
  checkDeclared,
  checkName,
  LayerGroup,
  mergeDeclared,
  recordPath,
  Sent,
  SentMember,
  SentReference,
  withDefaults,
} from '@geocatalog/catalog-model';
import { EntityManager } from 'typeorm';
import { CatalogDb } from '../../database/catalog-db';
import { catalogVersion } from '../../database/catalog-version';
import { foreignKeyViolation, nameTaken } from '../../database/pg-errors';
import { Listing, noPages } from '../list-pages';
import { checkPrecondition } from '../record-precondition';
import { LayerService } from '../layers/layer.service';
import { StyleService } from '../styles/style.service';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { WorkspaceService } from '../workspaces/workspace.service';
import { groupBounds, StoredBounds } from './group-bounds';
import { LayerGroupEntity } from './layergroup.entity';
import { layerGroupTag, LocatedGroup, qualifiedName } from './layergroup.mapper';
import * as rows from './layergroup.repository';
import { resolveMember, ResolvedMember } from './member-resolution';
import { visibleTo } from './member-visibility';
import type { PublishedReads } from '../../rest/rest-request';

/** The fields of a `<layerGroup>` body; absent fields are undefined (PUT merges). */
export type LayerGroupInput = Sent<LayerGroup>;

/**
 * How users of a record are named in refusals: `layer group 'ws:g'`; those `reads` (a caller other
 * than ADMIN) refuses as one phrase that names none (contract §12).
 */
function described(names: string[], reads?: PublishedReads): string[] {
  const shown = reads ? names.filter((n) => readsQualified(n, reads)) : names;
  const named = shown.map((n) => `layer group '${n}'`);
  return shown.length < names.length ? [...named, 'a layer group you may not read'] : named;
}

/** Whether `reads` lets the caller read the group `ws:name` (or the global `name`). */
function readsQualified(qualified: string, reads: PublishedReads): boolean {
  const colon = qualified.indexOf(':');
  return colon > 0 ? reads(qualified.slice(0, colon), qualified.slice(colon + 1)) : reads(null, qualified);
}

/**
 * Layer groups (contract §10): global or in a workspace, their members layers and other groups,
 * each with a style or its default. A member's delete is refused while a group uses it, unless
 * `recurse`: then it leaves the group, and a group left empty is deleted (the database does both,
 * whatever the path of the delete; see the migration).
 */
@Injectable()
export class LayerGroupService {
  constructor(
    private readonly db: CatalogDb,
    private readonly workspaces: WorkspaceService,
    private readonly styles: StyleService,
    layers: LayerService,
  ) {
    workspaces.onDelete(async (tx, ws) => ({ held: await rows.groupsInWorkspace(tx.manager, ws.id), remove: async () => [] }));
    layers.onDelete(async ({ manager: tx }, layerId, reads) => ({
      users: described(await rows.groupsUsingLayer(tx, layerId), reads),
      afterDelete: async () => emptied(await rows.groupsDeletedNow(tx), reads),
    }));
    styles.onDelete(async ({ manager: tx }, styleId, reads) => described(await rows.groupsUsingStyle(tx, styleId), reads));
  }

  /** Global groups, or one workspace's; 404 for an unknown workspace. */
  async list(workspace: string | undefined): Promise<Listing<{ name: string }>> {
    const version = await catalogVersion(this.db.manager);
    const ws = workspace === undefined ? null : await this.workspaceOrMissing(workspace);
    if (workspace !== undefined && !ws) return { version, pages: noPages() };
    return { version, pages: rows.groupNamePages(this.db.manager, ws?.id ?? null) };
  }

  /** One group with its members; 404 in GeoServer's words. */
  async get(workspace: string | undefined, name: string, tx: EntityManager = this.db.manager): Promise<LocatedGroup> {
    const ws = workspace === undefined ? undefined : await this.workspaceOrMissing(workspace, tx);
    const group = await rows.findGroup(tx, ws?.name, name);
    if (!group) throw new CatalogError('NOT_FOUND', `No such layer group ${name}${workspace === undefined ? '' : ` in workspace ${workspace}`}`);
    return { group, workspace: group.workspace?.name ?? null, members: await rows.memberRows(tx, group.id) };
  }

  /** The group as a caller other than ADMIN sees it: without the members `reads` refuses, bounded by the rest (`member-visibility.ts`). */
  visibleTo(located: LocatedGroup, reads: PublishedReads): Promise<LocatedGroup> {
    return visibleTo(located, reads, (groupId) => rows.memberRows(this.db.manager, groupId));
  }

  /**
   * Creates a group: in the path's workspace, else the body's (a workspace group POSTed to the
   * global path), else global. `nameParam` is `?name=`, for a body without a name; `reads` (a
   * caller other than ADMIN): what it may name as members (a layer it may not read is not found).
   */
  async create(pathWorkspace: string | undefined, input: LayerGroupInput, nameParam?: string, reads?: PublishedReads): Promise<LocatedGroup> {
    const sentName = input.name ?? nameParam;
    if (!sentName) throw new CatalogError('MISSING_FIELD', 'The layer group has no name; it is required');
    const name = checkName('layer group', sentName);
    if (pathWorkspace !== undefined && input.workspaceName !== undefined && input.workspaceName !== pathWorkspace) {
      throw new CatalogError('FORBIDDEN', `Expected workspace ${pathWorkspace} but client specified ${input.workspaceName}`);
    }
    if (!input.members?.length) throw new CatalogError('MISSING_FIELD', 'layer group must not be empty');
    const wsName = pathWorkspace ?? input.workspaceName;
    return this.db.transaction(async ({ manager: tx }) => {
      const ws = wsName === undefined ? null : await this.workspaceOrMissing(wsName, tx);
      const members = await this.resolveMembers(tx, input.members!, input.styles, ws?.name ?? null, reads);
      const fields = { ...withDefaults(LayerGroup, input), name };
      checkDeclared(LayerGroup, fields);
      if (ws && (await rows.layerNamed(tx, ws.id, name))) throw taken(name, ws.name, 'a layer');
      const repo = tx.getRepository(LayerGroupEntity);
      const entity = repo.create({
        name,
        mode: fields.mode,
        title: fields.title ?? null,
        abstractTxt: fields.abstractTxt ?? null,
        keywords: fields.keywords ?? [],
        workspaceId: ws?.id ?? null,
        bounds: (input.bounds ? sentBounds(input.bounds) : groupBounds(members.map((m) => m.extent))) as LayerGroupEntity['bounds'],
      });
      let saved: LayerGroupEntity;
      try {
        saved = await repo.save(entity);
      } catch (err) {
        throw conflict(err, name, ws?.name ?? null);
      }
      await rows.replaceMembers(tx, saved.id, members);
      return this.get(ws?.name, name, tx);
    });
  }

  /**
   * Partial update: title, abstract, mode, keywords, bounds, members and styles; name and workspace
   * stay. `reads` (a caller other than ADMIN) limits the members a body may name, as on create.
   */
  async update(workspace: string | undefined, name: string, input: LayerGroupInput, ifMatch?: string, reads?: PublishedReads): Promise<void> {
    await this.db.transaction(async ({ manager: tx }) => {
      const located = await this.get(workspace, name, tx);
      const { group } = located;
      await checkPrecondition(tx, 'layer_group', group, ifMatch, () => layerGroupTag(located));
      if (input.name !== undefined && input.name !== group.name) throw new CatalogError('FORBIDDEN', "Can't change name of a layer group");
      if (input.workspaceName !== undefined && input.workspaceName !== (located.workspace ?? undefined)) {
        throw new CatalogError('FORBIDDEN', "Can't change the workspace of a layer group, instead DELETE from existing workspace and POST to new workspace");
      }
      mergeDeclared(LayerGroup, group, input);
      let members: ResolvedMember[] | undefined;
      if (input.members !== undefined) {
        if (!input.members.length) throw new CatalogError('MISSING_FIELD', 'layer group must not be empty');
        members = await this.resolveMembers(tx, input.members, input.styles, located.workspace, reads);
      } else if (input.styles !== undefined) {
        const sent: SentMember[] = located.members.map((m) => ({ type: m.type, name: m.name, workspace: m.workspace ?? undefined }));
        members = await this.resolveMembers(tx, sent, input.styles, located.workspace);
      }
      if (input.bounds) group.bounds = sentBounds(input.bounds) as LayerGroupEntity['bounds'];
      else if (input.members !== undefined && members) group.bounds = groupBounds(members.map((m) => m.extent)) as LayerGroupEntity['bounds'];
      await tx
        .getRepository(LayerGroupEntity)
        .update(
          { id: group.id },
          { mode: group.mode, title: group.title, abstractTxt: group.abstractTxt, keywords: group.keywords, bounds: group.bounds, dateModified: new Date() },
        );
      if (members) {
        await rows.replaceMembers(tx, group.id, members);
        const [cycle] = await rows.cyclesThrough(tx, group.id);
        if (cycle) {
          const self = qualifiedName(located.workspace, group.name);
          throw new CatalogError('INVALID_VALUE', `Layer group ${self} would contain itself: ${[self, ...cycle].join(' > ')}`);
        }
      }
    });
  }

  /** Deletes a group; one that other groups hold needs `recurse` (it leaves them; one left empty goes too). */
  async delete(workspace: string | undefined, name: string, recurse: boolean, ifMatch?: string, reads?: PublishedReads): Promise<string[]> {
    return this.db.transaction(async ({ manager: tx }) => {
      const located = await this.get(workspace, name, tx);
      await checkPrecondition(tx, 'layer_group', located.group, ifMatch, () => layerGroupTag(located));
      const users = await rows.groupsUsingGroup(tx, located.group.id);
      if (users.length && !recurse) {
        throw new CatalogError('NOT_EMPTY', `Unable to delete layer group referenced by ${described(users, reads).join(', ')}`);
      }
      await tx.getRepository(LayerGroupEntity).delete({ id: located.group.id });
      // As the history writes it (names as typed), to leave the deleted group itself out.
      const self = recordPath('layerGroup', { workspace: located.workspace, name: located.group.name });
      return emptied(
        (await rows.groupsDeletedNow(tx)).filter((p) => p !== self),
        reads,
      );
    });
  }

  private async resolveMembers(
    tx: EntityManager,
    sent: SentMember[],
    styles: Array<SentReference | null> | undefined,
    workspace: string | null,
    /** What the caller reads: a member it may not read is looked up as if it were not there. */
    reads?: PublishedReads,
  ): Promise<ResolvedMember[]> {
    if (styles && styles.length > sent.length) {
      throw new CatalogError('INVALID_VALUE', `The layer group has ${styles.length} styles for ${sent.length} layers; give one style per layer, or none`);
    }
    const out: ResolvedMember[] = [];
    for (let i = 0; i < sent.length; i++) {
      const member = await resolveMember(tx, sent[i], workspace, reads);
      const ref = styles?.[i];
      const style = ref ? await this.styles.resolve(tx, ref, ref.workspace ?? member.workspace ?? workspace ?? '') : null;
      out.push({ ...member, styleId: style?.id ?? null });
    }
    return out;
  }

  private async workspaceOrMissing(name: string, tx?: EntityManager): Promise<WorkspaceEntity> {
    const ws = await this.workspaces.find(name, tx);
    if (!ws) throw new CatalogError('NOT_FOUND', `No such workspace: '${name}' found`);
    return ws;
  }
}

/**
 * The sentence an answer carries when a delete emptied groups (and so deleted them), or nothing; a
 * group `reads` (a caller other than ADMIN) refuses is not named.
 */
function emptied(paths: string[], reads?: PublishedReads): string[] {
  return paths.map((p) => {
    const m = /^\/(?:workspaces\/([^/]+)\/)?layergroups\/([^/]+)$/.exec(p);
    const hidden = reads && m && !reads(m[1] === undefined ? null : decodeURIComponent(m[1]), decodeURIComponent(m[2]));
    return hidden ? 'A layer group you may not read was left empty and was deleted.' : `Layer group ${p} was left empty and was deleted.`;
  });
}

function sentBounds(b: NonNullable<LayerGroupInput['bounds']>): StoredBounds {
  const crs = b.crs ?? 'EPSG:4326';
  return { minx: b.minx, maxx: b.maxx, miny: b.miny, maxy: b.maxy, crs, projected: !/^(EPSG:4326|CRS:84)$/i.test(crs) };
}

function taken(name: string, workspace: string | null, what: string): CatalogError {
  return new CatalogError('ALREADY_EXISTS', `${what === 'a layer' ? 'A layer' : 'A layer group'} named '${qualifiedName(workspace, name)}' already exists`);
}

function conflict(err: unknown, name: string, workspace: string | null): unknown {
  if (foreignKeyViolation(err)) return new CatalogError('NOT_FOUND', `No such workspace: '${workspace}' found`);
  return nameTaken(err, () =>
    workspace ? `Layer group named '${name}' already exists in workspace ${workspace}` : `Layer group named '${name}' already exists`,
  );
}
