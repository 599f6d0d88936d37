/**
 * Each declared resource against GeoServer's published bodies (../shared/reference/geoserver-rest.md
 * §§2–7): the body is read by its declaration, stored as a record, and written back through the
 * resource's mapper; the XML and the JSON come out as GeoServer writes them. Where this catalog
 * deliberately differs (see the comments), the example carries our form.
 */
import { DataStore, declaredRep, doc, FeatureType, Layer, Namespace, readDeclared, Sent, Style, User, Workspace } from '@geocatalog/catalog-model';
import type { AttributeInfo } from '../datastores/postgis/postgis.types';
import { parseJsonBody, parseXmlBody } from '../rest/body-node';
import { toJson } from '../rest/json-writer';
import { LinkBuilder } from '../rest/rest-request';
import { toXml } from '../rest/xml-writer';
import { DataStoreEntity } from './datastores/datastore.entity';
import { dataStoreDocument } from './datastores/datastore.mapper';
import { FeatureTypeEntity } from './featuretypes/featuretype.entity';
import { featureTypeDocument, WGS84_DD_WKT } from './featuretypes/featuretype.mapper';
import { LayerEntity } from './layers/layer.entity';
import { layerDocument } from './layers/layer.mapper';
import { StyleEntity } from './styles/style.entity';
import { styleDocument } from './styles/style.mapper';
import { WorkspaceEntity } from './workspaces/workspace.entity';
import { namespaceDocument, workspaceDocument } from './workspaces/workspace.mapper';

const REST = 'http://localhost:8080/geoserver/rest';
const xmlLinks = new LinkBuilder(REST, 'xml');
const jsonLinks = new LinkBuilder(REST, 'json');
const CREATED = new Date('2024-05-01T10:11:12.500Z');
const MODIFIED = new Date('2024-05-02T08:00:00.345Z');
const atom = (href: string, type = 'application/xml') =>
  `<atom:link xmlns:atom="http://www.w3.org/2005/Atom" rel="alternate" href="${REST}/${href}" type="${type}"/>`;
const lines = (...l: string[]) => l.join('\n');

/** Reads a body both ways a client may send it. */
function readBoth<T extends object>(declaration: new () => T, xml: string, json: string): { fromXml: Sent<T>; fromJson: Sent<T> } {
  return { fromXml: readDeclared(declaration, parseXmlBody(xml)), fromJson: readDeclared(declaration, parseJsonBody(json)) };
}

describe('workspace (§2)', () => {
  const xml = lines(
    '<workspace>',
    '  <name>acme</name>',
    '  <isolated>false</isolated>',
    '  <dateCreated>2024-05-01 10:11:12.500 UTC</dateCreated>',
    '  <dataStores>',
    `    ${atom('workspaces/acme/datastores.xml')}`,
    '  </dataStores>',
    '  <coverageStores>',
    `    ${atom('workspaces/acme/coveragestores.xml')}`,
    '  </coverageStores>',
    '  <wmsStores>',
    `    ${atom('workspaces/acme/wmsstores.xml')}`,
    '  </wmsStores>',
    '  <wmtsStores>',
    `    ${atom('workspaces/acme/wmtsstores.xml')}`,
    '  </wmtsStores>',
    '</workspace>',
  );
  const json = JSON.stringify({
    workspace: {
      name: 'acme',
      isolated: false,
      dateCreated: '2024-05-01 10:11:12.500 UTC',
      dataStores: `${REST}/workspaces/acme/datastores.json`,
      coverageStores: `${REST}/workspaces/acme/coveragestores.json`,
      wmsStores: `${REST}/workspaces/acme/wmsstores.json`,
      wmtsStores: `${REST}/workspaces/acme/wmtsstores.json`,
    },
  });

  it('round-trips the XML and JSON examples', () => {
    const { fromXml, fromJson } = readBoth(Workspace, xml, json);
    expect(fromXml).toEqual({ name: 'acme', isolated: false });
    expect(fromJson).toEqual(fromXml);
    const record = Object.assign(new WorkspaceEntity(), fromXml, { dateCreated: CREATED, dateModified: null });
    expect(toXml(workspaceDocument(record, xmlLinks))).toBe(xml);
    expect(toJson(workspaceDocument(record, jsonLinks))).toBe(json);
  });
});

describe('namespace (§3)', () => {
  const xml = lines('<namespace>', '  <prefix>acme</prefix>', '  <uri>http://acme</uri>', '  <isolated>false</isolated>', '</namespace>');
  const json = '{"namespace":{"prefix":"acme","uri":"http://acme","isolated":false}}';

  it('round-trips the XML and JSON examples', () => {
    const { fromXml, fromJson } = readBoth(Namespace, xml, json);
    expect(fromXml).toEqual({ name: 'acme', namespaceUri: 'http://acme', isolated: false });
    expect(fromJson).toEqual(fromXml);
    const record = Object.assign(new WorkspaceEntity(), fromXml);
    expect(toXml(namespaceDocument(record))).toBe(xml);
    expect(toJson(namespaceDocument(record))).toBe(json);
  });
});

describe('data store (§4)', () => {
  // GeoServer's HashMap order for these keys; the password as stored (this catalog writes `crypt2:`).
  const params: Array<[string, string]> = [
    ['schema', 'public'],
    ['database', 'nyc'],
    ['port', '5432'],
    ['passwd', 'crypt2:c2VjcmV0'],
    ['host', 'localhost'],
    ['dbtype', 'postgis'],
    ['namespace', 'http://acme'],
    ['user', 'bob'],
  ];
  const xml = lines(
    '<dataStore>',
    '  <name>nyc</name>',
    '  <description>New York, roads and points of interest</description>',
    '  <type>PostGIS</type>',
    '  <enabled>true</enabled>',
    '  <workspace>',
    '    <name>acme</name>',
    `    ${atom('workspaces/acme.xml')}`,
    '  </workspace>',
    '  <connectionParameters>',
    ...params.map(([k, v]) => `    <entry key="${k}">${v}</entry>`),
    '  </connectionParameters>',
    '  <__default>false</__default>',
    '  <dateCreated>2024-05-01 10:11:12.500 UTC</dateCreated>',
    '  <disableOnConnFailure>true</disableOnConnFailure>',
    '  <featureTypes>',
    `    ${atom('workspaces/acme/datastores/nyc/featuretypes.xml')}`,
    '  </featureTypes>',
    '</dataStore>',
  );
  const json = JSON.stringify({
    dataStore: {
      name: 'nyc',
      description: 'New York, roads and points of interest',
      type: 'PostGIS',
      enabled: true,
      workspace: { name: 'acme', href: `${REST}/workspaces/acme.json` },
      connectionParameters: { entry: params.map(([k, v]) => ({ '@key': k, $: v })) },
      _default: false,
      dateCreated: '2024-05-01 10:11:12.500 UTC',
      disableOnConnFailure: true,
      featureTypes: `${REST}/workspaces/acme/datastores/nyc/featuretypes.json`,
    },
  });

  it('round-trips the XML and JSON examples, description and disableOnConnFailure included', () => {
    const { fromXml, fromJson } = readBoth(DataStore, xml, json);
    expect(fromXml).toMatchObject({ name: 'nyc', description: 'New York, roads and points of interest', disableOnConnFailure: true, workspaceName: 'acme' });
    expect(fromJson).toEqual(fromXml);
    const record = Object.assign(new DataStoreEntity(), fromXml, { dateCreated: CREATED, dateModified: null });
    expect(toXml(dataStoreDocument('acme', record, xmlLinks))).toBe(xml);
    expect(toJson(dataStoreDocument('acme', record, jsonLinks))).toBe(json);
  });
});

describe('feature type (§5)', () => {
  const attributes: AttributeInfo[] = [
    { name: 'the_geom', minOccurs: 0, maxOccurs: 1, nillable: true, binding: 'org.locationtech.jts.geom.MultiLineString' },
    { name: 'name', minOccurs: 0, maxOccurs: 1, nillable: true, binding: 'java.lang.String', length: 80 },
  ];
  const wkt =
    'GEOGCS["WGS 84", \n  DATUM["World Geodetic System 1984", \n    SPHEROID["WGS 84", 6378137.0, 298.257223563]], \n  UNIT["degree", 0.017453292519943295]]';
  const box = (crs: string) => [
    '    <minx>-74.0118315772888</minx>',
    '    <maxx>-74.00153046439813</maxx>',
    '    <miny>40.70754683896324</miny>',
    '    <maxy>40.719885123828675</maxy>',
    `    <crs>${crs}</crs>`,
  ];
  const escape = (s: string) => s.replace(/"/g, '&quot;');
  // GeoServer's §5 example plus the fields clients set: metadata, cqlFilter, responseSRS. This
  // catalog writes GeoTools' WGS84(DD) WKT as the crs of every lat/lon box (older GeoServers did).
  const xml = lines(
    '<featureType>',
    '  <name>roads</name>',
    '  <nativeName>roads</nativeName>',
    '  <namespace>',
    '    <name>acme</name>',
    `    ${atom('namespaces/acme.xml')}`,
    '  </namespace>',
    '  <title>Roads</title>',
    '  <keywords>',
    '    <string>features</string>',
    '    <string>roads</string>',
    '  </keywords>',
    `  <nativeCRS>${escape(wkt)}</nativeCRS>`,
    '  <srs>EPSG:4326</srs>',
    '  <nativeBoundingBox>',
    ...box('EPSG:4326'),
    '  </nativeBoundingBox>',
    '  <latLonBoundingBox>',
    ...box(escape(WGS84_DD_WKT)),
    '  </latLonBoundingBox>',
    '  <projectionPolicy>FORCE_DECLARED</projectionPolicy>',
    '  <enabled>true</enabled>',
    '  <metadata>',
    '    <entry key="kml.regionateStrategy">external-sorting</entry>',
    '    <entry key="cachingEnabled">true</entry>',
    '  </metadata>',
    '  <store class="dataStore">',
    '    <name>acme:nyc</name>',
    `    ${atom('workspaces/acme/datastores/nyc.xml')}`,
    '  </store>',
    '  <serviceConfiguration>false</serviceConfiguration>',
    '  <simpleConversionEnabled>false</simpleConversionEnabled>',
    '  <cqlFilter>name &lt;&gt; &apos;Broadway&apos;</cqlFilter>',
    '  <maxFeatures>100</maxFeatures>',
    '  <numDecimals>6</numDecimals>',
    '  <padWithZeros>false</padWithZeros>',
    '  <forcedDecimal>false</forcedDecimal>',
    '  <responseSRS>',
    '    <string>4326</string>',
    '    <string>3857</string>',
    '  </responseSRS>',
    '  <overridingServiceSRS>true</overridingServiceSRS>',
    '  <skipNumberMatched>false</skipNumberMatched>',
    '  <circularArcPresent>false</circularArcPresent>',
    '  <attributes>',
    ...attributes.flatMap((a) => [
      '    <attribute>',
      `      <name>${a.name}</name>`,
      '      <minOccurs>0</minOccurs>',
      '      <maxOccurs>1</maxOccurs>',
      '      <nillable>true</nillable>',
      `      <binding>${a.binding}</binding>`,
      ...(a.length ? [`      <length>${a.length}</length>`] : []),
      '    </attribute>',
    ]),
    '  </attributes>',
    '</featureType>',
  );

  function record(sent: Sent<FeatureType>): FeatureTypeEntity {
    return Object.assign(new FeatureTypeEntity(), sent, { nativeCrsWkt: sent.nativeCRS, nativeCrsProjected: false, attributes });
  }

  it('round-trips the XML example, with cqlFilter, responseSRS and metadata', () => {
    const sent = readDeclared(FeatureType, parseXmlBody(xml));
    expect(sent).toMatchObject({
      namespace: 'acme',
      store: 'nyc',
      cqlFilter: "name <> 'Broadway'",
      responseSrs: ['4326', '3857'],
      metadata: { 'kml.regionateStrategy': 'external-sorting', cachingEnabled: 'true' },
      overridingServiceSrs: true,
    });
    expect(toXml(featureTypeDocument(record(sent), { workspace: 'acme', store: 'nyc' }, attributes, xmlLinks))).toBe(xml);
  });

  it('writes the same record as Jettison JSON and reads that JSON back to the same fields', () => {
    const sent = readDeclared(FeatureType, parseXmlBody(xml));
    const json = toJson(featureTypeDocument(record(sent), { workspace: 'acme', store: 'nyc' }, attributes, jsonLinks));
    const body = JSON.parse(json).featureType;
    expect(body.metadata).toEqual({
      entry: [
        { '@key': 'kml.regionateStrategy', $: 'external-sorting' },
        { '@key': 'cachingEnabled', $: 'true' },
      ],
    });
    expect(body.responseSRS).toEqual({ string: ['4326', '3857'] });
    expect(body.keywords).toEqual({ string: ['features', 'roads'] });
    expect(body.store).toEqual({ '@class': 'dataStore', name: 'acme:nyc', href: `${REST}/workspaces/acme/datastores/nyc.json` });
    const again = readDeclared(FeatureType, parseJsonBody(json));
    expect(again).toEqual(sent);
    expect(toJson(featureTypeDocument(record(again), { workspace: 'acme', store: 'nyc' }, attributes, jsonLinks))).toBe(json);
  });

  it('refuses what the declaration refuses, in the words the console shows too', () => {
    const refusal = (body: object) => {
      try {
        readDeclared(FeatureType, parseJsonBody(JSON.stringify({ featureType: body })));
      } catch (err) {
        return (err as Error).message;
      }
      return null;
    };
    expect(refusal({ projectionPolicy: 'sideways' })).toBe("Invalid projectionPolicy 'SIDEWAYS': use FORCE_DECLARED, REPROJECT_TO_DECLARED, NONE");
    expect(refusal({ responseSRS: { string: ['4326', 'EPSG:3857'] } })).toBe("Invalid responseSRS 'EPSG:3857': give EPSG codes as numbers, e.g. 4326");
    expect(refusal({ nativeBoundingBox: { minx: 0, maxx: 1, miny: 0 } })).toBe('The bounding box has no maxy; it is required');
    expect(refusal({ name: 'a b' })).toMatch(/^Invalid feature type name 'a b'/);
    expect(refusal({ maxFeatures: 1.5 })).toBe("Invalid value for maxFeatures: '1.5' is not a whole number");
  });
});

describe('style (§6)', () => {
  const xml = lines(
    '<style>',
    '  <name>roads_style</name>',
    '  <workspace>',
    '    <name>acme</name>',
    '  </workspace>',
    '  <format>sld</format>',
    '  <languageVersion>',
    '    <version>1.0.0</version>',
    '  </languageVersion>',
    '  <filename>roads_style.sld</filename>',
    '  <dateCreated>2024-05-01 10:11:12.500 UTC</dateCreated>',
    '  <dateModified>2024-05-02 08:00:00.345 UTC</dateModified>',
    '</style>',
  );
  const json =
    '{"style":{"name":"roads_style","workspace":{"name":"acme"},"format":"sld","languageVersion":{"version":"1.0.0"},"filename":"roads_style.sld","dateCreated":"2024-05-01 10:11:12.500 UTC","dateModified":"2024-05-02 08:00:00.345 UTC"}}';

  it('round-trips the XML and JSON examples', () => {
    const { fromXml, fromJson } = readBoth(Style, xml, json);
    expect(fromXml).toEqual({ name: 'roads_style', format: 'sld', languageVersion: '1.0.0', filename: 'roads_style.sld' });
    expect(fromJson).toEqual(fromXml);
    const record = Object.assign(new StyleEntity(), fromXml, { dateCreated: CREATED, dateModified: MODIFIED });
    expect(toXml(styleDocument(record, 'acme'))).toBe(xml);
    expect(toJson(styleDocument(record, 'acme'))).toBe(json);
  });
});

describe('layer (§7)', () => {
  // This catalog still writes enabled/advertised (GeoServer's older outputs do) and names the
  // resource `ws:name`.
  const xml = lines(
    '<layer>',
    '  <name>roads</name>',
    '  <type>VECTOR</type>',
    '  <defaultStyle>',
    '    <name>acme:roads_style</name>',
    '    <workspace>acme</workspace>',
    `    ${atom('workspaces/acme/styles/roads_style.xml')}`,
    '  </defaultStyle>',
    '  <resource class="featureType">',
    '    <name>acme:roads</name>',
    `    ${atom('workspaces/acme/datastores/nyc/featuretypes/roads.xml')}`,
    '  </resource>',
    '  <enabled>true</enabled>',
    '  <advertised>true</advertised>',
    '  <queryable>true</queryable>',
    '  <opaque>false</opaque>',
    '  <attribution>',
    '    <title>NYC Open Data</title>',
    '    <href>https://opendata.cityofnewyork.us/</href>',
    '    <logoWidth>0</logoWidth>',
    '    <logoHeight>0</logoHeight>',
    '  </attribution>',
    '  <dateCreated>2024-05-01 10:11:12.500 UTC</dateCreated>',
    '</layer>',
  );

  it('round-trips the XML example with attribution, queryable and opaque, and writes the same as JSON', () => {
    const sent = readDeclared(Layer, parseXmlBody(xml));
    expect(sent).toMatchObject({
      defaultStyleRef: { name: 'roads_style', workspace: 'acme' },
      queryable: true,
      opaque: false,
      attribution: { title: 'NYC Open Data', href: 'https://opendata.cityofnewyork.us/', logoWidth: 0, logoHeight: 0 },
    });
    const style = Object.assign(new StyleEntity(), { name: 'roads_style', workspace: Object.assign(new WorkspaceEntity(), { name: 'acme' }) });
    const layer = Object.assign(new LayerEntity(), sent, { defaultStyle: style, dateCreated: CREATED, dateModified: null });
    const located = { layer, featureType: Object.assign(new FeatureTypeEntity(), { name: 'roads' }), workspace: 'acme', store: 'nyc', styles: [] };
    expect(toXml(layerDocument(located, xmlLinks))).toBe(xml);
    const json = toJson(layerDocument(located, jsonLinks));
    expect(JSON.parse(json).layer.attribution).toEqual({ title: 'NYC Open Data', href: 'https://opendata.cityofnewyork.us/', logoWidth: 0, logoHeight: 0 });
    const again = readDeclared(Layer, parseJsonBody(json));
    expect(again).toEqual(sent);
  });
});

describe('user (security endpoints)', () => {
  it('reads the password but never writes it', () => {
    // JSON keeps the password's spaces (XML text is trimmed by the parser, as XStream's is).
    const sent = readDeclared(User, parseJsonBody('{"user":{"userName":"bob","password":" s3cret ","enabled":"false"}}'));
    expect(sent).toEqual({ userName: 'bob', password: ' s3cret ', enabled: false });
    expect(toJson(doc('user', declaredRep(User, sent)))).toBe('{"user":{"userName":"bob","enabled":false}}');
    expect(toXml(doc('user', declaredRep(User, sent)))).toBe(lines('<user>', '  <userName>bob</userName>', '  <enabled>false</enabled>', '</user>'));
  });
});
