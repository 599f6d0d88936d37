/**
 * What a REST request is about, as the data rules see it: read from the route's parameters (the
 * record-kind registry's `param`s: `ws`, `prefix`, `ds`, `ft`, `layer`, `group`, `style`), never
 * from the raw path. Framework-free.
 */

/** The workspace name GeoServer reads as "the default workspace". */
export const DEFAULT_WORKSPACE = 'default';

export type RestTarget =
  /** Nothing inside a workspace: global styles, settings, about, the security endpoints, lists of workspaces. */
  | { scope: 'global'; globalGroup?: string }
  /** A workspace, or a record of it that is no layer (a store, a style, its settings); `itself`: the workspace (or namespace) record. */
  | { scope: 'workspace'; workspace: string; itself: boolean }
  /** A layer, its feature type, or a layer group of a workspace. */
  | { scope: 'layer'; workspace: string; layer: string };

/** The target of a route with these parameters; `routePath` is Express's pattern (`/rest/workspaces/:ws`). */
export function restTarget(routePath: string, params: Record<string, string | undefined>): RestTarget {
  const ws = params.ws ?? params.prefix;
  if (ws !== undefined) {
    const layer = params.ft ?? params.layer ?? params.group;
    if (layer !== undefined) return { scope: 'layer', workspace: ws, layer };
    const itself = /\/:(ws|prefix)$/.test(routePath) && /^\/rest\/(workspaces|namespaces)\//.test(routePath);
    return { scope: 'workspace', workspace: ws, itself };
  }
  if (params.layer !== undefined) {
    // `/rest/layers/ws:name`; a bare name is a layer of the default workspace.
    const colon = params.layer.indexOf(':');
    if (colon > 0) return { scope: 'layer', workspace: params.layer.slice(0, colon), layer: params.layer.slice(colon + 1) };
    return { scope: 'layer', workspace: DEFAULT_WORKSPACE, layer: params.layer };
  }
  if (params.group !== undefined && /^\/rest\/layergroups\//.test(routePath)) return { scope: 'global', globalGroup: params.group };
  return { scope: 'global' };
}

/** Splits a list item's name `ws:name` (the `/rest/layers` list); a bare name is in `workspace`. */
export function qualifiedName(name: string, workspace: string | undefined): { workspace: string | undefined; name: string } {
  const colon = name.indexOf(':');
  return colon > 0 ? { workspace: name.slice(0, colon), name: name.slice(colon + 1) } : { workspace, name };
}
