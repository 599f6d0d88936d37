/**
 * What GetCapabilities lists, as data both versions' writers share: the service, its URLs, and one
 * entry per layer and layer group with its CRSs, boxes and styles. Pure.
 */
import type { Box } from '../datastores/postgis/postgis.types';
import type { StyleRef, WmsGroup, WmsLayer } from './wms-catalog';
import type { WmsServiceMetadata } from './wms-service-metadata';

/** The CRSs every layer is offered in, after its native one. */
export const COMMON_CRS = ['EPSG:4326', 'CRS:84', 'EPSG:3857'];
/** The image formats GetMap writes. */
export const MAP_FORMATS = ['image/png', 'image/png8', 'image/jpeg', 'image/webp'];
/** Legend icons are this many pixels square (the LegendURL asks for WIDTH=20&HEIGHT=20). */
export const LEGEND_SIZE = 20;

const MERCATOR_MAX_LAT = 85.0511287798066;
const EARTH_RADIUS = 6378137;

/** One named layer (or group) of the document. */
export interface CapabilitiesLayer {
  name: string;
  title: string;
  abstract: string | null;
  keywords: string[];
  queryable: boolean;
  opaque: boolean;
  /** Codes, native first, no duplicates. */
  crs: string[];
  /** The geographic box, clamped to ±180/±90. */
  geographic: Box | null;
  /** Boxes per CRS, x/y (the 1.3.0 writer swaps geographic EPSG ones). */
  boxes: Array<{ crs: string; box: Box }>;
  /** The legend's PNG is legendWidth × legendHeight (its rules' icons and titles). */
  styles: Array<{ name: string; title: string; legendUrl: string; legendWidth: number; legendHeight: number }>;
}

export interface CapabilitiesModel {
  service: WmsServiceMetadata;
  /** The service's URL: `{base}/wms` or `{base}/{ws}/wms`. */
  serviceUrl: string;
  /** Base of the OGC schema URLs. */
  schemas: string;
  layers: CapabilitiesLayer[];
  /** The root layer's box: every layer's. */
  geographic: Box | null;
  /** CRSs offered at the root (inherited by every layer). */
  rootCrs: string[];
}

/**
 * The model of the document. `workspace` is the virtual service's (names then lose their prefix),
 * null for the global service.
 */
export function capabilitiesModel(opts: {
  service: WmsServiceMetadata;
  serviceUrl: string;
  schemas: string;
  workspace: string | null;
  layers: WmsLayer[];
  groups: WmsGroup[];
  /** The size of a style's legend PNG; 20×20 when not given. */
  legendSize?: (style: StyleRef) => { width: number; height: number };
}): CapabilitiesModel {
  const { service, serviceUrl, workspace } = opts;
  const extra = service.srsList.map((c) => (/^\d+$/.test(c) ? `EPSG:${c}` : c));
  const rootCrs = unique([...COMMON_CRS, ...extra]);
  const nameOf = (ws: string | null, name: string) => (ws === null || ws === workspace ? name : `${ws}:${name}`);
  const legend = (layer: string, style: string | null) =>
    `${serviceUrl}?service=WMS&request=GetLegendGraphic&format=image%2Fpng&width=${LEGEND_SIZE}&height=${LEGEND_SIZE}&layer=${encodeURIComponent(layer)}` +
    (style ? `&style=${encodeURIComponent(style)}` : '');

  const layers: CapabilitiesLayer[] = opts.layers.map((l) => {
    const name = nameOf(l.workspace, l.name);
    const native = l.srs && l.srs !== 'EPSG:404000' ? [l.srs] : [];
    const geographic = geographicBox(l.latLonBbox);
    const boxes = standardBoxes(geographic);
    if (l.nativeBbox && native.length && !COMMON_CRS.includes(native[0])) boxes.push({ crs: native[0], box: l.nativeBbox });
    return {
      name,
      title: l.title || l.name,
      abstract: l.abstract,
      keywords: l.keywords,
      queryable: l.queryable,
      opaque: l.opaque,
      crs: unique([...native, ...rootCrs]),
      geographic,
      boxes,
      styles: l.styles.map((s, i) => {
        const styleName = s.workspace && s.workspace !== workspace ? `${s.workspace}:${s.name}` : s.name;
        const size = opts.legendSize?.(s) ?? { width: LEGEND_SIZE, height: LEGEND_SIZE };
        return { name: styleName, title: styleName, legendUrl: legend(name, i === 0 ? null : styleName), legendWidth: size.width, legendHeight: size.height };
      }),
    };
  });
  for (const g of opts.groups) {
    if (g.mode === 'EO') continue;
    const geographic = geographicBox(g.latLonBbox);
    const boxes = standardBoxes(geographic);
    const native = g.bounds?.crs && !COMMON_CRS.includes(g.bounds.crs) ? g.bounds.crs : null;
    if (native && g.bounds) boxes.push({ crs: native, box: g.bounds });
    layers.push({
      name: nameOf(g.workspace, g.name),
      title: g.title || g.name,
      abstract: g.abstract,
      keywords: g.keywords,
      queryable: false,
      opaque: g.mode === 'OPAQUE_CONTAINER',
      crs: unique([...(native ? [native] : []), ...rootCrs]),
      geographic,
      boxes,
      styles: [],
    });
  }
  return { service, serviceUrl, schemas: opts.schemas, layers, rootCrs, geographic: union(layers.map((l) => l.geographic)) };
}

/**
 * A lon/lat box as the schemas allow it: within ±180/±90. A box crossing the antimeridian (stored
 * with longitudes past ±180, or west > east) gets the full longitude range.
 */
export function geographicBox(box: Box | null): Box | null {
  if (!box || ![box.minx, box.miny, box.maxx, box.maxy].every(Number.isFinite)) return null;
  const crosses = box.minx < -180 || box.maxx > 180 || box.minx > box.maxx;
  const lat = (v: number) => Math.max(-90, Math.min(90, v));
  return {
    minx: crosses ? -180 : box.minx,
    maxx: crosses ? 180 : box.maxx,
    miny: lat(Math.min(box.miny, box.maxy)),
    maxy: lat(Math.max(box.miny, box.maxy)),
  };
}

/** A lon/lat box in Web Mercator metres (latitudes clamped to Mercator's range). */
export function mercatorBox(box: Box): Box {
  const x = (lon: number) => (EARTH_RADIUS * lon * Math.PI) / 180;
  const y = (lat: number) => {
    const c = Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat));
    return EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (c * Math.PI) / 360));
  };
  return { minx: x(box.minx), miny: y(box.miny), maxx: x(box.maxx), maxy: y(box.maxy) };
}

function standardBoxes(geographic: Box | null): Array<{ crs: string; box: Box }> {
  if (!geographic) return [];
  return [
    { crs: 'CRS:84', box: geographic },
    { crs: 'EPSG:4326', box: geographic },
    { crs: 'EPSG:3857', box: mercatorBox(geographic) },
  ];
}

function union(boxes: Array<Box | null>): Box | null {
  const b = boxes.filter((x): x is Box => x !== null);
  if (!b.length) return null;
  return {
    minx: Math.min(...b.map((x) => x.minx)),
    miny: Math.min(...b.map((x) => x.miny)),
    maxx: Math.max(...b.map((x) => x.maxx)),
    maxy: Math.max(...b.map((x) => x.maxy)),
  };
}

function unique(codes: string[]): string[] {
  return [...new Set(codes)];
}
