/**
 * GetFeatureInfo as GML, shaped as GeoServer writes it: `application/vnd.ogc.gml` is GML 2 in a
 * WFS 1.0 `wfs:FeatureCollection` (`gml:featureMember`, `fid`, `gml:coordinates` x,y, srsName
 * `http://www.opengis.net/gml/srs/epsg.xml#N`); `application/vnd.ogc.gml/3.1.1` and `text/xml` are
 * GML 3.1.1 in a WFS 1.1 collection (`gml:featureMembers`, `gml:id`, `gml:posList`, srsName
 * `urn:x-ogc:def:crs:EPSG:N`, latitude first for a geographic CRS as that URN says). Feature types
 * are qualified by their workspace's prefix and namespace URI. Pure.
 */
import type { Geometry, Position } from 'geojson';
import { xmlAttr, xmlText } from './xml-text';

const GML = 'http://www.opengis.net/gml';
const WFS = 'http://www.opengis.net/wfs';

/** One layer's features for the GML writers. */
export interface GmlLayer {
  /** Workspace (the prefix) and its namespace URI. */
  prefix: string;
  namespaceUri: string;
  /** The feature type's local name. */
  name: string;
  /** The geometry property's name (the column). */
  geometryName: string | null;
  features: Array<{ id: string | number; geometry: Geometry | null; properties: Record<string, unknown> }>;
}

/** The CRS of the geometries (the map's): EPSG code, and whether it is geographic (GML 3 writes lat/lon). */
export interface GmlCrs {
  srid: number;
  geographic: boolean;
}

function namespaces(layers: GmlLayer[]): string {
  const seen = new Map<string, string>();
  for (const l of layers) if (!seen.has(l.prefix)) seen.set(l.prefix, l.namespaceUri);
  return [...seen].map(([prefix, uri]) => ` xmlns:${prefix}=${xmlAttr(uri)}`).join('');
}

function value(v: unknown): string {
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** The properties of a feature as `<ws:name>value</ws:name>`; nulls are left out, as GeoServer does. */
function properties(prefix: string, props: Record<string, unknown>): string {
  return Object.entries(props)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `<${prefix}:${k}>${xmlText(value(v))}</${prefix}:${k}>`)
    .join('');
}

// ---------------------------------------------------------------------------------------------
// GML 2

export function gml2(layers: GmlLayer[], crs: GmlCrs): string {
  const srs = `http://www.opengis.net/gml/srs/epsg.xml#${crs.srid}`;
  const members = layers.flatMap((l) =>
    l.features.map((f) => {
      const geometry = f.geometry && l.geometryName ? `<${l.prefix}:${l.geometryName}>${geometry2(f.geometry, srs)}</${l.prefix}:${l.geometryName}>` : '';
      return `<gml:featureMember><${l.prefix}:${l.name} fid=${xmlAttr(`${l.name}.${f.id}`)}>${geometry}${properties(l.prefix, f.properties)}</${l.prefix}:${l.name}></gml:featureMember>`;
    }),
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?><wfs:FeatureCollection xmlns="${WFS}" xmlns:wfs="${WFS}" xmlns:gml="${GML}"${namespaces(layers)}>` +
    `<gml:boundedBy><gml:null>unknown</gml:null></gml:boundedBy>${members.join('')}</wfs:FeatureCollection>`
  );
}

const coords2 = (ps: Position[]) => `<gml:coordinates decimal="." cs="," ts=" ">${ps.map((p) => `${p[0]},${p[1]}`).join(' ')}</gml:coordinates>`;
const ring2 = (ps: Position[]) => `<gml:LinearRing>${coords2(ps)}</gml:LinearRing>`;
const polygon2 = (rings: Position[][], srs?: string) =>
  `<gml:Polygon${srs ? ` srsName="${srs}"` : ''}><gml:outerBoundaryIs>${ring2(rings[0] ?? [])}</gml:outerBoundaryIs>` +
  rings
    .slice(1)
    .map((r) => `<gml:innerBoundaryIs>${ring2(r)}</gml:innerBoundaryIs>`)
    .join('') +
  `</gml:Polygon>`;

function geometry2(g: Geometry, srs?: string): string {
  const at = srs ? ` srsName="${srs}"` : '';
  switch (g.type) {
    case 'Point':
      return `<gml:Point${at}>${coords2([g.coordinates])}</gml:Point>`;
    case 'LineString':
      return `<gml:LineString${at}>${coords2(g.coordinates)}</gml:LineString>`;
    case 'Polygon':
      return polygon2(g.coordinates, srs);
    case 'MultiPoint':
      return `<gml:MultiPoint${at}>${g.coordinates.map((p) => `<gml:pointMember><gml:Point>${coords2([p])}</gml:Point></gml:pointMember>`).join('')}</gml:MultiPoint>`;
    case 'MultiLineString':
      return `<gml:MultiLineString${at}>${g.coordinates.map((l) => `<gml:lineStringMember><gml:LineString>${coords2(l)}</gml:LineString></gml:lineStringMember>`).join('')}</gml:MultiLineString>`;
    case 'MultiPolygon':
      return `<gml:MultiPolygon${at}>${g.coordinates.map((p) => `<gml:polygonMember>${polygon2(p)}</gml:polygonMember>`).join('')}</gml:MultiPolygon>`;
    case 'GeometryCollection':
      return `<gml:MultiGeometry${at}>${g.geometries.map((m) => `<gml:geometryMember>${geometry2(m)}</gml:geometryMember>`).join('')}</gml:MultiGeometry>`;
  }
}

// ---------------------------------------------------------------------------------------------
// GML 3.1.1

export function gml3(layers: GmlLayer[], crs: GmlCrs, timeStamp = new Date().toISOString()): string {
  const srs = `urn:x-ogc:def:crs:EPSG:${crs.srid}`;
  const order = (p: Position) => (crs.geographic ? `${p[1]} ${p[0]}` : `${p[0]} ${p[1]}`);
  const w = new Gml3Writer(order);
  const members = layers.flatMap((l) =>
    l.features.map((f) => {
      const geometry = f.geometry && l.geometryName ? `<${l.prefix}:${l.geometryName}>${w.geometry(f.geometry, srs)}</${l.prefix}:${l.geometryName}>` : '';
      return `<${l.prefix}:${l.name} gml:id=${xmlAttr(`${l.name}.${f.id}`)}>${geometry}${properties(l.prefix, f.properties)}</${l.prefix}:${l.name}>`;
    }),
  );
  const count = members.length;
  return (
    `<?xml version="1.0" encoding="UTF-8"?><wfs:FeatureCollection xmlns:wfs="${WFS}" xmlns:gml="${GML}"${namespaces(layers)} numberOfFeatures="${count}" timeStamp="${timeStamp}">` +
    (count ? `<gml:featureMembers>${members.join('')}</gml:featureMembers>` : '') +
    `</wfs:FeatureCollection>`
  );
}

class Gml3Writer {
  constructor(private readonly order: (p: Position) => string) {}

  private posList(ps: Position[]): string {
    return `<gml:posList>${ps.map(this.order).join(' ')}</gml:posList>`;
  }

  private polygon(rings: Position[][], at = ''): string {
    return (
      `<gml:Polygon${at}><gml:exterior><gml:LinearRing>${this.posList(rings[0] ?? [])}</gml:LinearRing></gml:exterior>` +
      rings
        .slice(1)
        .map((r) => `<gml:interior><gml:LinearRing>${this.posList(r)}</gml:LinearRing></gml:interior>`)
        .join('') +
      `</gml:Polygon>`
    );
  }

  geometry(g: Geometry, srs?: string): string {
    const at = srs ? ` srsName="${srs}"` : '';
    switch (g.type) {
      case 'Point':
        return `<gml:Point${at}><gml:pos>${this.order(g.coordinates)}</gml:pos></gml:Point>`;
      case 'LineString':
        return `<gml:LineString${at}>${this.posList(g.coordinates)}</gml:LineString>`;
      case 'Polygon':
        return this.polygon(g.coordinates, at);
      case 'MultiPoint':
        return `<gml:MultiPoint${at}>${g.coordinates.map((p) => `<gml:pointMember><gml:Point><gml:pos>${this.order(p)}</gml:pos></gml:Point></gml:pointMember>`).join('')}</gml:MultiPoint>`;
      case 'MultiLineString':
        return `<gml:MultiCurve${at}>${g.coordinates.map((l) => `<gml:curveMember><gml:LineString>${this.posList(l)}</gml:LineString></gml:curveMember>`).join('')}</gml:MultiCurve>`;
      case 'MultiPolygon':
        return `<gml:MultiSurface${at}>${g.coordinates.map((p) => `<gml:surfaceMember>${this.polygon(p)}</gml:surfaceMember>`).join('')}</gml:MultiSurface>`;
      case 'GeometryCollection':
        return `<gml:MultiGeometry${at}>${g.geometries.map((m) => `<gml:geometryMember>${this.geometry(m)}</gml:geometryMember>`).join('')}</gml:MultiGeometry>`;
    }
  }
}
