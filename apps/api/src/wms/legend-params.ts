/**
 * GetLegendGraphic's parameters (SLD 1.0 §12, GeoServer's vendor ones): LAYER, STYLE, FORMAT
 * (`image/png`, `application/json`), WIDTH/HEIGHT (icon size), RULE, SCALE, TRANSPARENT, BGCOLOR
 * and LEGEND_OPTIONS (`forceLabels:on`, `dpi:N`), read with GeoServer's codes. Pure.
 */
import { OGC_DPI } from '@geocatalog/map-render';
import { parseColor } from './getmap-params';
import { invalidValue, WmsException } from './wms-exception';
import type { WmsParams } from './wms-params';

export const LEGEND_FORMATS = ['image/png', 'application/json'] as const;
export type LegendFormat = (typeof LEGEND_FORMATS)[number];

/** The largest icon side taken (GeoServer has no limit; a legend is never a map). */
export const MAX_ICON_SIDE = 512;

export interface LegendParams {
  layer: string;
  /** STYLE: '' for the default. */
  style: string;
  format: LegendFormat;
  width: number;
  height: number;
  rule?: string;
  /** SCALE: only the rules whose scale range holds it. */
  scale?: number;
  transparent: boolean;
  bgcolor: string;
  forceLabels: boolean;
  /** LEGEND_OPTIONS dpi as a factor of the OGC 90.714 dpi. */
  pixelRatio: number;
}

export function parseLegend(params: WmsParams): LegendParams {
  const layer = params.nonEmpty('layer');
  if (!layer) throw new WmsException('LAYER parameter not present for GetLegendGraphic', 'LayerNotDefined', 'layer');
  const formatText = params.nonEmpty('format');
  if (!formatText) throw new WmsException('Missing FORMAT parameter for GetLegendGraphic', 'MissingFormat', 'format');
  const format = LEGEND_FORMATS.find((f) => f === formatText.toLowerCase().split(';')[0].trim() || (f === 'image/png' && formatText.toLowerCase() === 'png'));
  if (!format) throw new WmsException(`Invalid graphic format: ${formatText}`, 'InvalidFormat', 'format');
  const scaleText = params.nonEmpty('scale');
  const scale = scaleText === undefined ? undefined : Number(scaleText);
  if (scale !== undefined && !(Number.isFinite(scale) && scale > 0))
    throw invalidValue('scale', `Invalid SCALE '${scaleText}': expected a scale denominator above 0`);
  const options = legendOptions(params.nonEmpty('legend_options'));
  return {
    layer,
    style: params.nonEmpty('style') ?? '',
    format,
    width: side(params, 'width'),
    height: side(params, 'height'),
    ...(params.nonEmpty('rule') !== undefined ? { rule: params.nonEmpty('rule') } : {}),
    ...(scale !== undefined ? { scale } : {}),
    transparent: (params.get('transparent') ?? '').toLowerCase() === 'true',
    bgcolor: parseColor(params.get('bgcolor')),
    forceLabels: options.get('forcelabels') === 'on',
    pixelRatio: dpiRatio(options.get('dpi')),
  };
}

function side(params: WmsParams, name: string): number {
  const text = params.nonEmpty(name);
  if (text === undefined) return 20;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > MAX_ICON_SIDE)
    throw invalidValue(name, `Invalid ${name.toUpperCase()} '${text}': expected a whole number of pixels from 1 to ${MAX_ICON_SIDE}`);
  return Number(text);
}

/** LEGEND_OPTIONS `key:value;key:value`, keys lower case. */
function legendOptions(text: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const option of (text ?? '').split(';')) {
    const colon = option.indexOf(':');
    if (colon < 0) continue;
    out.set(
      option.slice(0, colon).trim().toLowerCase(),
      option
        .slice(colon + 1)
        .trim()
        .toLowerCase(),
    );
  }
  return out;
}

function dpiRatio(text: string | undefined): number {
  if (text === undefined) return 1;
  const dpi = Number(text);
  if (!Number.isFinite(dpi) || dpi <= 0 || dpi > 1200)
    throw invalidValue('legend_options', `Invalid dpi '${text}' in LEGEND_OPTIONS: expected a number above 0 and at most 1200`);
  return dpi / OGC_DPI;
}
