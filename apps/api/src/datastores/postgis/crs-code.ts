/**
 * The EPSG number named by a CRS code in any of the spellings GeoServer accepts for `srs` /
 * `nativeCRS`: `EPSG:4326` (any case), `urn:ogc:def:crs:EPSG::4326` (with or without a version,
 * `urn:x-ogc:` too), `http://www.opengis.net/gml/srs/epsg.xml#4326`,
 * `http://www.opengis.net/def/crs/EPSG/0/4326`, `CRS:84` and the OGC CRS84 URN/URI (→ 4326), and a
 * WKT text whose outermost element ends with `AUTHORITY["EPSG","n"]`. Null when the text is none
 * of these. Whether the number exists is for the store's `spatial_ref_sys` to say.
 */
export function epsgNumber(code: string): number | null {
  const text = code.trim();
  const patterns = [
    /^EPSG:(\d+)$/i,
    /^urn:(?:x-)?ogc:def:crs:EPSG:(?:[^:]*:)?(\d+)$/i,
    /^https?:\/\/www\.opengis\.net\/gml\/srs\/epsg\.xml#(\d+)$/i,
    /^https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/[^/]+\/(\d+)$/i,
    // The authority of the outermost element is the last thing before its closing bracket.
    /^(?:PROJCS|GEOGCS|GEOCCS|COMPD_CS)\s*\[[\s\S]*AUTHORITY\s*\[\s*"EPSG"\s*,\s*"?(\d+)"?\s*\]\s*\]$/i,
  ];
  for (const p of patterns) {
    const m = p.exec(text);
    if (m) return inRange(Number(m[1]));
  }
  if (/^(CRS:84|urn:ogc:def:crs:OGC:1\.3:CRS84|https?:\/\/www\.opengis\.net\/def\/crs\/OGC\/1\.3\/CRS84)$/i.test(text)) {
    return 4326;
  }
  return null;
}

function inRange(n: number): number | null {
  return Number.isSafeInteger(n) && n > 0 && n <= 2147483647 ? n : null;
}
