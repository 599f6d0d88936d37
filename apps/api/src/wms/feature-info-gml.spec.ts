import { gml2, gml3, GmlLayer } from './feature-info-gml';

const layer = (features: GmlLayer['features']): GmlLayer => ({
  prefix: 'acme',
  namespaceUri: 'http://acme.org',
  name: 'roads',
  geometryName: 'geom',
  features,
});

describe('GetFeatureInfo GML', () => {
  it('writes GML 2 with coordinates x,y, holes as inner boundaries, nulls left out, text escaped', () => {
    const xml = gml2(
      [
        layer([
          {
            id: 1,
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [0, 0],
                  [4, 0],
                  [4, 4],
                  [0, 0],
                ],
                [
                  [1, 1],
                  [2, 1],
                  [2, 2],
                  [1, 1],
                ],
              ],
            },
            properties: { name: 'a<b', n: null },
          },
          {
            id: 'x',
            geometry: {
              type: 'MultiLineString',
              coordinates: [
                [
                  [0, 1],
                  [2, 3],
                ],
              ],
            },
            properties: {},
          },
        ]),
      ],
      { srid: 26713, geographic: false },
    );
    expect(xml).toContain('xmlns:acme="http://acme.org"');
    expect(xml).toContain(
      '<acme:roads fid="roads.1"><acme:geom><gml:Polygon srsName="http://www.opengis.net/gml/srs/epsg.xml#26713"><gml:outerBoundaryIs><gml:LinearRing>' +
        '<gml:coordinates decimal="." cs="," ts=" ">0,0 4,0 4,4 0,0</gml:coordinates></gml:LinearRing></gml:outerBoundaryIs><gml:innerBoundaryIs>',
    );
    expect(xml).toContain('<acme:name>a&lt;b</acme:name></acme:roads>');
    expect(xml).toContain('<gml:MultiLineString srsName="http://www.opengis.net/gml/srs/epsg.xml#26713"><gml:lineStringMember><gml:LineString>');
  });

  it('writes GML 3.1.1 latitude first for a geographic CRS, x/y otherwise', () => {
    const point = [layer([{ id: 7, geometry: { type: 'Point', coordinates: [10, 50] }, properties: { k: 1 } }])];
    expect(gml3(point, { srid: 4326, geographic: true }, 'T')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:acme="http://acme.org" numberOfFeatures="1" timeStamp="T">' +
        '<gml:featureMembers><acme:roads gml:id="roads.7"><acme:geom><gml:Point srsName="urn:x-ogc:def:crs:EPSG:4326"><gml:pos>50 10</gml:pos></gml:Point></acme:geom>' +
        '<acme:k>1</acme:k></acme:roads></gml:featureMembers></wfs:FeatureCollection>',
    );
    expect(gml3(point, { srid: 3857, geographic: false }, 'T')).toContain('<gml:pos>10 50</gml:pos>');
    expect(gml3([], { srid: 3857, geographic: false }, 'T')).toContain('numberOfFeatures="0" timeStamp="T"></wfs:FeatureCollection>');
  });
});
