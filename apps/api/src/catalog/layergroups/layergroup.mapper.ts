import { dbl, declaredRep, doc, LayerGroup, link, list, LINK_FIELD, obj, recordPath, Rep, RepDocument, textWithAttrs } from '@geocatalog/catalog-model';
import type { KindName } from '@geocatalog/catalog-model';
import { versionTag } from '../../rest/etag';
import type { ListShape } from '../../rest/streamed-list';
import { LinkBuilder } from '../../rest/rest-request';
import type { StoredBounds } from './group-bounds';
import type { LayerGroupEntity } from './layergroup.entity';
import type { MemberRow } from './layergroup.repository';

/** What the representation of a member names: the member, and its style (null: its default). */
export type MemberView = Pick<MemberRow, 'type' | 'name' | 'workspace' | 'style_name' | 'style_workspace'>;

/** A group with its workspace's name (null: global) and its members. */
export interface LocatedGroup {
  group: LayerGroupEntity;
  workspace: string | null;
  members: MemberRow[];
}

export const LAYER_GROUP_LIST: ListShape = { root: 'layerGroups', item: 'layerGroup' };

/** Path segments below `/rest` of a record, from the registry. */
export function segments(kind: KindName, names: { workspace?: string | null; name: string }): string[] {
  return recordPath(kind, names).split('/').slice(1);
}

/** An entry of `<layerGroups>`. */
export function layerGroupListItem(g: { name: string }, workspace: string | null, links: LinkBuilder): Rep {
  return obj([
    ['name', g.name],
    [LINK_FIELD, link(links.href(...segments('layerGroup', { workspace, name: g.name })), links.listType)],
  ]);
}

/** `ws:name`, or the bare name of a global record. */
export function qualifiedName(workspace: string | null, name: string): string {
  return workspace ? `${workspace}:${name}` : name;
}

function publishedRep(m: MemberView, links: LinkBuilder): Rep {
  const path = m.type === 'layer' ? segments('layer', { workspace: m.workspace, name: m.name }) : segments('layerGroup', m);
  return obj(
    [
      ['name', qualifiedName(m.workspace, m.name)],
      [LINK_FIELD, link(links.href(...path), links.objectType)],
    ],
    [['type', m.type]],
  );
}

function styleRep(m: MemberView, links: LinkBuilder): Rep {
  if (m.style_name === null) return '';
  return obj([
    ['name', qualifiedName(m.style_workspace, m.style_name)],
    [LINK_FIELD, link(links.href(...segments('style', { workspace: m.style_workspace, name: m.style_name })), links.objectType)],
  ]);
}

/** A group's bounds as GeoServer writes them: the CRS code last, `class="projected"` for a projected one. */
export function boundsRep(b: StoredBounds): Rep {
  return obj([
    ['minx', dbl(b.minx)],
    ['maxx', dbl(b.maxx)],
    ['miny', dbl(b.miny)],
    ['maxy', dbl(b.maxy)],
    ['crs', b.projected ? textWithAttrs(b.crs, [['class', 'projected']]) : b.crs],
  ]);
}

/** `<layerGroup>` from its declaration, with its workspace, members and styles (one per member). */
export function layerGroupDocument(group: LayerGroup, workspace: string | null, members: MemberView[], links: LinkBuilder): RepDocument {
  const bounds = group.bounds as StoredBounds | null;
  return doc(
    'layerGroup',
    declaredRep(LayerGroup, group, {
      workspaceName: workspace ? obj([['name', workspace]]) : undefined,
      members: list(
        'published',
        members.map((m) => publishedRep(m, links)),
      ),
      styles: list(
        'style',
        members.map((m) => styleRep(m, links)),
      ),
      bounds: bounds ? boundsRep(bounds) : undefined,
    }),
  );
}

/** ETag of a group: its version (member changes bump it) and those of every record it names. */
export function layerGroupTag(g: LocatedGroup): string {
  return versionTag(
    g.group.version,
    g.group.workspace?.version,
    ...g.members.flatMap((m) => [m.version, m.workspace_version, m.style_version, m.style_workspace_version]),
  );
}
