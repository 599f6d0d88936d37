/**
 * WMS GetLegendGraphic (contract §10) over HTTP: one icon per rule with its title, the images read
 * back with GDAL (no app code); RULE, SCALE, STYLE, WIDTH/HEIGHT; GeoServer's JSON legend; a layer
 * group's legend (each member's); GeoServer's exception codes; and every LegendURL of both
 * capabilities documents answering a PNG of the size it announces.
 */
import { ApiServer } from '../support/api-server';
import { request, RestClient, show, SLD_10 } from '../support/http';
import { SpatialDb } from '../support/postgis';
import { imageInfo, pixels, serviceException, wmsGet } from './support';
import { startStatesApi } from './states-api';

const WS = 'wmsleg';
const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
const GREEN = [0, 128, 0];
const WHITE = [255, 255, 255];

/** Three rules: a red fill (any scale), a blue fill (1:1M to 1:10M only), a green square mark. */
const RULES_SLD = `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>states</Name><UserStyle><Name>threerules</Name><Title>Three rules</Title><FeatureTypeStyle>
    <Rule><Name>big</Name><Title>Big states</Title>
      <ogc:Filter><ogc:PropertyIsGreaterThan><ogc:PropertyName>persons</ogc:PropertyName><ogc:Literal>1000000</ogc:Literal></ogc:PropertyIsGreaterThan></ogc:Filter>
      <PolygonSymbolizer><Fill><CssParameter name="fill">#FF0000</CssParameter></Fill></PolygonSymbolizer></Rule>
    <Rule><Name>small</Name><Title>Small states</Title><MinScaleDenominator>1000000</MinScaleDenominator><MaxScaleDenominator>10000000</MaxScaleDenominator>
      <PolygonSymbolizer><Fill><CssParameter name="fill">#0000FF</CssParameter></Fill></PolygonSymbolizer></Rule>
    <Rule><Name>capital</Name><Title>Capitals</Title>
      <PointSymbolizer><Graphic><Mark><WellKnownName>square</WellKnownName><Fill><CssParameter name="fill">#008000</CssParameter></Fill></Mark><Size>12</Size></Graphic></PointSymbolizer></Rule>
  </FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

let server: ApiServer;
let api: RestClient;
let db: SpatialDb;

beforeAll(async () => {
  ({ server, api, db } = await startStatesApi([WS], ['states', 'plain']));
  const style = await api.post(`/workspaces/${WS}/styles?name=threerules`, RULES_SLD, SLD_10);
  if (style.status !== 201) throw new Error(`style: ${show(style)}`);
  const layer = await api.putXml(
    `/layers/${WS}:states`,
    `<layer><defaultStyle><name>threerules</name><workspace>${WS}</workspace></defaultStyle><styles><style><name>polygon</name></style></styles></layer>`,
  );
  if (layer.status !== 200) throw new Error(`layer styles: ${show(layer)}`);
  const group = await api.postXml(
    `/workspaces/${WS}/layergroups`,
    `<layerGroup><name>both</name><title>Both</title><publishables><published type="layer">${WS}:states</published><published type="layer">${WS}:plain</published></publishables><styles><style></style><style></style></styles></layerGroup>`,
  );
  if (group.status !== 201) throw new Error(`group: ${show(group)}`);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await db?.drop();
}, 60_000);

function legend(over: Record<string, string | undefined> = {}, version = '1.3.0') {
  const base: Record<string, string | undefined> = {
    service: 'WMS',
    version,
    request: 'GetLegendGraphic',
    layer: `${WS}:states`,
    format: 'image/png',
    ...over,
  };
  return wmsGet(server, '/wms', Object.fromEntries(Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined)));
}

const rgb = (values: number[]) => values.slice(0, 3);

describe('GetLegendGraphic', () => {
  it('draws one 20×20 icon per rule, top to bottom, each with its title beside it', async () => {
    const res = await legend();
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
    const info = imageInfo(res.bytes);
    expect(info.height).toBe(60);
    expect(info.width).toBeGreaterThan(60);
    const [big, small, capital, gap] = pixels(res.bytes, [
      [10, 10],
      [10, 30],
      [10, 50],
      [1, 41],
    ]);
    expect([rgb(big), rgb(small), rgb(capital), rgb(gap)]).toEqual([RED, BLUE, GREEN, WHITE]);
    // The titles are drawn in black right of the icons.
    const row = pixels(
      res.bytes,
      Array.from({ length: info.width - 24 }, (_, i) => [24 + i, 10] as [number, number]),
    );
    expect(row.some((p) => p[0] < 100 && p[1] < 100 && p[2] < 100)).toBe(true);
  });

  it('RULE gives that icon alone at WIDTH × HEIGHT; SCALE keeps the rules drawn at that scale', async () => {
    const one = await legend({ rule: 'small', width: '30', height: '24' });
    expect([imageInfo(one.bytes).width, imageInfo(one.bytes).height]).toEqual([30, 24]);
    expect(rgb(pixels(one.bytes, [[15, 12]])[0])).toEqual(BLUE);
    const far = await legend({ scale: '50000000' });
    expect(imageInfo(far.bytes).height).toBe(40);
    expect(
      pixels(far.bytes, [
        [10, 10],
        [10, 30],
      ]).map(rgb),
    ).toEqual([RED, GREEN]);
    const near = await legend({ scale: '5000000' });
    expect(imageInfo(near.bytes).height).toBe(60);
  });

  it('STYLE picks another of the layer styles; TRANSPARENT leaves the background clear', async () => {
    const res = await legend({ style: 'polygon', transparent: 'true' });
    const info = imageInfo(res.bytes);
    expect([info.width, info.height, info.bands]).toEqual([20, 20, 4]);
    const [inside, corner] = pixels(res.bytes, [
      [10, 10],
      [0, 0],
    ]);
    expect(inside).toEqual([170, 170, 170, 255]);
    expect(corner[3]).toBe(0);
  });

  it('answers GeoServer JSON legend for FORMAT=application/json', async () => {
    const res = await legend({ format: 'application/json' });
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const doc = res.json<{ Legend: Array<{ layerName: string; title: string; rules: Array<Record<string, unknown>> }> }>();
    expect(doc.Legend).toHaveLength(1);
    expect(doc.Legend[0].layerName).toBe(`${WS}:states`);
    expect(doc.Legend[0].rules.map((r) => [r.name, r.title])).toEqual([
      ['big', 'Big states'],
      ['small', 'Small states'],
      ['capital', 'Capitals'],
    ]);
    expect(doc.Legend[0].rules[0]).toMatchObject({ filter: '[persons > 1000000]', symbolizers: [{ Polygon: { fill: '#FF0000', 'fill-opacity': '1.0' } }] });
    expect(doc.Legend[0].rules[2]).toMatchObject({ symbolizers: [{ Point: { size: '12.0', graphics: [{ mark: 'square', fill: '#008000' }] } }] });
    const ruled = await legend({ format: 'application/json', rule: 'capital' });
    expect(ruled.json<{ Legend: Array<{ rules: Array<{ name: string }> }> }>().Legend[0].rules.map((r) => r.name)).toEqual(['capital']);
  });

  it('gives a layer group each member legend, with the member titles', async () => {
    const json = await legend({ layer: `${WS}:both`, format: 'application/json' });
    const doc = json.json<{ Legend: Array<{ layerName: string; rules: unknown[] }> }>();
    expect(doc.Legend.map((l) => [l.layerName, l.rules.length])).toEqual([
      ['states', 3],
      ['plain', 1],
    ]);
    const png = await legend({ layer: `${WS}:both` });
    const info = imageInfo(png.bytes);
    // Two title rows (17 px each), three rules of the first member and one of the second.
    expect(info.height).toBe(17 + 60 + 17 + 20);
    expect(
      pixels(png.bytes, [
        [10, 17 + 10],
        [10, 17 + 60 + 17 + 10],
      ]).map(rgb),
    ).toEqual([RED, [170, 170, 170]]);
  });

  it('answers GeoServer codes for what it cannot serve', async () => {
    const cases: Array<[Record<string, string | undefined>, string | null, string | null, string]> = [
      [{ layer: undefined }, 'LayerNotDefined', 'layer', 'LAYER parameter not present for GetLegendGraphic'],
      [{ layer: `${WS}:nope` }, 'LayerNotDefined', 'layer', `${WS}:nope layer does not exist.`],
      [{ format: undefined }, 'MissingFormat', 'format', 'Missing FORMAT parameter for GetLegendGraphic'],
      [{ format: 'image/gif' }, 'InvalidFormat', 'format', 'Invalid graphic format: image/gif'],
      [{ rule: 'nope' }, null, 'rule', 'Specified style does not contains a rule named nope'],
      [{ width: '0' }, 'InvalidParameterValue', 'width', "Invalid WIDTH '0': expected a whole number of pixels from 1 to 512"],
      [{ scale: 'x' }, 'InvalidParameterValue', 'scale', "Invalid SCALE 'x': expected a scale denominator above 0"],
    ];
    for (const [over, code, locator, text] of cases) {
      const res = await legend(over);
      expect([res.status, serviceException(res.text)]).toEqual([200, { code, locator, text }]);
    }
    const style = await legend({ style: 'nope' }, '1.1.1');
    expect(serviceException(style.text)).toMatchObject({ code: 'StyleNotDefined', locator: 'style' });
  });

  it('every LegendURL of the capabilities answers a PNG of the size it announces', async () => {
    for (const version of ['1.1.1', '1.3.0']) {
      const caps = await wmsGet(server, `/${WS}/wms`, { service: 'WMS', request: 'GetCapabilities', version });
      const urls = [...caps.text.matchAll(/<LegendURL width="(\d+)" height="(\d+)"><Format>image\/png<\/Format><OnlineResource[^>]*xlink:href="([^"]+)"/g)];
      expect(urls.length).toBeGreaterThanOrEqual(3);
      const sizes = [];
      for (const [, width, height, href] of urls) {
        const res = await request(href.replace(/&amp;/g, '&'), { auth: server.admin });
        expect(res.headers.get('content-type')).toBe('image/png');
        const info = imageInfo(res.bytes);
        sizes.push([info.width, info.height, Number(width), Number(height)]);
      }
      for (const [w, h, aw, ah] of sizes) expect([w, h]).toEqual([aw, ah]);
      expect(sizes.some(([, h]) => h === 60)).toBe(true);
    }
  });
});
