import {
  CatalogError,
  collectionSegments,
  LayerGroup,
  LAYER_GROUP_MODES,
  nodesFromJson,
  readDeclared,
  recordSegments,
  type LayerGroupMode,
  type MemberType,
} from '@geocatalog/catalog-model';
import { isObject, listNames, pathOf } from './catalog-json';
import type { RestClient } from './rest-client';
import { qualifiedStyleName, styleRefBody, type StyleRef } from './styles';

export { LAYER_GROUP_MODES, type LayerGroupMode, type MemberType };

/** A layer group as a list names it: `workspace` null for a global group. */
export interface LayerGroupRef {
  workspace: string | null;
  name: string;
}

/** A member of a group, in order: a layer or a group (`ws:name` or a global group's name) and its style (null: its default). */
export interface GroupMember {
  type: MemberType;
  name: string;
  style: StyleRef | null;
}

/** A group's record, reduced to what the console shows and edits. */
export interface LayerGroupRecord extends LayerGroupRef {
  mode: LayerGroupMode;
  title: string;
  abstractTxt: string;
  members: GroupMember[];
  /** The group's box and the code of its CRS, when the record has them (read only: the server computes them). */
  bounds?: GroupBox | null;
}

/** A box in the CRS `crs` names (`EPSG:4326`…). */
export interface GroupBox {
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
  crs: string;
}

/** What the form sends: a new group's name and workspace, or an existing group's. */
export type LayerGroupDraft = LayerGroupRecord;

export const qualifiedGroupName = (ref: LayerGroupRef): string => (ref.workspace ? `${ref.workspace}:${ref.name}` : ref.name);

export const sameGroup = (a: LayerGroupRef | null, b: LayerGroupRef | null): boolean =>
  !!a && !!b && a.name === b.name && (a.workspace ?? null) === (b.workspace ?? null);

/** `/layergroups/{name}` or `/workspaces/{ws}/layergroups/{name}` (the registry's paths), plus `suffix`. */
export function layerGroupPath(ref: LayerGroupRef, suffix = ''): string {
  return `${pathOf(recordSegments('layerGroup', ref))}${suffix}`;
}

/** `/layergroups` or `/workspaces/{ws}/layergroups`: where a group is listed and POSTed. */
function layerGroupsPath(workspace: string | null): string {
  return pathOf(collectionSegments('layerGroup', { workspace }));
}

/** `GET /layergroups.json` (global) or `GET /workspaces/{ws}/layergroups.json`. */
export async function listLayerGroups(client: RestClient, workspace: string | null, signal?: AbortSignal): Promise<LayerGroupRef[]> {
  const path = `${layerGroupsPath(workspace)}.json`;
  return listNames(await client.getJson(path, signal), 'layerGroups', 'layerGroup', 'layer group').map((name) => ({ workspace, name }));
}

/**
 * Reads `{"layerGroup":{…}}` with `LayerGroup`'s declaration, as the api reads a body (members
 * from `publishables/published[@type]`, one style per member, `""` for a default).
 */
export function parseLayerGroup(body: unknown, ref: LayerGroupRef): LayerGroupRecord {
  const group = isObject(body) && isObject(body.layerGroup) ? body.layerGroup : null;
  if (!group) throw new Error('The answer is not a layer group');
  const [node] = nodesFromJson('layerGroup', group, 32, () => new CatalogError('MALFORMED_BODY', 'The layer group is nested too deeply'));
  const read = readDeclared(LayerGroup, node);
  const styles = read.styles ?? [];
  return {
    ...ref,
    mode: read.mode ?? 'SINGLE',
    title: read.title ?? '',
    abstractTxt: read.abstractTxt ?? '',
    members: (read.members ?? []).map((m, i) => {
      const style = styles[i];
      return {
        type: m.type ?? 'layer',
        name: m.workspace ? `${m.workspace}:${m.name}` : m.name,
        style: style ? { workspace: style.workspace ?? null, name: style.name } : null,
      };
    }),
    ...(read.bounds
      ? { bounds: { minx: read.bounds.minx, miny: read.bounds.miny, maxx: read.bounds.maxx, maxy: read.bounds.maxy, crs: read.bounds.crs ?? 'EPSG:4326' } }
      : {}),
  };
}

/** `GET` one group. */
export async function getLayerGroup(client: RestClient, ref: LayerGroupRef, signal?: AbortSignal): Promise<LayerGroupRecord> {
  return parseLayerGroup(await client.getJson(layerGroupPath(ref, '.json'), signal), ref);
}

/** The JSON body of a group: GeoServer's representation, members and one style per member (`""`: its default). */
export function layerGroupBody(draft: LayerGroupDraft): unknown {
  return {
    layerGroup: {
      name: draft.name,
      ...(draft.workspace ? { workspace: { name: draft.workspace } } : {}),
      mode: draft.mode,
      title: draft.title,
      abstractTxt: draft.abstractTxt,
      publishables: { published: draft.members.map((m) => ({ '@type': m.type, name: m.name })) },
      styles: { style: draft.members.map((m) => (m.style ? styleRefBody(m.style) : '')) },
    },
  };
}

/** `POST /layergroups` or `/workspaces/{ws}/layergroups`. */
export async function createLayerGroup(client: RestClient, draft: LayerGroupDraft): Promise<void> {
  await client.postJson(layerGroupsPath(draft.workspace), layerGroupBody(draft));
}

/** `PUT` a group: its fields, members and styles. */
export async function updateLayerGroup(client: RestClient, draft: LayerGroupDraft): Promise<void> {
  await client.putJson(layerGroupPath(draft), layerGroupBody(draft));
}

/** `DELETE` a group; `recurse` also takes it out of the groups that hold it. */
export async function deleteLayerGroup(client: RestClient, ref: LayerGroupRef, recurse: boolean): Promise<void> {
  await client.delete(layerGroupPath(ref, recurse ? '?recurse=true' : ''));
}

/** `ws:name` of a style for a member's select (`''` for the member's default). */
export const memberStyleKey = (style: StyleRef | null): string => (style ? qualifiedStyleName(style) : '');
