/**
 * GetLegendGraphic's choices that need no drawing: which layers a LAYER names (a group: each of
 * its members with the style the group gives it, as GeoServer draws each member's legend), the
 * style each one is drawn with, and which rules are kept (SCALE, RULE).
 */
import type { CompiledStyle } from './map-renderer';
import type { LegendParams } from './legend-params';
import { LayerToDraw, layersToDraw } from './map-layers';
import type { WmsCatalog } from './wms-catalog';
import { WmsException } from './wms-exception';
import { listOf } from './wms-params';

/** GeoServer's tolerance when testing a rule's scale range against SCALE. */
const SCALE_TOLERANCE = 1e-6;

/** The layers of LAYER with their styles; GeoServer's messages and locators (`layer`, `style`). */
export async function legendLayers(catalog: WmsCatalog, workspace: string | null, p: LegendParams): Promise<LayerToDraw[]> {
  try {
    const draws = await layersToDraw(catalog, workspace, [p.layer], [p.style]);
    if (!draws.length) throw new WmsException(`${p.layer} layer does not exist.`, 'LayerNotDefined', 'layer');
    return draws;
  } catch (err) {
    if (!(err instanceof WmsException)) throw err;
    if (err.code === 'LayerNotDefined') throw new WmsException(`${p.layer} layer does not exist.`, 'LayerNotDefined', 'layer');
    if (err.code === 'StyleNotDefined') throw new WmsException(err.message, 'StyleNotDefined', 'style');
    throw err;
  }
}

/** RULE per legend: a comma-separated list, one per layer of a group, as GeoServer reads it. */
export function rulesOf(p: LegendParams, count: number): Array<string | undefined> {
  const names = listOf(p.rule);
  return Array.from({ length: count }, (_, i) => (names[i] ? names[i] : undefined));
}

/**
 * The style with only the rules SCALE lets through (MinScaleDenominator inclusive, Max exclusive,
 * as GeoServer's legend), all of them without SCALE.
 */
export function rulesAtScale(style: CompiledStyle, scale: number | undefined): CompiledStyle {
  if (scale === undefined) return style;
  const keep = style.geostyler.rules.map((rule) => {
    const min = rule.scaleDenominator?.min;
    const max = rule.scaleDenominator?.max;
    return (typeof min !== 'number' || min - SCALE_TOLERANCE <= scale) && (typeof max !== 'number' || max + SCALE_TOLERANCE > scale);
  });
  return {
    ...style,
    geostyler: { ...style.geostyler, rules: style.geostyler.rules.filter((_, i) => keep[i]) },
    rules: style.rules.filter((_, i) => keep[i]),
  };
}

/** RULE naming no rule of the style: GeoServer's message (it has no code). */
export function noSuchRule(rule: string): WmsException {
  return new WmsException(`Specified style does not contains a rule named ${rule}`, undefined, 'rule');
}
