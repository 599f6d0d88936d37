import { bindingOf, geometryBinding } from './column-binding';
import { epsgNumber } from './crs-code';
import { densifiedRing, lonLatBoxOfRing } from './lon-lat-box';
import { layoutWkt, wktRootKeyword } from './wkt-layout';

describe('layoutWkt', () => {
  it("lays out PostGIS's EPSG:4326 srtext as GeoServer does", () => {
    const srtext =
      'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],' +
      'PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]';
    expect(layoutWkt(srtext)).toBe(
      [
        'GEOGCS["WGS 84", ',
        '  DATUM["WGS_1984", ',
        '    SPHEROID["WGS 84", 6378137, 298.257223563, AUTHORITY["EPSG","7030"]], ',
        '    AUTHORITY["EPSG","6326"]], ',
        '  PRIMEM["Greenwich", 0, AUTHORITY["EPSG","8901"]], ',
        '  UNIT["degree", 0.0174532925199433, AUTHORITY["EPSG","9122"]], ',
        '  AUTHORITY["EPSG","4326"]]',
      ].join('\n'),
    );
  });

  it("matches GeoServer's own layout of a GeoTools WKT (the reference's nativeCRS)", () => {
    const geoserver = [
      'GEOGCS["WGS 84", ',
      '  DATUM["World Geodetic System 1984", ',
      '    SPHEROID["WGS 84", 6378137.0, 298.257223563, AUTHORITY["EPSG","7030"]], ',
      '    AUTHORITY["EPSG","6326"]], ',
      '  PRIMEM["Greenwich", 0.0, AUTHORITY["EPSG","8901"]], ',
      '  UNIT["degree", 0.017453292519943295], ',
      '  AXIS["Geodetic longitude", EAST], ',
      '  AXIS["Geodetic latitude", NORTH], ',
      '  AUTHORITY["EPSG","4326"]]',
    ].join('\n');
    const oneLine = geoserver.replace(/\n\s*/g, '');
    expect(layoutWkt(oneLine)).toBe(geoserver);
  });

  it('puts PROJECTION, PARAMETERs, TOWGS84 and the projected UNIT on their own lines', () => {
    const srtext =
      'PROJCS["NAD83 / UTM zone 13N",GEOGCS["NAD83",DATUM["North_American_Datum_1983",SPHEROID["GRS 1980",6378137,298.257222101,AUTHORITY["EPSG","7019"]],' +
      'TOWGS84[0,0,0,0,0,0,0],AUTHORITY["EPSG","6269"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],' +
      'AUTHORITY["EPSG","4269"]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",-105],' +
      'PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],PARAMETER["false_northing",0],UNIT["metre",1,AUTHORITY["EPSG","9001"]],' +
      'AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","26913"]]';
    expect(layoutWkt(srtext)).toBe(
      [
        'PROJCS["NAD83 / UTM zone 13N", ',
        '  GEOGCS["NAD83", ',
        '    DATUM["North_American_Datum_1983", ',
        '      SPHEROID["GRS 1980", 6378137, 298.257222101, AUTHORITY["EPSG","7019"]], ',
        '      TOWGS84[0, 0, 0, 0, 0, 0, 0], ',
        '      AUTHORITY["EPSG","6269"]], ',
        '    PRIMEM["Greenwich", 0, AUTHORITY["EPSG","8901"]], ',
        '    UNIT["degree", 0.0174532925199433, AUTHORITY["EPSG","9122"]], ',
        '    AUTHORITY["EPSG","4269"]], ',
        '  PROJECTION["Transverse_Mercator"], ',
        '  PARAMETER["latitude_of_origin", 0], ',
        '  PARAMETER["central_meridian", -105], ',
        '  PARAMETER["scale_factor", 0.9996], ',
        '  PARAMETER["false_easting", 500000], ',
        '  PARAMETER["false_northing", 0], ',
        '  UNIT["metre", 1, AUTHORITY["EPSG","9001"]], ',
        '  AXIS["Easting", EAST], ',
        '  AXIS["Northing", NORTH], ',
        '  AUTHORITY["EPSG","26913"]]',
      ].join('\n'),
    );
    expect(wktRootKeyword(srtext)).toBe('PROJCS');
  });

  it('keeps doubled quotes inside names and rejects text that is not WKT', () => {
    expect(layoutWkt('LOCAL_CS["a ""b"" c",UNIT["m",1]]')).toBe('LOCAL_CS["a ""b"" c", UNIT["m", 1]]');
    expect(() => layoutWkt('GEOGCS["x"')).toThrow(/Malformed WKT/);
    expect(() => layoutWkt('+proj=longlat')).toThrow(/Malformed WKT/);
  });
});

describe('epsgNumber', () => {
  it.each([
    ['EPSG:4326', 4326],
    ['epsg:26913', 26913],
    [' EPSG:3857 ', 3857],
    ['urn:ogc:def:crs:EPSG::4326', 4326],
    ['urn:ogc:def:crs:EPSG:6.6:4326', 4326],
    ['urn:x-ogc:def:crs:EPSG:4326', 4326],
    ['http://www.opengis.net/gml/srs/epsg.xml#4326', 4326],
    ['http://www.opengis.net/def/crs/EPSG/0/32633', 32633],
    ['CRS:84', 4326],
    ['GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]]],AUTHORITY["EPSG","4326"]]', 4326],
  ])('%s → %s', (code, n) => expect(epsgNumber(code)).toBe(n));

  it.each(['', 'EPSG:', 'EPSG:abc', 'EPSG:0', 'EPSG:99999999999', 'ESRI:102100', '4326', 'EPSG:4326; DROP TABLE x', 'GEOGCS["x"]'])(
    '%j is not an EPSG code',
    (code) => expect(epsgNumber(code)).toBeNull(),
  );
});

describe('lonLatBoxOfRing', () => {
  it('gives the plain extent of a ring that does not cross the antimeridian', () => {
    expect(lonLatBoxOfRing(densifiedRing({ minx: -10, miny: 40, maxx: 5, maxy: 50 }, 4))).toEqual({ minx: -10, miny: 40, maxx: 5, maxy: 50 });
  });

  it('unwraps a ring crossing the antimeridian to one interval with maxx ≤ 180', () => {
    // 170°E → 170°W as PROJ returns it: longitudes normalised to ±180.
    const ring = densifiedRing({ minx: 170, miny: -10, maxx: 190, maxy: 10 }, 8).map(([x, y]): [number, number] => [x > 180 ? x - 360 : x, y]);
    const box = lonLatBoxOfRing(ring);
    expect(box.minx).toBeCloseTo(-190, 9);
    expect(box.maxx).toBeCloseTo(-170, 9);
    expect([box.miny, box.maxy]).toEqual([-10, 10]);
  });

  it('covers every longitude and reaches the pole for a ring around a pole', () => {
    const ring: Array<[number, number]> = [];
    for (let i = 0; i <= 36; i++) ring.push([((i * 10 + 180) % 360) - 180, 60]);
    expect(lonLatBoxOfRing(ring)).toEqual({ minx: -180, miny: 60, maxx: 180, maxy: 90 });
  });

  it('densifies every edge', () => {
    const ring = densifiedRing({ minx: 0, miny: 0, maxx: 4, maxy: 2 }, 4);
    expect(ring).toHaveLength(17);
    expect(ring[0]).toEqual([0, 0]);
    expect(ring[1]).toEqual([1, 0]);
    expect(ring[16]).toEqual([0, 0]);
  });
});

describe('bindingOf', () => {
  it('maps spatial and array types as GeoTools does', () => {
    expect(geometryBinding('MULTIPOLYGONM')).toBe('org.locationtech.jts.geom.MultiPolygon');
    expect(geometryBinding(null)).toBe('org.locationtech.jts.geom.Geometry');
    expect(geometryBinding('TIN')).toBe('org.locationtech.jts.geom.Geometry');
    expect(bindingOf({ typname: '_int4', typtype: 'b', elementTypname: 'int4' })).toBe('[Ljava.lang.Integer;');
    expect(bindingOf({ typname: 'mood', typtype: 'e' })).toBe('java.lang.String');
    expect(bindingOf({ typname: 'interval', typtype: 'b' })).toBeNull();
  });
});
