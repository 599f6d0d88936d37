/**
 * The WMS (contract §10) over HTTP on a real PostGIS table: GetCapabilities 1.1.1 and 1.3.0
 * checked by xmllint against GeoServer's DTD and the OGC XSD, layers and layer groups listed,
 * virtual services, routing, parameter names in any case, GeoServer's exception codes in both
 * versions, authentication as the feature API, and GDAL's WMS driver as a real client.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { ApiServer } from '../support/api-server';
import { createWorkspace, userWithRole } from '../support/catalog';
import { request, RestClient, show } from '../support/http';
import { SpatialDb } from '../support/postgis';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { layerNames, layerXml, serviceException, wmsGet, xmllint } from './support';
import { startStatesApi } from './states-api';

const A = 'wmsa';
const B = 'wmsb';
const XSD_130 = 'wms/1.3.0/capabilities_1_3_0.xsd';
const DTD_111 = 'wms/1.1.1/WMS_MS_Capabilities.dtd';
/**
 * A 1.1.1 report as GeoServer writes it: its DOCTYPE, one ServiceException with code and locator.
 * (Not checked with the OGC's exception_1_1_1.dtd: that DTD has no `locator`, which GeoServer
 * writes in 1.1.1 too, and clients read.)
 */
const EXCEPTION_111 =
  /^<\?xml version="1.0" encoding="UTF-8" standalone="no"\?>\n<!DOCTYPE ServiceExceptionReport SYSTEM "http:\/\/[^"]+\/geoserver\/schemas\/wms\/1\.1\.1\/WMS_exception_1_1_1\.dtd">\n<ServiceExceptionReport version="1\.1\.1"><ServiceException code="\w+" locator="\w+">\n[^<]+\n<\/ServiceException><\/ServiceExceptionReport>\n$/;

let server: ApiServer;
let api: RestClient;
let db: SpatialDb;

beforeAll(async () => {
  ({ server, api, db } = await startStatesApi([A, B], ['states']));
  const hidden = await createFeatureType(api, A, 'gis', seedFeatureTypeXml('hidden', 'states', undefined, 'EPSG:4326'));
  if (hidden.status !== 201) throw new Error(`publish hidden: ${show(hidden)}`);
  const unadvertise = await api.putXml(`/layers/${A}:hidden`, '<layer><advertised>false</advertised></layer>');
  if (unadvertise.status !== 200) throw new Error(`unadvertise: ${show(unadvertise)}`);
  const global = await api.postXml(
    '/layergroups',
    `<layerGroup><name>usa</name><title>All states</title><publishables><published type="layer">${A}:states</published><published type="layer">${B}:states</published></publishables><styles><style></style><style></style></styles></layerGroup>`,
  );
  if (global.status !== 201) throw new Error(`POST group: ${show(global)}`);
  const local = await api.postXml(
    `/workspaces/${A}/layergroups`,
    `<layerGroup><name>agroup</name><publishables><published type="layer">${A}:states</published></publishables><styles><style></style></styles></layerGroup>`,
  );
  if (local.status !== 201) throw new Error(`POST workspace group: ${show(local)}`);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await db?.drop();
}, 60_000);

/** xmllint's verdict on well-formedness: '' when well-formed. */
function wellFormed(xml: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
    return '';
  } catch (err) {
    return (err as { stderr?: Buffer }).stderr?.toString() ?? String(err);
  }
}

const capabilities = (version?: string, path = '/wms') => wmsGet(server, path, { service: 'WMS', request: 'GetCapabilities', ...(version ? { version } : {}) });

/** A GetMap that is valid but for what `over` changes (`undefined` removes a parameter). */
function getMap(over: Record<string, string | undefined> = {}, path = '/wms', auth = server.admin) {
  const base: Record<string, string | undefined> = {
    service: 'WMS',
    version: '1.3.0',
    request: 'GetMap',
    layers: `${A}:states`,
    styles: '',
    crs: 'EPSG:4326',
    bbox: '36,-112,46,-100',
    width: '256',
    height: '256',
    format: 'image/png',
  };
  const params = Object.fromEntries(Object.entries({ ...base, ...over }).filter((e): e is [string, string] => e[1] !== undefined));
  return wmsGet(server, path, params, auth);
}

describe('GetCapabilities', () => {
  it('1.3.0 is valid against the OGC XSD and lists every advertised layer and group', async () => {
    const res = await capabilities('1.3.0');
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/xml; charset=UTF-8']);
    expect(xmllint(res.text, { xsd: XSD_130 })).toBe('');
    expect(layerNames(res.text)).toEqual([`${A}:states`, `${B}:states`, 'usa', `${A}:agroup`]);
    expect(res.text).toContain(`<OnlineResource xlink:type="simple" xlink:href="${server.baseUrl}/wms"/>`);
    expect(res.text).toContain(`<Get><OnlineResource xlink:type="simple" xlink:href="${server.baseUrl}/wms?SERVICE=WMS&amp;"/></Get>`);
  });

  it('1.3.0 gives each layer its CRSs, boxes (EPSG:4326 latitude first) and styles with a legend', async () => {
    const layer = layerXml((await capabilities('1.3.0')).text, `${A}:states`);
    expect([...layer.matchAll(/<CRS>([^<]*)<\/CRS>/g)].map((m) => m[1])).toEqual(['EPSG:4326', 'CRS:84', 'EPSG:3857']);
    expect(layer).toContain(
      '<EX_GeographicBoundingBox><westBoundLongitude>-111.05</westBoundLongitude><eastBoundLongitude>-74.0015304643981</eastBoundLongitude>' +
        '<southBoundLatitude>37</southBoundLatitude><northBoundLatitude>45.5</northBoundLatitude></EX_GeographicBoundingBox>',
    );
    expect(layer).toContain('<BoundingBox CRS="CRS:84" minx="-111.05" miny="37" maxx="-74.0015304643981" maxy="45.5"/>');
    expect(layer).toContain('<BoundingBox CRS="EPSG:4326" minx="37" miny="-111.05" maxx="45.5" maxy="-74.0015304643981"/>');
    const mercator = /<BoundingBox CRS="EPSG:3857" minx="([^"]*)" miny="([^"]*)" maxx="([^"]*)" maxy="([^"]*)"\/>/.exec(layer)!.slice(1).map(Number);
    // Web Mercator of the lon/lat box, by the spherical formulas.
    const x = (lon: number) => (6378137 * lon * Math.PI) / 180;
    const y = (lat: number) => 6378137 * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
    expect(mercator.map((v) => Math.round(v))).toEqual([x(-111.05), y(37), x(-74.0015304643981), y(45.5)].map((v) => Math.round(v)));
    expect(layer).toContain(
      `<Style><Name>polygon</Name><Title>polygon</Title><LegendURL width="20" height="20"><Format>image/png</Format>` +
        `<OnlineResource xlink:type="simple" xlink:href="${server.baseUrl}/wms?service=WMS&amp;request=GetLegendGraphic&amp;format=image%2Fpng&amp;width=20&amp;height=20&amp;layer=${A}%3Astates"/></LegendURL></Style>`,
    );
  });

  it('1.1.1 is valid against GeoServer DTD and names the same layers', async () => {
    const res = await capabilities('1.1.1');
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/vnd.ogc.wms_xml; charset=UTF-8']);
    expect(xmllint(res.text, { dtd: DTD_111 })).toBe('');
    expect(res.text).toContain('<WMT_MS_Capabilities version="1.1.1">');
    expect(layerNames(res.text)).toEqual([`${A}:states`, `${B}:states`, 'usa', `${A}:agroup`]);
    const layer = layerXml(res.text, `${A}:states`);
    expect(layer).toContain('<LatLonBoundingBox minx="-111.05" miny="37" maxx="-74.0015304643981" maxy="45.5"/>');
    expect(layer).toContain('<BoundingBox SRS="EPSG:4326" minx="-111.05" miny="37" maxx="-74.0015304643981" maxy="45.5"/>');
    expect([...layer.matchAll(/<SRS>([^<]*)<\/SRS>/g)].map((m) => m[1])).toEqual(['EPSG:4326', 'EPSG:3857']);
  });

  it('answers 1.3.0 without VERSION, 1.1.1 for 1.1.0 and 1.0.0, 1.3.0 past it', async () => {
    const versions = [];
    for (const v of [undefined, '1.1.0', '1.0.0', '1.3.0', '2.0.0']) {
      const res = await capabilities(v);
      versions.push(/<WMS_Capabilities version="1.3.0"/.test(res.text) ? '1.3.0' : /<WMT_MS_Capabilities version="1.1.1"/.test(res.text) ? '1.1.1' : show(res));
    }
    expect(versions).toEqual(['1.3.0', '1.1.1', '1.1.1', '1.3.0', '1.3.0']);
  });

  it('reads parameter names in any case and ignores unknown vendor parameters', async () => {
    const res = await wmsGet(server, '/wms', { SeRvIcE: 'wms', REQUEST: 'getcapabilities', VeRsIoN: '1.1.1', tiled: 'true', 'X-Vendor': 'x' });
    expect(res.status).toBe(200);
    expect(xmllint(res.text, { dtd: DTD_111 })).toBe('');
  });

  it('is served at /ows with SERVICE=WMS, which /ows needs', async () => {
    const res = await wmsGet(server, '/ows', { service: 'WMS', request: 'GetCapabilities', version: '1.3.0' });
    expect(xmllint(res.text, { xsd: XSD_130 })).toBe('');
    const missing = await wmsGet(server, '/ows', { request: 'GetCapabilities', version: '1.3.0' });
    expect([missing.status, serviceException(missing.text)]).toEqual([
      200,
      { code: 'MissingParameterValue', locator: 'service', text: 'Could not determine the service: add SERVICE=WMS' },
    ]);
  });

  it('a virtual service lists only its workspace, names without prefix, links to itself', async () => {
    for (const path of [`/${A}/wms`, `/${A}/ows`]) {
      const res = await capabilities('1.3.0', path);
      expect(xmllint(res.text, { xsd: XSD_130 })).toBe('');
      expect(layerNames(res.text)).toEqual(['states', 'agroup']);
      expect(res.text).toContain(`xlink:href="${server.baseUrl}/${A}/wms?SERVICE=WMS&amp;"`);
    }
    const b = await capabilities('1.1.1', `/${B}/wms`);
    expect(xmllint(b.text, { dtd: DTD_111 })).toBe('');
    expect(layerNames(b.text)).toEqual(['states']);
  });

  it('a workspace that does not exist has no service (404); fixed routes are not workspaces', async () => {
    expect((await capabilities('1.3.0', '/nosuchws/wms')).status).toBe(404);
    for (const fixed of ['rest', 'ogc', 'health', 'schemas']) {
      await createWorkspace(api, fixed).catch(() => undefined);
      const res = await capabilities('1.3.0', `/${fixed}/wms`);
      expect([fixed, res.status, res.text.includes('WMS_Capabilities')]).toEqual([fixed, 404, false]);
    }
  });
});

describe('exceptions', () => {
  const cases: Array<[string, Record<string, string | undefined>, string | null, string]> = [
    ['an unknown layer', { layers: `${A}:nope` }, 'LayerNotDefined', 'layers'],
    ['an unknown style', { styles: 'nope' }, 'StyleNotDefined', 'styles'],
    ['an unsupported format', { format: 'image/tiff' }, 'InvalidFormat', 'format'],
    ['no BBOX', { bbox: undefined }, 'MissingParameterValue', 'bbox'],
    ['no FORMAT', { format: undefined }, 'MissingParameterValue', 'format'],
    ['no LAYERS', { layers: undefined }, 'MissingParameterValue', 'layers'],
    ['a malformed BBOX', { bbox: '1,2,3' }, 'InvalidParameterValue', 'bbox'],
    ['a WIDTH past 8192', { width: '8193' }, 'InvalidParameterValue', 'width'],
    ['a map past the pixel budget', { width: '8192', height: '8192' }, 'InvalidParameterValue', 'width'],
    ['a bad BGCOLOR', { bgcolor: 'red' }, 'InvalidParameterValue', 'bgcolor'],
    ['a layer of another workspace in a virtual service', { layers: `${B}:states` }, 'LayerNotDefined', 'layers'],
  ];

  it.each(cases)('1.3.0: %s', async (_what, over, code, locator) => {
    const path = _what.includes('virtual') ? `/${A}/wms` : '/wms';
    const res = await getMap(over, path);
    expect([res.status, res.headers.get('content-type'), serviceException(res.text)?.code, serviceException(res.text)?.locator]).toEqual([
      200,
      'text/xml; charset=UTF-8',
      code,
      locator,
    ]);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<ServiceExceptionReport version="1.3.0" xmlns="http:\/\/www.opengis.net\/ogc"/);
  });

  it.each(cases)('1.1.1: %s', async (_what, over, code, locator) => {
    const path = _what.includes('virtual') ? `/${A}/wms` : '/wms';
    const res = await getMap({ version: '1.1.1', crs: undefined, srs: 'EPSG:4326', bbox: '-112,36,-100,46', ...over }, path);
    expect([res.status, res.headers.get('content-type'), serviceException(res.text)?.code, serviceException(res.text)?.locator]).toEqual([
      200,
      'application/vnd.ogc.se_xml; charset=UTF-8',
      code,
      locator,
    ]);
    expect(res.text).toMatch(EXCEPTION_111);
  });

  it('InvalidCRS (1.3.0) and InvalidSRS (1.1.1) for a code PostGIS does not know or that is no code', async () => {
    const answers = [];
    for (const [version, name, value] of [
      ['1.3.0', 'crs', 'EPSG:999999'],
      ['1.3.0', 'crs', 'AUTO:42001'],
      ['1.1.1', 'srs', 'EPSG:999999'],
      ['1.1.1', 'srs', 'nonsense'],
    ]) {
      const res = await getMap({ version, crs: undefined, [name]: value });
      const e = serviceException(res.text);
      answers.push([version, value, res.status, e?.code, e?.locator]);
    }
    expect(answers).toEqual([
      ['1.3.0', 'EPSG:999999', 200, 'InvalidCRS', 'crs'],
      ['1.3.0', 'AUTO:42001', 200, 'InvalidCRS', 'crs'],
      ['1.1.1', 'EPSG:999999', 200, 'InvalidSRS', 'srs'],
      ['1.1.1', 'nonsense', 200, 'InvalidSRS', 'srs'],
    ]);
  });

  it('OperationNotSupported for operations not served, MissingParameterValue without REQUEST', async () => {
    const answers = [];
    for (const op of ['DescribeLayer', 'Transmogrify']) {
      for (const version of ['1.1.1', '1.3.0']) {
        const res = await wmsGet(server, '/wms', { service: 'WMS', version, request: op });
        answers.push([op, version, res.status, serviceException(res.text)?.code, serviceException(res.text)?.locator]);
      }
    }
    expect(answers).toEqual(['DescribeLayer', 'Transmogrify'].flatMap((op) => ['1.1.1', '1.3.0'].map((v) => [op, v, 200, 'OperationNotSupported', 'request'])));
    const none = await wmsGet(server, '/wms', { service: 'WMS', version: '1.1.1' });
    expect(serviceException(none.text)).toEqual({
      code: 'MissingParameterValue',
      locator: 'request',
      text: 'Could not determine the request: add REQUEST=GetCapabilities or REQUEST=GetMap',
    });
    expect(none.text).toMatch(EXCEPTION_111);
  });

  it('names the problem in the report and escapes what the client sent', async () => {
    const res = await getMap({ layers: `${A}:<b>&` });
    expect(res.text).toContain('<ServiceException code="LayerNotDefined" locator="layers">\nCould not find layer wmsa:&lt;b&gt;&amp;\n</ServiceException>');
  });

  it('takes EXCEPTIONS in either version spelling and still answers XML when asked for XML', async () => {
    for (const [version, exceptions] of [
      ['1.3.0', 'XML'],
      ['1.3.0', 'application/vnd.ogc.se_xml'],
      ['1.1.1', 'application/vnd.ogc.se_xml'],
      ['1.1.1', 'xml'],
    ]) {
      const res = await getMap({ version, exceptions, layers: 'nope' });
      expect([version, exceptions, serviceException(res.text)?.code]).toEqual([version, exceptions, 'LayerNotDefined']);
    }
  });
});

describe('GetMap', () => {
  it('accepts names without prefix in a virtual service, and groups by name', async () => {
    // Past every parameter and name check, the request reaches the drawing (or fails at it): no
    // LayerNotDefined / StyleNotDefined for these names.
    for (const [path, layers] of [
      [`/${A}/wms`, 'states'],
      [`/${A}/wms`, `${A}:states`],
      [`/${A}/wms`, 'agroup'],
      ['/wms', 'usa'],
      ['/wms', `${A}:agroup`],
      ['/wms', 'states,usa'],
    ]) {
      const res = await getMap({ layers }, path);
      const e = serviceException(res.text);
      expect([path, layers, res.status, e?.code === 'LayerNotDefined' || e?.code === 'StyleNotDefined']).toEqual([path, layers, 200, false]);
    }
  });

  it('takes a style the layer lists, with or without the style name, and refuses a style for a group', async () => {
    const named = await getMap({ styles: 'polygon' });
    expect(serviceException(named.text)?.code).not.toBe('StyleNotDefined');
    const group = await getMap({ layers: 'usa', styles: 'polygon' });
    expect(serviceException(group.text)?.code).toBe('StyleNotDefined');
  });

  it('refuses an SLD_BODY that is not a valid SLD, as an upload is refused', async () => {
    const res = await getMap({ sld_body: '<StyledLayerDescriptor version="1.0.0"><nonsense/></StyledLayerDescriptor>' });
    expect([res.status, serviceException(res.text)?.code, serviceException(res.text)?.locator]).toEqual([200, 'InvalidParameterValue', 'sld_body']);
  });

  it('never answers a 5xx to a client mistake', async () => {
    const statuses = new Set<number>();
    for (const over of [
      { bbox: 'a,b,c,d' },
      { bbox: '10,10,0,0' },
      { width: '-1' },
      { width: '1.5' },
      { height: '0' },
      { format_options: 'dpi:abc' },
      { format_options: 'dpi:99999' },
      { crs: 'EPSG:0' },
      { crs: 'EPSG:99999999999' },
      { layers: ',' },
      { styles: 'a,b,c' },
      { version: 'x.y' },
      { crs: 'EPSG:4326', bbox: '-90,-180,90,180' },
    ]) {
      statuses.add((await getMap(over)).status);
    }
    expect([...statuses]).toEqual([200]);
  });
});

describe('GetFeatureInfo', () => {
  /** GetFeatureInfo on the GetMap above: pixel (138, 179) is in Colorado, (234, 51) where no state is. */
  const info = (over: Record<string, string | undefined> = {}, path = '/wms') =>
    getMap({ request: 'GetFeatureInfo', query_layers: `${A}:states`, info_format: 'application/json', i: '138', j: '179', format: undefined, ...over }, path);

  it('gives the feature under the pixel as GeoJSON, text and HTML', async () => {
    const json = await info();
    expect([json.status, json.headers.get('content-type')]).toEqual([200, 'application/json; charset=UTF-8']);
    const doc = json.json();
    expect([doc.type, doc.numberReturned, doc.features.map((f: { properties: { state_name: string } }) => f.properties.state_name)]).toEqual([
      'FeatureCollection',
      1,
      ['Colorado'],
    ]);
    expect(doc.features[0]).toMatchObject({ type: 'Feature', geometry: { type: 'MultiPolygon' }, properties: { state_abbr: 'CO', persons: 5758736 } });
    const text = await info({ info_format: 'text/plain' });
    expect([text.headers.get('content-type'), text.text]).toEqual([
      'text/plain; charset=UTF-8',
      `Results for FeatureType '${A}:states':\n--------------------------------------------\ngeometry = [GEOMETRY (MultiPolygon)]\n` +
        'state_name = Colorado\nstate_abbr = CO\npersons = 5758736\n--------------------------------------------\n',
    ]);
    const html = await info({ info_format: 'text/html' });
    expect(html.text).toContain('<td>Colorado</td><td>CO</td><td>5758736</td>');
  });

  it('takes X/Y in 1.1.1, other CRSs, and answers nothing where nothing is', async () => {
    const v111 = await info({ version: '1.1.1', crs: undefined, srs: 'EPSG:4326', bbox: '-112,36,-100,46', i: undefined, j: undefined, x: '138', y: '179' });
    expect(v111.json().features.map((f: { properties: { state_name: string } }) => f.properties.state_name)).toEqual(['Colorado']);
    const mercator = await info({ crs: 'EPSG:3857', bbox: '-12467782,4300621,-11131949,5780349', j: '183' });
    expect(mercator.json().features.map((f: { properties: { state_name: string } }) => f.properties.state_name)).toEqual(['Colorado']);
    const none = await info({ i: '234', j: '51', info_format: 'text/plain' });
    expect(none.text).toBe('no features were found\n');
    const both = await info({ bbox: '30,-120,50,-90', i: '115', j: '115', feature_count: '5', buffer: '10' });
    expect(
      both
        .json()
        .features.map((f: { properties: { state_name: string } }) => f.properties.state_name)
        .sort(),
    ).toEqual(['Colorado', 'Wyoming']);
  });

  it('answers GML 2 and GML 3.1.1 as GeoServer writes them, well-formed', async () => {
    const two = await info({ info_format: 'application/vnd.ogc.gml' });
    expect(two.headers.get('content-type')).toBe('application/vnd.ogc.gml; charset=UTF-8');
    expect(wellFormed(two.text)).toBe('');
    expect(two.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><wfs:FeatureCollection xmlns="http:\/\/www.opengis.net\/wfs" xmlns:wfs=/);
    expect(two.text).toContain(`xmlns:${A}="http://${A}"`);
    expect(two.text).toContain('<gml:boundedBy><gml:null>unknown</gml:null></gml:boundedBy><gml:featureMember>');
    expect(two.text).toMatch(
      new RegExp(`<${A}:states fid="states\\.[^"]+"><${A}:the_geom><gml:MultiPolygon srsName="http://www.opengis.net/gml/srs/epsg.xml#4326">`),
    );
    expect(two.text).toContain('<gml:coordinates decimal="." cs="," ts=" ">-109.05,37 -102.04,37 -102.04,41 -109.05,41 -109.05,37</gml:coordinates>');
    expect(two.text).toContain(`<${A}:state_name>Colorado</${A}:state_name><${A}:state_abbr>CO</${A}:state_abbr><${A}:persons>5758736</${A}:persons>`);
    for (const format of ['application/vnd.ogc.gml/3.1.1', 'text/xml']) {
      const three = await info({ info_format: format });
      expect(wellFormed(three.text)).toBe('');
      expect(three.text).toContain('numberOfFeatures="1"');
      // urn:x-ogc:def:crs:EPSG:4326 is latitude first.
      expect(three.text).toContain(
        '<gml:MultiSurface srsName="urn:x-ogc:def:crs:EPSG:4326"><gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>37 -109.05 37 -102.04',
      );
    }
  });

  it('writes geometries in the map CRS, as GeoServer does, and names it', async () => {
    const mercator = await info({ crs: 'EPSG:3857', bbox: '-12467782,4300621,-11131949,5780349', j: '183' });
    const doc = mercator.json();
    expect(doc.crs).toEqual({ type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } });
    const [x, y] = doc.features[0].geometry.coordinates[0][0][0];
    // -109.05°, 37° in Web Mercator metres.
    expect([Math.round(x), Math.round(y)]).toEqual([-12139390, 4439107]);
    expect(doc.features[0].geometry_name).toBe('the_geom');
    const lonLat = await info();
    expect(lonLat.json().features[0].geometry.coordinates[0][0][0]).toEqual([-109.05, 37]);
  });

  it('a group in QUERY_LAYERS queries its queryable members', async () => {
    const names = (res: { json(): { features: Array<{ id: string }> } }) => res.json().features.map((f) => f.id.split('.')[0]);
    const both = await info({ layers: 'usa', query_layers: 'usa', feature_count: '10' });
    expect(names(both)).toEqual(['states', 'states']);
    expect((await api.putXml(`/layers/${B}:states`, '<layer><queryable>false</queryable></layer>')).status).toBe(200);
    try {
      const one = await info({ layers: 'usa', query_layers: 'usa', feature_count: '10', info_format: 'text/plain' });
      expect(one.text).toContain(`Results for FeatureType '${A}:states':`);
      expect(one.text).not.toContain(`'${B}:states'`);
      const refused = await info({ layers: `${B}:states`, query_layers: `${B}:states` });
      expect(serviceException(refused.text)?.code).toBe('LayerNotQueryable');
    } finally {
      await api.putXml(`/layers/${B}:states`, '<layer><queryable>true</queryable></layer>');
    }
  });

  it('InvalidPoint, MissingParameterValue, InvalidFormat and LayerNotDefined as GeoServer', async () => {
    const answers = [];
    for (const over of [
      { i: '256' },
      { j: '-1' },
      { version: '1.1.1', crs: undefined, srs: 'EPSG:4326', bbox: '-112,36,-100,46', i: undefined, j: undefined, x: '300', y: '1' },
      { i: undefined },
      { query_layers: undefined },
      { info_format: 'application/xml' },
      { query_layers: `${B}:states` },
    ]) {
      const res = await info(over);
      const e = serviceException(res.text);
      answers.push([res.status, e?.code, e?.locator]);
    }
    expect(answers).toEqual([
      [200, 'InvalidPoint', 'i'],
      [200, 'InvalidPoint', 'j'],
      [200, 'InvalidPoint', 'x'],
      [200, 'MissingParameterValue', 'i'],
      [200, 'MissingParameterValue', 'query_layers'],
      [200, 'InvalidFormat', 'info_format'],
      [200, 'LayerNotDefined', 'query_layers'],
    ]);
  });
});

describe('authentication', () => {
  it('answers an anonymous request with what the rules open to it (nothing by default), as the feature API does', async () => {
    const wms = await wmsGet(server, '/wms', { service: 'WMS', request: 'GetCapabilities' }, null);
    const features = await request(`${server.baseUrl}/ogc/features/v1/collections`, { auth: null });
    expect([wms.status, layerNames(wms.text)]).toEqual([200, []]);
    expect([features.status, features.json().collections]).toEqual([200, []]);
    const map = await wmsGet(
      server,
      '/wms',
      {
        service: 'WMS',
        request: 'GetMap',
        layers: `${A}:states`,
        styles: '',
        srs: 'EPSG:4326',
        bbox: '-112,36,-100,46',
        width: '64',
        height: '64',
        format: 'image/png',
      },
      null,
    );
    expect([map.status, map.text]).toEqual([200, expect.stringContaining('LayerNotDefined')]);
    const wrong = await wmsGet(server, '/wms', { service: 'WMS', request: 'GetCapabilities' }, { user: 'admin', password: 'wrong' });
    expect([wrong.status, wrong.headers.get('www-authenticate')]).toEqual([401, 'Basic realm="geocatalog"']);
  });

  it('lets a READER read capabilities and ask for maps', async () => {
    const reader = await userWithRole(api, 'READER', 'wmsreader');
    const auth = { user: reader.user, password: reader.password };
    const caps = await wmsGet(server, '/wms', { service: 'WMS', request: 'GetCapabilities', version: '1.3.0' }, auth);
    expect([caps.status, layerNames(caps.text)]).toEqual([200, [`${A}:states`, `${B}:states`, 'usa', `${A}:agroup`]]);
    const map = await getMap({}, '/wms', auth);
    expect(map.status).toBe(200);
    expect(serviceException(map.text)?.code ?? null).toBeNull();
  });
});

describe('GDAL', () => {
  it("GDAL's WMS driver reads the capabilities and lists the layers", async () => {
    const { stdout } = await promisify(execFile)('gdalinfo', [`WMS:${server.baseUrl}/wms?`], {
      env: { ...process.env, GDAL_HTTP_USERPWD: `${server.admin.user}:${server.admin.password}`, GDAL_HTTP_AUTH: 'BASIC', CPL_DEBUG: 'OFF' },
    });
    const names = [...stdout.matchAll(/SUBDATASET_\d+_NAME=.*LAYERS=([^&\s]*)/g)].map((m) => decodeURIComponent(m[1]));
    expect(names).toEqual([`${A}:states`, `${B}:states`, 'usa', `${A}:agroup`]);
  });
});
