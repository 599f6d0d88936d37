/**
 * Which layers a GetMap draws and with which style: names (layers and groups, with or without
 * their workspace) resolved in the service's scope, groups expanded in drawing order, and
 * `STYLES` checked against the styles each layer offers (contract §10).
 */
import type { GroupMember, StyleRef, WmsCatalog, WmsGroup, WmsLayer } from './wms-catalog';
import { WmsException } from './wms-exception';

/** A layer to draw and the style to draw it with (a catalog style). */
export interface LayerToDraw {
  layer: WmsLayer;
  /** The name as requested (for SLD library mode and messages). */
  requested: string;
  style: StyleRef;
  /** STYLES named this style (not the default). */
  named: boolean;
  /** Index of the LAYERS entry that asked for it (CQL_FILTER gives one filter per entry). */
  position: number;
}

/** Groups may nest; deeper than this is a cycle the catalog should not hold. */
const MAX_GROUP_DEPTH = 16;

/**
 * The layers of `names` in drawing order. `workspace` is the virtual service's (null: global).
 * LayerNotDefined for a name naming nothing the service offers; StyleNotDefined for a style the
 * layer does not list.
 */
export async function layersToDraw(catalog: WmsCatalog, workspace: string | null, names: string[], styles: string[]): Promise<LayerToDraw[]> {
  const out: LayerToDraw[] = [];
  for (let i = 0; i < names.length; i++) {
    const requested = names[i];
    const styleName = styles[i] ?? '';
    const found = await resolveName(catalog, workspace, requested);
    if (found.kind === 'layer') {
      const style = styleName ? namedStyle(found.layer, styleName) : found.layer.styles[0];
      if (!style) throw new WmsException(`Layer ${requested} has no style to draw it with`, 'StyleNotDefined', 'styles');
      out.push({ layer: found.layer, requested, style, named: !!styleName, position: i });
    } else {
      if (styleName)
        throw new WmsException(`No such style: ${styleName} (layer group ${requested} is drawn with its members' styles)`, 'StyleNotDefined', 'styles');
      await expandGroup(catalog, found.group, { requested, position: i }, out, 0);
    }
  }
  return out;
}

type Resolved = { kind: 'layer'; layer: WmsLayer } | { kind: 'group'; group: WmsGroup };

async function resolveName(catalog: WmsCatalog, workspace: string | null, name: string): Promise<Resolved> {
  const colon = name.indexOf(':');
  const prefix = colon > 0 ? name.slice(0, colon) : null;
  const local = colon > 0 ? name.slice(colon + 1) : name;
  const notDefined = () => new WmsException(`Could not find layer ${name}`, 'LayerNotDefined', 'layers');
  if (workspace !== null && prefix !== null && prefix !== workspace) throw notDefined();
  const ws = workspace ?? prefix;
  if (ws !== null) {
    const layer = await catalog.layer(ws, local);
    if (layer) return directLayer(catalog, layer, notDefined);
    const group = await catalog.group(ws, local);
    if (group) return { kind: 'group', group };
    throw notDefined();
  }
  const group = await catalog.group(null, local);
  if (group) return { kind: 'group', group };
  const [first] = await catalog.workspacesWithLayer(local);
  const layer = first !== undefined ? await catalog.layer(first, local) : null;
  if (layer) return directLayer(catalog, layer, notDefined);
  throw notDefined();
}

/**
 * A layer named by itself: an opaque container's member (and no tree group's) is not available by
 * itself, only as part of its group (contract §12, as GeoServer's opaque containers).
 */
async function directLayer(catalog: WmsCatalog, layer: WmsLayer, notDefined: () => WmsException): Promise<Resolved> {
  if (await catalog.onlyInOpaqueContainer(layer.id)) throw notDefined();
  return { kind: 'layer', layer };
}

/** The layer's style of this name (`ws:name` or `name`), or StyleNotDefined. */
export function namedStyle(layer: WmsLayer, name: string): StyleRef {
  const colon = name.indexOf(':');
  const prefix = colon > 0 ? name.slice(0, colon) : null;
  const local = colon > 0 ? name.slice(colon + 1) : name;
  const style = layer.styles.find((s) => s.name === local && (prefix === null || prefix === s.workspace));
  if (!style)
    throw new WmsException(
      `No such style: ${name} (layer ${layer.workspace}:${layer.name} offers ${layer.styles.map(styleLabel).join(', ') || 'none'})`,
      'StyleNotDefined',
      'styles',
    );
  return style;
}

function styleLabel(s: StyleRef): string {
  return s.workspace ? `${s.workspace}:${s.name}` : s.name;
}

async function expandGroup(
  catalog: WmsCatalog,
  group: WmsGroup,
  entry: Pick<LayerToDraw, 'requested' | 'position'>,
  out: LayerToDraw[],
  depth: number,
): Promise<void> {
  const requested = entry.requested;
  if (depth > MAX_GROUP_DEPTH) throw new WmsException(`Layer group ${requested} nests deeper than ${MAX_GROUP_DEPTH} levels`);
  const members: GroupMember[] = await catalog.members(group.id);
  for (const m of members) {
    if (m.kind === 'group') {
      const inner = await catalog.groupById(m.groupId);
      if (inner) await expandGroup(catalog, inner, entry, out, depth + 1);
      continue;
    }
    const layer = await catalog.layerById(m.layerId);
    // A disabled member is left out of the picture, as GeoServer does.
    if (!layer) continue;
    const style = m.styleId !== null ? (layer.styles.find((s) => s.id === m.styleId) ?? (await catalog.styleRef(m.styleId))) : layer.styles[0];
    if (style) out.push({ layer, requested, style, named: false, position: entry.position });
  }
}
