import {
  collectionSegments,
  RECORD_KINDS,
  recordSegments,
  Layer as LayerDeclaration,
  readRecord,
  type Sent,
  type SentReference,
} from '@geocatalog/catalog-model';
import { isObject, listNames, pathOf, restPathOfHref, stringOf } from './catalog-json';
import type { RestClient } from './rest-client';
import { styleRefBody, type StyleRef } from './styles';

/** A layer as the list shows it. */
export interface LayerRef {
  workspace: string;
  name: string;
}

/**
 * A layer as the api answers it: every field its declaration (`@geocatalog/catalog-model`'s
 * `Layer`) reads, with its style references as the console names styles and its resource's link.
 * A page shows a new field once the declaration has it.
 */
export type Layer = Sent<LayerDeclaration> &
  LayerRef & {
    defaultStyle: StyleRef | null;
    /** Additional styles, besides the default. */
    styles: StyleRef[];
    /** REST path of the feature type (`/workspaces/a/datastores/b/featuretypes/c.json`). */
    resourcePath: string | null;
    /** `ws:store`-less name of the resource: `ws:featureType`. */
    resourceName: string;
  };

/** What the layer edit sends; only the fields given change. */
export interface LayerPatch {
  enabled?: boolean;
  defaultStyle?: StyleRef;
  styles?: StyleRef[];
}

/** `ws:name` → `{workspace, name}`; a name without a workspace prefix gets `''`. */
export function parseLayerName(qualified: string): LayerRef {
  const at = qualified.indexOf(':');
  return at < 0 ? { workspace: '', name: qualified } : { workspace: qualified.slice(0, at), name: qualified.slice(at + 1) };
}

export const qualifiedLayerName = (ref: LayerRef): string => (ref.workspace ? `${ref.workspace}:${ref.name}` : ref.name);

/** `GET /layers.json`: every layer of every workspace. */
export async function listLayers(client: RestClient, signal?: AbortSignal): Promise<LayerRef[]> {
  return listNames(await client.getJson(`${pathOf(collectionSegments('layer', {}, QUALIFIED_LAYER_PATH))}.json`, signal), 'layers', 'layer', 'layer').map(
    parseLayerName,
  );
}

const styleRefOf = (ref: SentReference): StyleRef => ({ workspace: ref.workspace || null, name: ref.name });

/** Reads `{"layer":{…}}` of the layer `ref` through its declaration. */
export function parseLayer(body: unknown, ref: LayerRef): Layer {
  const { fields, raw } = readRecord(LayerDeclaration, body);
  const resource = isObject(raw.resource) ? raw.resource : {};
  return {
    ...fields,
    ...ref,
    defaultStyle: fields.defaultStyleRef ? styleRefOf(fields.defaultStyleRef) : null,
    styles: (fields.styleRefs ?? []).map(styleRefOf),
    resourcePath: typeof resource.href === 'string' ? restPathOfHref(resource.href) : null,
    resourceName: stringOf(resource.name),
  };
}

/** `/layers/{workspace}:{name}`, the path the console names a layer by. */
const QUALIFIED_LAYER_PATH = RECORD_KINDS.layer.aliases![0];

export function layerPath(ref: LayerRef, suffix = ''): string {
  return `${pathOf(recordSegments('layer', ref, QUALIFIED_LAYER_PATH))}${suffix}`;
}

/** `GET /layers/{ws}:{layer}.json`. */
export async function getLayer(client: RestClient, ref: LayerRef, signal?: AbortSignal): Promise<Layer> {
  return parseLayer(await client.getJson(layerPath(ref, '.json'), signal), ref);
}

/** The JSON body of a layer change. */
export function layerPatchBody(patch: LayerPatch): unknown {
  const layer: Record<string, unknown> = {};
  if (patch.enabled !== undefined) layer.enabled = patch.enabled;
  if (patch.defaultStyle) layer.defaultStyle = styleRefBody(patch.defaultStyle);
  if (patch.styles) layer.styles = { style: patch.styles.map(styleRefBody) };
  return { layer };
}

/** `PUT /layers/{ws}:{layer}`. */
export async function updateLayer(client: RestClient, ref: LayerRef, patch: LayerPatch): Promise<void> {
  await client.putJson(layerPath(ref), layerPatchBody(patch));
}

/** `DELETE /layers/{ws}:{layer}?recurse=true`: the layer and its feature type. */
export async function deleteLayer(client: RestClient, ref: LayerRef): Promise<void> {
  await client.delete(layerPath(ref, '?recurse=true'));
}

/** Names of the layers of one workspace: `GET /workspaces/{ws}/layers.json`. */
export async function listWorkspaceLayers(client: RestClient, workspace: string, signal?: AbortSignal): Promise<LayerRef[]> {
  const body = await client.getJson(`${pathOf(collectionSegments('layer', { workspace }))}.json`, signal);
  return listNames(body, 'layers', 'layer', 'layer').map((name) => ({ workspace, name: parseLayerName(name).name }));
}
