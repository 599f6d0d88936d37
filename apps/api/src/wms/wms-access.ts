/**
 * The data rules on the WMS (contract §12), asked through `ReadScope` (the one decision point):
 * what a request names (LAYERS, QUERY_LAYERS, LAYER) must be readable by the caller — else
 * `LayerNotDefined` in HIDE mode, as GeoServer answers a layer it hides, or the challenge (401/403)
 * in CHALLENGE and MIXED — and the layers a readable group draws are those the caller reads.
 */
import type { ReadScope } from '../access/read-access';
import type { LayerToDraw } from './map-layers';
import type { WmsCatalog } from './wms-catalog';
import { WmsException } from './wms-exception';

/** The service rule's method of a WMS `REQUEST` (GeoServer's operation names, `wms.GetMap`). */
export function wmsMethod(operation: string): string {
  switch (operation.toLowerCase()) {
    case 'getcapabilities':
    case 'capabilities':
      return 'GetCapabilities';
    case 'getmap':
    case 'map':
      return 'GetMap';
    case 'getfeatureinfo':
      return 'GetFeatureInfo';
    case 'getlegendgraphic':
      return 'GetLegendGraphic';
    default:
      return operation;
  }
}

/**
 * Refuses the request unless the caller reads every name (a layer or group, with or without its
 * workspace, as GetMap resolves it: in the virtual service's workspace, else by its prefix, else a
 * global group, else the first workspace with a layer of that name). A name that names nothing is
 * left to the lookup that follows (LayerNotDefined for everybody).
 */
export async function checkNames(catalog: WmsCatalog, workspace: string | null, access: ReadScope, names: readonly string[], param: string): Promise<void> {
  for (const name of names) {
    const target = await targetOf(catalog, workspace, name);
    if (!target || access.reads(target.workspace, target.name)) continue;
    if (access.hides) throw new WmsException(`Could not find layer ${name}`, 'LayerNotDefined', param);
    access.refuse(`layer ${name}`);
  }
}

/** The layers of a drawing the caller reads (a group's members it may not read are left out). */
export function readableDraws(draws: LayerToDraw[], access: ReadScope | undefined): LayerToDraw[] {
  return access ? draws.filter((d) => access.reads(d.layer.workspace, d.layer.name)) : draws;
}

/** Whose rules a name is under: its workspace (null: a global group) and its own name; null when it names nothing. */
async function targetOf(catalog: WmsCatalog, workspace: string | null, name: string): Promise<{ workspace: string | null; name: string } | null> {
  const colon = name.indexOf(':');
  const prefix = colon > 0 ? name.slice(0, colon) : null;
  const local = colon > 0 ? name.slice(colon + 1) : name;
  if (workspace !== null && prefix !== null && prefix !== workspace) return null;
  const ws = workspace ?? prefix;
  if (ws !== null) return { workspace: ws, name: local };
  if (await catalog.group(null, local)) return { workspace: null, name: local };
  const [first] = await catalog.workspacesWithLayer(local);
  return first === undefined ? null : { workspace: first, name: local };
}
