/**
 * The parameters of a GetMap request, read and checked before the catalog is asked anything
 * (contract §10). Pure: each problem is a {@link WmsException} with GeoServer's code and locator.
 */
import type { CqlNode } from '@geocatalog/cql';
import { parseCqlFilterParam } from './cql-filter-param';
import { bboxIsLatLon, CrsCode, MapCrs, parseCrsCode } from './map-crs';
import { pixelRatio, scaleDenominator } from './map-scale';
import { invalidCrs, invalidValue, missing, WmsException, WmsVersion } from './wms-exception';
import { exceptionForm, ExceptionForm } from './wms-exception-report';
import { listOf, WmsParams } from './wms-params';
import { MAX_IMAGE_SIDE, WmsServiceMetadata } from './wms-service-metadata';

/** The image formats drawn. */
export type MapFormat = 'image/png' | 'image/png8' | 'image/jpeg' | 'image/webp';

/** Accepted spellings of each format (lower case), GeoServer's short names included. */
const FORMATS: Record<string, MapFormat> = {
  'image/png': 'image/png',
  png: 'image/png',
  'image/png8': 'image/png8',
  png8: 'image/png8',
  'image/png; mode=8bit': 'image/png8',
  'image/png;mode=8bit': 'image/png8',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  'image/webp': 'image/webp',
  webp: 'image/webp',
};

/** The highest dpi accepted in FORMAT_OPTIONS (a print at 2400 dpi is already huge). */
export const MAX_DPI = 2400;

/** The GetMap request as read, before layers, styles and the CRS are looked up. */
export interface GetMapParams {
  version: WmsVersion;
  /** Layer and group names as given, in drawing order. */
  layers: string[];
  /** One per layer (`''`: default), or empty for all defaults. */
  styles: string[];
  crs: CrsCode;
  /** BBOX as sent, in the order of the request's axes. */
  bbox: [number, number, number, number];
  width: number;
  height: number;
  format: MapFormat;
  transparent: boolean;
  /** `#rrggbb`. */
  bgcolor: string;
  /** FORMAT_OPTIONS dpi, when given. */
  dpi?: number;
  /** SLD_BODY, when given. */
  sldBody?: string;
  /** CQL_FILTER: one filter per LAYERS entry; undefined without it. */
  cqlFilter?: CqlNode[];
  exceptions: ExceptionForm;
}

/** The version a request speaks: 1.3.0 when it says so (or a later one), else 1.1.1. */
export function requestVersion(params: WmsParams, fallback: WmsVersion): WmsVersion {
  const v = params.nonEmpty('version') ?? params.nonEmpty('wmtver');
  if (!v) return fallback;
  const parts = v.split('.').map((n) => Number(n));
  if (parts.some((n) => !Number.isFinite(n))) return fallback;
  const [major = 0, minor = 0, patch = 0] = parts;
  const order = major * 10000 + minor * 100 + patch;
  return order >= 10300 ? '1.3.0' : '1.1.1';
}

/** The form failures of this request take; read first, so that every later failure honours it. */
export function requestExceptions(params: WmsParams): ExceptionForm {
  return exceptionForm(params.get('exceptions'));
}

/** Reads a GetMap request's parameters, in the order GeoServer checks them. */
export function parseGetMap(params: WmsParams, service: WmsServiceMetadata): GetMapParams {
  const version = requestVersion(params, '1.1.1');
  const exceptions = requestExceptions(params);
  const sldBody = params.nonEmpty('sld_body');
  const layersText = params.nonEmpty('layers');
  if (!layersText) throw missing('layers');
  const layers = listOf(layersText);
  if (layers.some((l) => !l)) throw new WmsException(`Invalid LAYERS '${layersText}': a layer name is empty`, 'LayerNotDefined', 'layers');
  const styles = params.has('styles') ? listOf(params.get('styles')) : [];
  if (styles.length > 1 && styles.length !== layers.length) {
    throw invalidValue('styles', `${styles.length} STYLES for ${layers.length} LAYERS: give one style per layer (empty for the default)`);
  }
  if (styles.length === 1 && layers.length > 1 && styles[0] !== '') {
    throw invalidValue('styles', `1 STYLES for ${layers.length} LAYERS: give one style per layer (empty for the default)`);
  }

  const formatText = params.nonEmpty('format');
  if (!formatText) throw missing('format');
  const format = FORMATS[formatText.toLowerCase().replace(/\s+/g, ' ')];
  if (!format)
    throw new WmsException(
      `Invalid format '${formatText}': supported formats are ${[...new Set(Object.values(FORMATS))].join(', ')}`,
      'InvalidFormat',
      'format',
    );

  const crsName = version === '1.3.0' ? 'crs' : 'srs';
  // GeoServer takes either name in either version.
  const crsText = params.nonEmpty(crsName) ?? params.nonEmpty(crsName === 'crs' ? 'srs' : 'crs');
  if (!crsText) throw missing(crsName);
  const crs = parseCrsCode(crsText, version);
  if (!crs) throw invalidCrs(version, `Error occurred decoding the espg code ${crsText}: it is not a CRS code this service knows (e.g. EPSG:4326, CRS:84)`);

  const bboxText = params.nonEmpty('bbox');
  if (!bboxText) throw missing('bbox');
  const bbox = parseBbox(bboxText);

  const width = side(params, 'width', service.maxWidth);
  const height = side(params, 'height', service.maxHeight);
  if (width * height > service.maxPixels) {
    throw invalidValue('width', `A map of ${width} × ${height} pixels exceeds this service's budget of ${service.maxPixels} pixels`);
  }

  return {
    version,
    layers,
    styles,
    crs,
    bbox,
    width,
    height,
    format,
    transparent: parseBoolean(params.get('transparent')),
    bgcolor: parseColor(params.get('bgcolor')),
    dpi: parseDpi(params.get('format_options')),
    sldBody,
    cqlFilter: parseCqlFilterParam(params.get('cql_filter'), layers.length),
    exceptions,
  };
}

function parseBbox(text: string): [number, number, number, number] {
  const parts = text.split(',');
  const values = parts.map((p) => (p.trim() === '' ? NaN : Number(p)));
  if (parts.length !== 4 || values.some((v) => !Number.isFinite(v))) {
    throw invalidValue('bbox', `Invalid BBOX '${text}': expected four numbers minx,miny,maxx,maxy`);
  }
  const [a, b, c, d] = values;
  if (a >= c || b >= d) throw invalidValue('bbox', `Invalid BBOX '${text}': the minimum of each axis must be below its maximum`);
  return [a, b, c, d];
}

function side(params: WmsParams, name: 'width' | 'height', max: number): number {
  const text = params.nonEmpty(name);
  if (!text) throw missing(name);
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1)
    throw invalidValue(name, `Invalid ${name.toUpperCase()} '${text}': expected a whole number of pixels, at least 1`);
  const n = Number(text);
  const limit = Math.min(max, MAX_IMAGE_SIDE);
  if (n > limit) throw invalidValue(name, `${name.toUpperCase()} ${n} exceeds the maximum of ${limit} pixels`);
  return n;
}

function parseBoolean(text: string | undefined): boolean {
  return (text ?? '').toLowerCase() === 'true';
}

/** BGCOLOR `0xRRGGBB` (or `#RRGGBB`); white when absent. */
export function parseColor(text: string | undefined): string {
  if (text === undefined || text === '') return '#ffffff';
  const m = /^(?:0x|#)([0-9a-f]{6})$/i.exec(text);
  if (!m) throw invalidValue('bgcolor', `Invalid BGCOLOR '${text}': expected 0xRRGGBB`);
  return `#${m[1].toLowerCase()}`;
}

/** `dpi:N` of FORMAT_OPTIONS (`key:value;key:value`); other options are ignored. */
export function parseDpi(text: string | undefined): number | undefined {
  if (!text) return undefined;
  for (const option of text.split(';')) {
    const colon = option.indexOf(':');
    const key = (colon < 0 ? option : option.slice(0, colon)).trim().toLowerCase();
    if (key !== 'dpi') continue;
    const value = colon < 0 ? '' : option.slice(colon + 1).trim();
    const n = Number(value);
    if (value === '' || !Number.isFinite(n) || n <= 0 || n > MAX_DPI) {
      throw invalidValue('format_options', `Invalid dpi '${value}' in FORMAT_OPTIONS: expected a number above 0 and at most ${MAX_DPI}`);
    }
    return n;
  }
  return undefined;
}

/** The map's box in x/y order of its CRS, and its scale, once the CRS is known. */
export function mapGeometry(
  p: Pick<GetMapParams, 'bbox' | 'width' | 'dpi'>,
  crs: MapCrs,
): { bbox: [number, number, number, number]; scaleDenominator: number; pixelRatio: number } {
  const [a, b, c, d] = p.bbox;
  const bbox: [number, number, number, number] = bboxIsLatLon(crs) ? [b, a, d, c] : [a, b, c, d];
  return {
    bbox,
    scaleDenominator: scaleDenominator({ spanX: bbox[2] - bbox[0], width: p.width, geographic: crs.geographic, metresPerUnit: crs.metresPerUnit, dpi: p.dpi }),
    pixelRatio: pixelRatio(p.dpi),
  };
}
