import type { RestClient } from './rest-client';

/** The WMS below the service's context path: `/geoserver/rest` → `/geoserver/wms` (docs/wms.md). */
export function wmsBaseFor(restBase: string): string {
  return `${restBase.replace(/\/rest$/, '')}/wms`;
}

/** A lat/lon box `[minx, miny, maxx, maxy]`; minx > maxx when it crosses the antimeridian. */
export type LonLatBox = [number, number, number, number];

/** The longest side of a Layer Preview PNG, in pixels (GeoServer's preview uses 768 too). */
const PNG_SIZE = 768;

const query = (params: Record<string, string>): string =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%2C/gi, ',').replace(/%2F/gi, '/')}`)
    .join('&');

/**
 * A WMS 1.1.1 GetMap of `layer` (`ws:name`, or a group's name) over its lat/lon box as a PNG, the
 * longest side {@link PNG_SIZE} pixels and the other in proportion (at least 1). A box crossing the
 * antimeridian is asked for east of it (maxx + 360), which EPSG:4326 allows in GetMap. `srs`
 * names the box's CRS (a group's bounds may be projected).
 */
export function getMapUrl(wmsBase: string, layer: string, box: LonLatBox, srs = 'EPSG:4326'): string {
  const [minx, miny] = box;
  const geographic = srs === 'EPSG:4326' || srs === 'CRS:84';
  const maxx = geographic && box[2] < minx ? box[2] + 360 : box[2];
  const maxy = box[3];
  const w = Math.max(maxx - minx, 1e-9);
  const h = Math.max(maxy - miny, 1e-9);
  const width = w >= h ? PNG_SIZE : Math.max(1, Math.round((PNG_SIZE * w) / h));
  const height = h > w ? PNG_SIZE : Math.max(1, Math.round((PNG_SIZE * h) / w));
  return `${wmsBase}?${query({
    service: 'WMS',
    version: '1.1.1',
    request: 'GetMap',
    layers: layer,
    styles: '',
    srs,
    bbox: [minx, miny, maxx, maxy].join(','),
    width: String(width),
    height: String(height),
    format: 'image/png',
  })}`;
}

/** GetLegendGraphic of `layer` (its default style, or `style`) as a PNG. */
export function legendGraphicUrl(wmsBase: string, layer: string, style?: string): string {
  return `${wmsBase}?${query({
    service: 'WMS',
    version: '1.1.1',
    request: 'GetLegendGraphic',
    layer,
    format: 'image/png',
    ...(style ? { style } : {}),
  })}`;
}

/** The OGC API Features items of a layer as GeoJSON. */
export function featureItemsUrl(featuresBase: string, layer: string): string {
  return `${featuresBase}/collections/${encodeURIComponent(layer)}/items?f=json`;
}

/** One feature of a GetFeatureInfo answer. */
export interface FeatureInfo {
  id: string;
  properties: Record<string, unknown>;
}

/** Reads a GetFeatureInfo `application/json` answer (a GeoJSON FeatureCollection). */
export function parseFeatureInfo(body: unknown): FeatureInfo[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) return [];
  return features.map((feature: { id?: unknown; properties?: unknown }) => ({
    id: feature?.id === undefined || feature.id === null ? '' : String(feature.id),
    properties: feature?.properties && typeof feature.properties === 'object' ? (feature.properties as Record<string, unknown>) : {},
  }));
}

/**
 * GetFeatureInfo at a GetMap URL's pixel: `mapParams` are the parameters of the image drawn
 * (LAYERS, SRS, BBOX, WIDTH, HEIGHT…), as OpenLayers' ImageWMS gives them.
 */
export async function getFeatureInfo(client: RestClient, url: string, signal?: AbortSignal): Promise<FeatureInfo[]> {
  return parseFeatureInfo(await client.getJson(url, signal));
}
