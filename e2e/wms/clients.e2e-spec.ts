/**
 * GetCapabilities' layer tree (contract §10) and OWSLib as a real WMS client. Layer groups are
 * listed as GeoServer lists them: a NAMED group with its members nested under it (and no longer at
 * the root), a CONTAINER group as a title without a name over its members, a SINGLE group as one
 * named layer whose members stay at the root, an OPAQUE_CONTAINER as one named layer whose members
 * are not listed; both documents still valid (xmllint against the XSD and the DTD). OWSLib
 * (Debian's python3-owslib, unmodified) reads both versions' capabilities, asks for a map and for
 * feature info (`owslib-client.py`).
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { ApiServer } from '../support/api-server';
import { RestClient, show } from '../support/http';
import { SpatialDb } from '../support/postgis';
import { layerNames, wmsGet, xmllint } from './support';
import { startStatesApi } from './states-api';

const WS = 'wmstree';
const XSD_130 = 'wms/1.3.0/capabilities_1_3_0.xsd';
const DTD_111 = 'wms/1.1.1/WMS_MS_Capabilities.dtd';
const PYTHON = '/usr/bin/python3';

let server: ApiServer;
let api: RestClient;
let db: SpatialDb;

async function group(name: string, mode: string, members: Array<[string, string]>): Promise<void> {
  const published = members.map(([type, member]) => `<published type="${type}">${WS}:${member}</published>`).join('');
  const res = await api.postXml(
    `/workspaces/${WS}/layergroups`,
    `<layerGroup><name>${name}</name><mode>${mode}</mode><title>${name} title</title><publishables>${published}</publishables>` +
      `<styles>${members.map(() => '<style/>').join('')}</styles></layerGroup>`,
  );
  if (res.status !== 201) throw new Error(`group ${name}: ${show(res)}`);
}

beforeAll(async () => {
  ({ server, api, db } = await startStatesApi([WS], ['states', 'roads', 'lakes', 'hidden']));
  await group('flat', 'SINGLE', [['layer', 'roads']]);
  await group('tree', 'NAMED', [
    ['layer', 'states'],
    ['layerGroup', 'flat'],
  ]);
  await group('folder', 'CONTAINER', [['layer', 'lakes']]);
  await group('sealed', 'OPAQUE_CONTAINER', [['layer', 'hidden']]);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await db?.drop();
}, 60_000);

const capabilities = (version: string) => wmsGet(server, `/${WS}/wms`, { service: 'WMS', request: 'GetCapabilities', version });

/** The layer tree of a capabilities document: each Layer's Name (or `(Title)`) and its children. */
function tree(xml: string): unknown[] {
  type Node = { label: string; children: Node[] };
  const root: Node = { label: '', children: [] };
  const stack: Node[] = [root];
  for (const m of xml.matchAll(/<Layer\b[^>]*>(?:<Name>([^<]*)<\/Name>)?(?:<Title>([^<]*)<\/Title>)?|<\/Layer>/g)) {
    if (m[0] === '</Layer>') {
      stack.pop();
      continue;
    }
    const node: Node = { label: m[1] ?? `(${m[2]})`, children: [] };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  }
  const plain = (n: Node): unknown => (n.children.length ? { [n.label]: n.children.map(plain) } : n.label);
  // The root Layer (the service's title) holds the rest.
  return (root.children[0]?.children ?? []).map(plain);
}

describe('GetCapabilities layer tree', () => {
  it('nests NAMED and CONTAINER groups members, lists SINGLE and OPAQUE groups flat, valid in both versions', async () => {
    const expected = ['roads', { '(folder title)': ['lakes'] }, 'sealed', { tree: ['states', 'flat'] }];
    const v130 = await capabilities('1.3.0');
    expect(xmllint(v130.text, { xsd: XSD_130 })).toBe('');
    expect(tree(v130.text)).toEqual(expected);
    const v111 = await capabilities('1.1.1');
    expect(xmllint(v111.text, { dtd: DTD_111 })).toBe('');
    expect(tree(v111.text)).toEqual(expected);
    // The hidden layer of the opaque container is listed nowhere; the container has no name.
    expect(layerNames(v130.text)).not.toContain('hidden');
    expect(v130.text).toMatch(/<Layer queryable="1" opaque="0"><Title>folder title<\/Title>/);
    expect(v130.text).toMatch(/<Layer queryable="1" opaque="1"><Name>sealed<\/Name>/);
  });
});

describe('OWSLib', () => {
  async function owslib(version: string, crs: string): Promise<Record<string, any>> {
    const { stdout } = await promisify(execFile)(
      PYTHON,
      [
        resolve(__dirname, 'owslib-client.py'),
        `${server.baseUrl}/${WS}/wms`,
        server.admin.user,
        server.admin.password,
        version,
        'roads',
        crs,
        '-112,36,-100,46',
        '138',
        '179',
      ],
      { timeout: 60_000 },
    );
    return JSON.parse(stdout);
  }

  for (const [version, crs] of [
    ['1.1.1', 'EPSG:4326'],
    ['1.3.0', 'CRS:84'],
  ]) {
    it(`WebMapService ${version}: capabilities, getmap and getfeatureinfo`, async () => {
      const out = await owslib(version, crs);
      expect(out.version).toBe(version);
      expect(out.operations).toEqual(expect.arrayContaining(['GetCapabilities', 'GetMap', 'GetFeatureInfo']));
      expect(Object.keys(out.layers)).toEqual(expect.arrayContaining(['flat', 'lakes', 'roads', 'sealed', 'states', 'tree']));
      expect(Object.keys(out.layers)).not.toContain('hidden');
      expect(out.layers.tree.children).toEqual(['states', 'flat']);
      expect(out.layers.roads).toMatchObject({ queryable: 1, children: [] });
      expect(out.layers.roads.crs).toEqual(expect.arrayContaining(['EPSG:4326', 'EPSG:3857']));
      expect(out.layers.roads.bbox84.slice(0, 4).map((v: number) => Math.round(v * 100) / 100)).toEqual([-111.05, 37, -74, 45.5]);
      expect(Object.keys(out.layers.roads.styles)).toEqual(['polygon']);
      expect(out.layers.roads.styles.polygon.legend).toContain('request=GetLegendGraphic');
      expect(out.getmap).toEqual({ png: true, width: 256, height: 256, type: 'image/png' });
      expect(out.featureinfo.features.map((f: { properties: { state_name: string } }) => f.properties.state_name)).toEqual(['Colorado']);
    });
  }
});
