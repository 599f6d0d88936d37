import { collectionSegments, RECORD_KINDS, recordSegments } from '@geocatalog/catalog-model';
import { isObject, listEntries, listNames, pathOf, restPathOfHref, stringOf, booleanOf, wrapped } from './catalog-json';
import type { RestClient } from './rest-client';
import { parseStyleRef, styleRefBody, type StyleRef } from './styles';

/** A layer as the list shows it. */
export interface LayerRef {
  workspace: string;
  name: string;
}

/** A layer's representation, reduced to what the console shows. */
export interface Layer extends LayerRef {
  type: string;
  enabled: boolean;
  defaultStyle: StyleRef | null;
  /** Additional styles, besides the default. */
  styles: StyleRef[];
  /** REST path of the feature type (`/workspaces/a/datastores/b/featuretypes/c.json`). */
  resourcePath: string | null;
  /** `ws:store`-less name of the resource: `ws:featureType`. */
  resourceName: string;
}

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

/** Reads `{"layer":{…}}` of the layer `ref`. */
export function parseLayer(body: unknown, ref: LayerRef): Layer {
  const layer = wrapped(body, 'layer', 'layer');
  const resource = isObject(layer.resource) ? layer.resource : {};
  const styles = isObject(layer.styles) ? listEntries({ s: layer.styles }, 's', 'style', 'style').map(parseStyleRef) : [];
  return {
    ...ref,
    type: stringOf(layer.type, 'VECTOR'),
    enabled: booleanOf(layer.enabled, true),
    defaultStyle: isObject(layer.defaultStyle) ? parseStyleRef(layer.defaultStyle) : null,
    styles,
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
