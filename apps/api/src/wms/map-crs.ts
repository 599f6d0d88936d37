/**
 * The CRS of a map (`SRS` in 1.1.1, `CRS` in 1.3.0) and what its axes mean. Pure.
 *
 * WMS 1.3.0 takes the EPSG axis order: for a geographic EPSG CRS (EPSG:4326) `BBOX` is
 * `miny,minx,maxy,maxx` in latitude/longitude; `CRS:84` is longitude/latitude. 1.1.1 is always
 * x/y (longitude first). URN spellings (`urn:ogc:def:crs:EPSG::4326`) take the EPSG order in
 * either version, as GeoServer does.
 */
import type { WmsVersion } from './wms-exception';

/** A CRS code as a map request gives it, read but not yet looked up. */
export interface CrsCode {
  /** As the client wrote it, for messages and capabilities. */
  label: string;
  /** The EPSG number PostGIS is asked for (CRS:84 → 4326, EPSG:900913 → 3857). */
  srid: number;
  /** True when a geographic CRS of this code is read latitude first. */
  epsgAxisOrder: boolean;
}

/** Google's old code for Web Mercator, which GeoServer still accepts. */
const ALIASES: Record<number, number> = { 900913: 3857 };

/** The code, or null when it names no CRS this service can look up (AUTO:, a bad number…). */
export function parseCrsCode(text: string, version: WmsVersion): CrsCode | null {
  const t = text.trim();
  if (/^CRS:84$/i.test(t) || /^urn:ogc:def:crs:OGC:(?:1\.3)?:CRS84$/i.test(t) || /^https?:\/\/www\.opengis\.net\/def\/crs\/OGC\/1\.3\/CRS84$/i.test(t)) {
    return { label: t, srid: 4326, epsgAxisOrder: false };
  }
  let m = /^EPSG:(\d{1,10})$/i.exec(t);
  if (m) return code(t, Number(m[1]), version === '1.3.0');
  m = /^urn:(?:x-)?ogc:def:crs:EPSG:(?:[^:]*):(\d{1,10})$/i.exec(t) ?? /^https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/[^/]+\/(\d{1,10})$/i.exec(t);
  if (m) return code(t, Number(m[1]), true);
  m = /^https?:\/\/www\.opengis\.net\/gml\/srs\/epsg\.xml#(\d{1,10})$/i.exec(t);
  if (m) return code(t, Number(m[1]), false);
  return null;
}

function code(label: string, n: number, epsgAxisOrder: boolean): CrsCode | null {
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2147483647) return null;
  return { label, srid: ALIASES[n] ?? n, epsgAxisOrder };
}

/** A map CRS once PostGIS has told what it is. */
export interface MapCrs extends CrsCode {
  /** True for a geographic (lon/lat, degrees) CRS. */
  geographic: boolean;
  /** Metres per unit of a projected CRS (1 for metres, 0.3048 for feet); unused when geographic. */
  metresPerUnit: number;
}

/** True when `BBOX` of this request is written latitude first, and must be swapped to x/y. */
export function bboxIsLatLon(crs: MapCrs): boolean {
  return crs.geographic && crs.epsgAxisOrder;
}

/**
 * Metres per unit of a projected CRS from its WKT: the `UNIT` of the `PROJCS` itself (not that of
 * its `GEOGCS`). 1 when there is none to read.
 */
export function projectedUnitFactor(wkt: string): number {
  const withoutBase = stripElement(wkt, 'GEOGCS');
  const m = /UNIT\s*\[\s*"[^"]*"\s*,\s*([0-9.eE+-]+)/.exec(withoutBase);
  const n = m ? Number(m[1]) : NaN;
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** The WKT without its first `keyword[…]` element (brackets balanced). */
function stripElement(wkt: string, keyword: string): string {
  const start = wkt.search(new RegExp(`${keyword}\\s*\\[`));
  if (start < 0) return wkt;
  let depth = 0;
  for (let i = wkt.indexOf('[', start); i < wkt.length; i++) {
    if (wkt[i] === '[') depth++;
    else if (wkt[i] === ']' && --depth === 0) return wkt.slice(0, start) + wkt.slice(i + 1);
  }
  return wkt;
}
