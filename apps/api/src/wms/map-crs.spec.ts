import { bboxIsLatLon, parseCrsCode, projectedUnitFactor } from './map-crs';

describe('parseCrsCode', () => {
  it('reads the codes WMS clients send, with the axis order of each', () => {
    expect(
      [
        ['EPSG:4326', '1.3.0'],
        ['epsg:4326', '1.1.1'],
        ['CRS:84', '1.3.0'],
        ['EPSG:900913', '1.1.1'],
        ['urn:ogc:def:crs:EPSG::4326', '1.1.1'],
        ['urn:ogc:def:crs:EPSG:6.6:26713', '1.3.0'],
        ['http://www.opengis.net/def/crs/EPSG/0/3857', '1.3.0'],
        ['http://www.opengis.net/gml/srs/epsg.xml#4326', '1.3.0'],
        ['urn:ogc:def:crs:OGC:1.3:CRS84', '1.3.0'],
      ].map(([code, v]) => parseCrsCode(code, v as '1.1.1' | '1.3.0')),
    ).toEqual([
      { label: 'EPSG:4326', srid: 4326, epsgAxisOrder: true },
      { label: 'epsg:4326', srid: 4326, epsgAxisOrder: false },
      { label: 'CRS:84', srid: 4326, epsgAxisOrder: false },
      { label: 'EPSG:900913', srid: 3857, epsgAxisOrder: false },
      { label: 'urn:ogc:def:crs:EPSG::4326', srid: 4326, epsgAxisOrder: true },
      { label: 'urn:ogc:def:crs:EPSG:6.6:26713', srid: 26713, epsgAxisOrder: true },
      { label: 'http://www.opengis.net/def/crs/EPSG/0/3857', srid: 3857, epsgAxisOrder: true },
      { label: 'http://www.opengis.net/gml/srs/epsg.xml#4326', srid: 4326, epsgAxisOrder: false },
      { label: 'urn:ogc:def:crs:OGC:1.3:CRS84', srid: 4326, epsgAxisOrder: false },
    ]);
  });

  it('names nothing for what is no code it can look up', () => {
    expect(['AUTO:42001,9001,0,0', 'EPSG:', 'EPSG:0', 'EPSG:99999999999', 'EPSG:4326x', 'nonsense', ''].map((c) => parseCrsCode(c, '1.3.0'))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('bboxIsLatLon', () => {
  it('is true only for a geographic CRS read in EPSG order', () => {
    const base = { label: 'x', srid: 1, metresPerUnit: 1 };
    expect([
      bboxIsLatLon({ ...base, geographic: true, epsgAxisOrder: true }),
      bboxIsLatLon({ ...base, geographic: true, epsgAxisOrder: false }),
      bboxIsLatLon({ ...base, geographic: false, epsgAxisOrder: true }),
    ]).toEqual([true, false, false]);
  });
});

describe('projectedUnitFactor', () => {
  it('reads the projected CRS own unit, not its base CRS degree', () => {
    const feet =
      'PROJCS["NAD83 / Colorado Central (ftUS)",GEOGCS["NAD83",DATUM["North_American_Datum_1983",SPHEROID["GRS 1980",6378137,298.257222101]],' +
      'UNIT["degree",0.0174532925199433]],PROJECTION["Lambert_Conformal_Conic_2SP"],UNIT["US survey foot",0.304800609601219],AUTHORITY["EPSG","2232"]]';
    const metres = 'PROJCS["WGS 84 / Pseudo-Mercator",GEOGCS["WGS 84",UNIT["degree",0.0174532925199433]],UNIT["metre",1],AUTHORITY["EPSG","3857"]]';
    expect([projectedUnitFactor(feet), projectedUnitFactor(metres), projectedUnitFactor('PROJCS["x"]')]).toEqual([0.304800609601219, 1, 1]);
  });
});
