/**
 * What GetCapabilities lists, as data both versions' writers share: the service, its URLs, and one
 * entry per layer and layer group with its CRSs, boxes and styles. Pure.
 */
import type { Box } from '../datastores/postgis/postgis.types';
import type { GroupMember, StyleRef, WmsGroup, WmsLayer } from './wms-catalog';
import type { WmsServiceMetadata } from './wms-service-metadata';

/** The CRSs every layer is offered in, after its native one. */
export const COMMON_CRS = ['EPSG:4326', 'CRS:84', 'EPSG:3857'];
/** The image formats GetMap writes. */
export const MAP_FORMATS = ['image/png', 'image/png8', 'image/jpeg', 'image/webp'];
/** Legend icons are this many pixels square (the LegendURL asks for WIDTH=20&HEIGHT=20). */
export const LEGEND_SIZE = 20;

const MERCATOR_MAX_LAT = 85.0511287798066;
const EARTH_RADIUS = 6378137;

/** One layer (or group) of the document. */
export interface CapabilitiesLayer {
  /** Null for a CONTAINER group (a title over its members, no name: it cannot be drawn). */
  name: string | null;
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
  /** A NAMED or CONTAINER group's members, nested under it. */
  children: CapabilitiesLayer[];
}

/** Groups whose members are nested under them (and so leave the root), as GeoServer's layer tree. */
const TREE_MODES = new Set(['NAMED', 'CONTAINER']);
/** Deeper nesting is a cycle the catalog should not hold. */
const MAX_DEPTH = 16;

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
  /** Each group's members in order (by group id); a group without an entry has none listed. */
  members?: ReadonlyMap<number, GroupMember[]>;
  /** The size of a style's legend PNG; 20×20 when not given. */
  legendSize?: (style: StyleRef) => { width: number; height: number };
  /**
   * Whether a group is listed (the caller may read it, contract §12); every group when not given.
   * An opaque container's members stay unlisted even when the container is not. When given, a
   * group is bounded by the members `layers` and listed groups hold (the caller's), not by all.
   */
  groupListed?: (group: WmsGroup) => boolean;
}): CapabilitiesModel {
  const { service, serviceUrl, workspace } = opts;
  const extra = service.srsList.map((c) => (/^\d+$/.test(c) ? `EPSG:${c}` : c));
  const rootCrs = unique([...COMMON_CRS, ...extra]);
  const nameOf = (ws: string | null, name: string) => (ws === null || ws === workspace ? name : `${ws}:${name}`);
  const legend = (layer: string, style: string | null) =>
    `${serviceUrl}?service=WMS&request=GetLegendGraphic&format=image%2Fpng&width=${LEGEND_SIZE}&height=${LEGEND_SIZE}&layer=${encodeURIComponent(layer)}` +
    (style ? `&style=${encodeURIComponent(style)}` : '');

  const layerEntry = (l: WmsLayer): CapabilitiesLayer => {
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
      children: [],
    };
  };
  const layerById = new Map(opts.layers.map((l) => [l.id, l]));
  const groupById = new Map(opts.groups.filter((g) => g.mode !== 'EO').map((g) => [g.id, g]));
  const members = (g: WmsGroup) => opts.members?.get(g.id) ?? [];
  const listed = (g: WmsGroup) => opts.groupListed?.(g) ?? true;
  /** Every layer and group under a group, at any depth. */
  const below = (g: WmsGroup, out: { layers: Set<number>; groups: Set<number> }, depth = 0) => {
    if (depth > MAX_DEPTH) return out;
    for (const m of members(g)) {
      if (m.kind === 'layer') out.layers.add(m.layerId);
      else if (!out.groups.has(m.groupId)) {
        out.groups.add(m.groupId);
        const inner = groupById.get(m.groupId);
        if (inner) below(inner, out, depth + 1);
      }
    }
    return out;
  };
  // Members of a tree group are listed under it, not at the root; an opaque container's are not listed.
  const nested = { layers: new Set<number>(), groups: new Set<number>() };
  const hidden = { layers: new Set<number>(), groups: new Set<number>() };
  for (const g of groupById.values()) {
    if (TREE_MODES.has(g.mode)) {
      // A group not listed leaves its members at the root.
      if (!listed(g)) continue;
      for (const m of members(g)) {
        if (m.kind === 'layer') nested.layers.add(m.layerId);
        else nested.groups.add(m.groupId);
      }
    } else if (g.mode === 'OPAQUE_CONTAINER') below(g, hidden);
  }
  /**
   * A group's lon/lat box for this caller: the stored one when every member (at any depth) is
   * listed; else the union of the listed members' (a member the caller may not read adds nothing,
   * contract §12), `partial` saying so.
   */
  const listedBox = (g: WmsGroup, depth = 0): { box: Box | null; partial: boolean } => {
    let partial = false;
    const boxes: Array<Box | null> = [];
    for (const m of members(g)) {
      const layer = m.kind === 'layer' ? layerById.get(m.layerId) : undefined;
      const group = m.kind === 'group' ? groupById.get(m.groupId) : undefined;
      if (layer) boxes.push(geographicBox(layer.latLonBbox));
      else if (group && listed(group) && depth < MAX_DEPTH) {
        const inner = listedBox(group, depth + 1);
        partial ||= inner.partial;
        boxes.push(inner.box);
      } else partial = true;
    }
    return partial ? { box: union(boxes), partial } : { box: geographicBox(g.latLonBbox), partial };
  };
  const groupEntry = (g: WmsGroup, depth: number): CapabilitiesLayer => {
    const { box, partial } = opts.groupListed ? listedBox(g) : { box: geographicBox(g.latLonBbox), partial: false };
    const geographic = geographicBox(box);
    const boxes = standardBoxes(geographic);
    // The stored bounds in their own CRS count every member: left out when some are not listed.
    const native = !partial && g.bounds?.crs && !COMMON_CRS.includes(g.bounds.crs) ? g.bounds.crs : null;
    if (native && g.bounds) boxes.push({ crs: native, box: g.bounds });
    const children: CapabilitiesLayer[] = [];
    if (TREE_MODES.has(g.mode) && depth < MAX_DEPTH) {
      for (const m of members(g)) {
        const layer = m.kind === 'layer' ? layerById.get(m.layerId) : undefined;
        const group = m.kind === 'group' ? groupById.get(m.groupId) : undefined;
        if (layer) children.push(layerEntry(layer));
        else if (group && listed(group)) children.push(groupEntry(group, depth + 1));
      }
    }
    const queryable = [...below(g, { layers: new Set(), groups: new Set() }).layers].some((id) => layerById.get(id)?.queryable);
    return {
      name: g.mode === 'CONTAINER' ? null : nameOf(g.workspace, g.name),
      title: g.title || g.name,
      abstract: g.abstract,
      keywords: g.keywords,
      queryable,
      opaque: g.mode === 'OPAQUE_CONTAINER',
      crs: unique([...(native ? [native] : []), ...rootCrs]),
      geographic,
      boxes,
      styles: [],
      children,
    };
  };
  const layers: CapabilitiesLayer[] = [
    ...opts.layers.filter((l) => !nested.layers.has(l.id) && !hidden.layers.has(l.id)).map(layerEntry),
    ...[...groupById.values()].filter((g) => listed(g) && !nested.groups.has(g.id) && !hidden.groups.has(g.id)).map((g) => groupEntry(g, 0)),
  ];
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
