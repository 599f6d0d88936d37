/**
 * GeoServer's SLD "library mode" for `SLD_BODY` with `LAYERS`: each layer is drawn with the SLD's
 * `NamedLayer` of its name (its `UserStyle`), unless `STYLES` names a style for it; a layer the
 * SLD does not mention keeps its own style. Pure: works on the document's text, which
 * `validateSld` has already accepted.
 */
import { validateSld } from '@geocatalog/sld';
import type { LayerToDraw } from './map-layers';
import { WmsException } from './wms-exception';

/** At most this many issues are named when SLD_BODY is refused. */
const ISSUES_SHOWN = 3;

/** Refuses an SLD_BODY that is not a valid SLD, as an upload is refused. */
export function checkSldBody(sld: string): void {
  const result = validateSld(sld);
  if (result.valid) return;
  const issues = result.issues.slice(0, ISSUES_SHOWN).map((i) => i.message);
  throw new WmsException(`SLD_BODY is not a valid SLD: ${issues.join('; ')}`, 'InvalidParameterValue', 'sld_body');
}

/**
 * An SLD holding only the `NamedLayer` the layer is named by (`ws:name` or `name`), or null when
 * STYLES named a style for it or the SLD has no such layer.
 */
export function sldForLayer(sld: string, draw: Pick<LayerToDraw, 'named' | 'requested' | 'layer'>): string | null {
  if (draw.named) return null;
  const root = /<((?:[\w.-]+:)?)StyledLayerDescriptor\b[^>]*>/.exec(sld);
  if (!root) return null;
  const prefix = root[1];
  const names = new Set([draw.requested, draw.layer.name, `${draw.layer.workspace}:${draw.layer.name}`]);
  const layerPattern = new RegExp(`<(?:[\\w.-]+:)?NamedLayer\\b[\\s\\S]*?</(?:[\\w.-]+:)?NamedLayer\\s*>`, 'g');
  for (const m of sld.matchAll(layerPattern)) {
    const name = /<(?:[\w.-]+:)?Name\s*>([^<]*)</.exec(m[0])?.[1]?.trim();
    if (name === undefined || !names.has(name)) continue;
    if (!/<(?:[\w.-]+:)?UserStyle\b/.test(m[0])) continue;
    return `${sld.slice(0, root.index)}${root[0]}${m[0]}</${prefix}StyledLayerDescriptor>`;
  }
  return null;
}
