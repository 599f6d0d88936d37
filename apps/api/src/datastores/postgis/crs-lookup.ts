import { epsgNumber } from './crs-code';
import type { CrsInfo, StoreConnection } from './postgis.types';
import { StoreAccess } from './store-access';
import { unknownCrs } from './store-errors';
import { layoutWkt, wktRootKeyword } from './wkt-layout';

/**
 * A CRS by code (`EPSG:4326`, `epsg:4326`, `urn:ogc:def:crs:EPSG::4326`,
 * `http://www.opengis.net/gml/srs/epsg.xml#4326`, …) with its WKT from the store's
 * `spatial_ref_sys`, laid out as GeoServer writes it. INVALID_VALUE for a code that is malformed
 * or unknown to the store.
 */
export async function crs(access: StoreAccess, store: StoreConnection, code: string): Promise<CrsInfo> {
  const number = epsgNumber(code);
  if (number === null) throw unknownCrs(code, 'it is not an EPSG code (expected e.g. EPSG:4326)');
  return access.run(store, async (db) => {
    const pg = await db.postgis();
    if (!pg) throw unknownCrs(code, `data store '${store.qualifiedName}' has no PostGIS spatial_ref_sys`);
    // Three tries in order, the first row wins: PostgreSQL runs a UNION ALL's branches in turn and
    // stops at the LIMIT, so the usual case (srid N is EPSG:N) is one primary-key probe instead of a
    // scan of the ~8,500 rows (the OR of the one-statement form scanned them on every GetMap).
    const [row] = await db.query<{ srid: number; srtext: string | null }>(
      `SELECT srid, srtext FROM (
         (SELECT srid, srtext::text AS srtext FROM ${pg}.spatial_ref_sys WHERE srid = $1 AND upper(auth_name) = 'EPSG' AND auth_srid = $1)
         UNION ALL
         (SELECT srid, srtext::text FROM ${pg}.spatial_ref_sys WHERE upper(auth_name) = 'EPSG' AND auth_srid = $1 ORDER BY srid LIMIT 1)
         UNION ALL
         (SELECT srid, srtext::text FROM ${pg}.spatial_ref_sys WHERE srid = $1)
       ) AS found LIMIT 1`,
      [number],
    );
    if (!row || !row.srtext?.trim()) throw unknownCrs(code, `data store '${store.qualifiedName}' does not define it`);
    let wkt: string;
    try {
      wkt = layoutWkt(row.srtext);
    } catch {
      throw unknownCrs(code, `its definition in data store '${store.qualifiedName}' is not readable WKT`);
    }
    return { code: `EPSG:${number}`, srid: row.srid, wkt, projected: wktRootKeyword(row.srtext) === 'PROJCS' };
  });
}
