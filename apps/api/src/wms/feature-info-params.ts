/**
 * The parameters GetFeatureInfo adds to GetMap's (WMS 1.1.1 §7.3, 1.3.0 §7.4): QUERY_LAYERS, the
 * pixel (`I`/`J` in 1.3.0, `X`/`Y` in 1.1.1; either is taken), INFO_FORMAT (text, GML 2, GML 3.1.1,
 * HTML, GeoJSON; `application/geojson` too), FEATURE_COUNT and
 * GeoServer's vendor BUFFER. Pure.
 */
import { listOf, WmsParams } from './wms-params';
import { invalidValue, missing, WmsException, WmsVersion } from './wms-exception';

/** The answer formats, as INFO_FORMAT names them. */
export const INFO_FORMATS = ['text/plain', 'application/vnd.ogc.gml', 'text/xml', 'application/vnd.ogc.gml/3.1.1', 'text/html', 'application/json'] as const;
export type InfoFormat = (typeof INFO_FORMATS)[number];

/** Pixels around the one asked for that count as hit, unless BUFFER says otherwise. */
export const DEFAULT_BUFFER = 3;
/** The widest BUFFER taken. */
export const MAX_BUFFER = 100;
/** The most features FEATURE_COUNT may ask for, per layer. */
export const MAX_FEATURE_COUNT = 1000;

export interface FeatureInfoParams {
  queryLayers: string[];
  /** Column and row of the pixel, from the top left. */
  i: number;
  j: number;
  infoFormat: InfoFormat;
  featureCount: number;
  buffer: number;
}

/** GetFeatureInfo has FORMAT optional: the map parameters are read with PNG when it is absent. */
export function withMapFormat(params: WmsParams): WmsParams {
  if (params.nonEmpty('format')) return params;
  return new WmsParams([...params.entries(), ['format', 'image/png']]);
}

export function parseFeatureInfo(params: WmsParams, version: WmsVersion, width: number, height: number): FeatureInfoParams {
  const queryText = params.nonEmpty('query_layers');
  if (!queryText) throw missing('query_layers');
  const infoText = params.nonEmpty('info_format') ?? 'text/plain';
  const asked = infoText.toLowerCase().split(';')[0].trim();
  const infoFormat = INFO_FORMATS.find((f) => f === (asked === 'application/geojson' ? 'application/json' : asked));
  if (!infoFormat)
    throw new WmsException(`Invalid INFO_FORMAT '${infoText}': supported formats are ${INFO_FORMATS.join(', ')}`, 'InvalidFormat', 'info_format');
  const [iName, jName] = version === '1.3.0' ? ['i', 'j'] : ['x', 'y'];
  const i = pixel(params, iName, iName === 'i' ? 'x' : 'i', width);
  const j = pixel(params, jName, jName === 'j' ? 'y' : 'j', height);
  return {
    queryLayers: listOf(queryText),
    i,
    j,
    infoFormat,
    featureCount: count(params.nonEmpty('feature_count'), 'feature_count', 1, MAX_FEATURE_COUNT),
    buffer: count(params.nonEmpty('buffer'), 'buffer', DEFAULT_BUFFER, MAX_BUFFER, 0),
  };
}

function pixel(params: WmsParams, name: string, other: string, size: number): number {
  const text = params.nonEmpty(name) ?? params.nonEmpty(other);
  if (text === undefined) throw missing(name);
  if (!/^-?\d{1,9}$/.test(text) || Number(text) < 0 || Number(text) >= size) {
    throw new WmsException(
      `${name.toUpperCase()} ${text} is not a pixel of the ${size}-pixel ${name === 'i' || name === 'x' ? 'width' : 'height'}`,
      'InvalidPoint',
      name,
    );
  }
  return Number(text);
}

function count(text: string | undefined, name: string, fallback: number, max: number, min = 1): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,9}$/.test(text) || Number(text) < min)
    throw invalidValue(name, `Invalid ${name.toUpperCase()} '${text}': expected a whole number of at least ${min}`);
  return Math.min(Number(text), max);
}
