/**
 * OGC API - Tiles discovery at /ogc/tiles/v1 (contract §9): landing page, conformance,
 * collections, tileset list and metadata, TileJSON, tile matrix sets, and the tile the tileset's
 * template names (the same bytes as the tile URL clients already use). Exact statuses and bodies.
 */
import { createWorkspace, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { Credentials, request } from '../support/http';
import { createStatesTable, useSpatialApi } from '../support/postgis';
import { publish } from '../features/support';
import { MVT, tileUrl } from './support';

const ctx = useSpatialApi();
const TILESETS_VECTOR = 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector';
const TILING_SCHEME = 'http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme';
const EPSG_3857 = 'http://www.opengis.net/def/crs/EPSG/0/3857';

type Link = { href: string; rel: string; type: string; templated?: boolean };

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
}, 60_000);

const root = () => `${ctx.server.baseUrl}/ogc/tiles/v1`;

async function get(path: string, auth: Credentials | null = ctx.server.admin) {
  return request(path.startsWith('http') ? path : root() + path, { auth });
}

async function doc(path: string, auth?: Credentials | null): Promise<any> {
  const res = await get(path, auth);
  expect(res).toHaveStatus(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.json();
}

const linkOf = (d: { links: Link[] }, rel: string) => d.links.find((l) => l.rel === rel);

it('leads from the landing page to every resource, each link typed', async () => {
  const landing = await doc('');
  expect(landing.links.map((l: Link) => [l.rel, l.href, l.type])).toEqual([
    ['self', root(), 'application/json'],
    ['service-desc', `${root()}/api`, 'application/vnd.oai.openapi+json;version=3.0'],
    ['conformance', `${root()}/conformance`, 'application/json'],
    ['data', `${root()}/collections`, 'application/json'],
    ['http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes', `${root()}/tileMatrixSets`, 'application/json'],
  ]);
  const conformance = await doc('/conformance');
  for (const c of ['core', 'tileset', 'tilesets-list', 'geodata-tilesets', 'mvt', 'oas30']) {
    expect(conformance.conformsTo).toContain(`http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/${c}`);
  }
  expect(conformance.conformsTo).toContain('http://www.opengis.net/spec/tms/2.0/conf/json-tilematrixset');
  expect(conformance.conformsTo).not.toContain('http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/dataset-tilesets');
});

it('lists the same collections as the feature API, each with one EPSG:3857 box and its vector tilesets', async () => {
  const ws = uniqueName('tilesdisc');
  await createWorkspace(ctx.api, ws);
  const states = await publish(ctx.api, ctx.db, ws, 'states');
  const list = await doc('/collections');
  const features = await doc(`${ctx.server.baseUrl}/ogc/features/v1/collections`);
  expect(list.collections.map((c: { id: string }) => c.id)).toEqual(features.collections.map((c: { id: string }) => c.id));
  const one = list.collections.find((c: { id: string }) => c.id === states);
  expect(await doc(`/collections/${states}`)).toEqual(one);
  expect(one.extent.spatial.crs).toBe(EPSG_3857);
  expect(one.extent.spatial.bbox).toHaveLength(1);
  // gdaltransform -s_srs EPSG:4326 -t_srs EPSG:3857 of (-111.05, 37) and (-74.00153046439813, 45.5)
  expect(one.extent.spatial.bbox[0].map((v: number) => Math.round(v))).toEqual([-12362029, 4439107, -8237813, 5700583]);
  expect(linkOf(one, TILESETS_VECTOR)).toEqual({
    href: `${root()}/collections/${states}/tiles`,
    rel: TILESETS_VECTOR,
    type: 'application/json',
    title: expect.any(String),
  });
  expect(await get(`/collections/${ws}:nothing`)).toBeTextError(404);
  expect(await get(`/collections/${ws}:nothing/tiles`)).toBeTextError(404);
});

it('describes the tileset, whose template names the tile clients already use, byte for byte', async () => {
  const ws = uniqueName('tilesdisc');
  await createWorkspace(ctx.api, ws);
  const states = await publish(ctx.api, ctx.db, ws, 'states');
  const list = await doc(`/collections/${states}/tiles`);
  expect(list.tilesets).toHaveLength(1);
  expect(list.tilesets[0]).toMatchObject({
    dataType: 'vector',
    crs: EPSG_3857,
    tileMatrixSetURI: 'http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad',
  });
  const tileset = await doc(linkOf(list.tilesets[0], 'self')!.href);
  expect(linkOf(tileset, TILING_SCHEME)!.href).toBe(`${root()}/tileMatrixSets/WebMercatorQuad`);
  const item = linkOf(tileset, 'item')!;
  expect(item).toMatchObject({ type: MVT, templated: true, href: `${root()}/collections/${states}/tiles/WebMercatorQuad/{tileMatrix}/{tileRow}/{tileCol}` });
  expect(tileset.boundingBox).toEqual({
    lowerLeft: [-111.05, 37],
    upperRight: [-74.00153046439813, 45.5],
    crs: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
  });
  expect(tileset.tileMatrixSetLimits).toHaveLength(25);
  expect(tileset.tileMatrixSetLimits[3]).toEqual({ tileMatrix: '3', minTileRow: 2, maxTileRow: 3, minTileCol: 1, maxTileCol: 2 });
  expect(tileset.layers).toEqual([expect.objectContaining({ id: 'states', minTileMatrix: '0', maxTileMatrix: '24' })]);

  const fromTemplate = await get(item.href.replace('{tileMatrix}', '3').replace('{tileRow}', '2').replace('{tileCol}', '1'));
  const known = await get(tileUrl(ctx.server, states, 3, 2, 1));
  expect(fromTemplate).toHaveStatus(200);
  expect(fromTemplate.headers.get('content-type')).toBe(MVT);
  expect(fromTemplate.bytes.length).toBeGreaterThan(0);
  expect(fromTemplate.bytes.equals(known.bytes)).toBe(true);
  // Outside the matrix: 404 (OGC API - Tiles /req/core/tc-error); in it but empty: 204.
  expect(await get(item.href.replace('{tileMatrix}', '3').replace('{tileRow}', '8').replace('{tileCol}', '0'))).toBeTextError(404);
  expect(await get(item.href.replace('{tileMatrix}', '3').replace('{tileRow}', '7').replace('{tileCol}', '7'))).toHaveStatus(204);
});

it('writes TileJSON 3.0.0 with the {z}/{y}/{x} template, zooms, bounds and the fields the tiles carry', async () => {
  const ws = uniqueName('tilesdisc');
  await createWorkspace(ctx.api, ws);
  const states = await publish(ctx.api, ctx.db, ws, 'states');
  const tileset = await doc(`/collections/${states}/tiles/WebMercatorQuad`);
  const alternate = linkOf(tileset, 'alternate')!;
  expect(alternate.type).toBe('application/vnd.mapbox.tile+json');
  const res = await get(alternate.href);
  expect(res).toHaveStatus(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.mapbox.tile+json');
  expect(res.json()).toEqual({
    tilejson: '3.0.0',
    name: 'states',
    scheme: 'xyz',
    tiles: [`${root()}/collections/${states}/tiles/WebMercatorQuad/{z}/{y}/{x}`],
    minzoom: 0,
    maxzoom: 24,
    bounds: [-111.05, 37, -74.00153046439813, 45.5],
    vector_layers: [{ id: 'states', minzoom: 0, maxzoom: 24, fields: { state_name: 'String', state_abbr: 'String', persons: 'Number' } }],
  });
});

it('serves WebMercatorQuad as a TMS 2.0 document', async () => {
  const list = await doc('/tileMatrixSets');
  expect(list.tileMatrixSets).toEqual([
    expect.objectContaining({ id: 'WebMercatorQuad', uri: 'http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad', crs: EPSG_3857 }),
  ]);
  const tms = await doc(linkOf(list.tileMatrixSets[0], 'self')!.href);
  expect(tms).toMatchObject({ id: 'WebMercatorQuad', crs: EPSG_3857, orderedAxes: ['E', 'N'] });
  expect(tms.tileMatrices).toHaveLength(25);
  expect(tms.tileMatrices[0]).toMatchObject({ id: '0', tileWidth: 256, tileHeight: 256, matrixWidth: 1, matrixHeight: 1, cornerOfOrigin: 'topLeft' });
  expect(tms.tileMatrices[0].scaleDenominator).toBeCloseTo(559082264.0287178, 4);
  expect(tms.tileMatrices[0].pointOfOrigin).toEqual([-20037508.342789244, 20037508.342789244]);
  expect(await get('/tileMatrixSets/WorldCRS84Quad')).toBeTextError(404);
  expect(await get('/collections/x:y/tiles/WorldCRS84Quad')).toBeTextError(404);
});

it('starts every link with proxyBaseUrl when it is set', async () => {
  const ws = uniqueName('tilesdisc');
  await createWorkspace(ctx.api, ws);
  const states = await publish(ctx.api, ctx.db, ws, 'states');
  expect(await ctx.api.putJson('/settings', { global: { settings: { proxyBaseUrl: 'https://maps.example.org/geoserver' } } })).toHaveStatus(200);
  try {
    const proxied = 'https://maps.example.org/geoserver/ogc/tiles/v1';
    const texts = await Promise.all(
      ['', '/collections', `/collections/${states}`, `/collections/${states}/tiles`, `/collections/${states}/tiles/WebMercatorQuad`, '/tileMatrixSets'].map(
        async (p) => (await get(p)).text,
      ),
    );
    texts.push((await get(`/collections/${states}/tiles/WebMercatorQuad?f=tilejson`)).text);
    for (const text of texts) {
      const hrefs = [...text.matchAll(/"(?:href|tiles)":\[?"([^"]+)"/g)].map((m) => m[1]);
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href.startsWith(proxied)).toBe(true);
    }
  } finally {
    expect(await ctx.api.putJson('/settings', { global: { settings: { proxyBaseUrl: '' } } })).toHaveStatus(200);
  }
});

it('answers bad parameters with 400, other methods with 405, and needs credentials as the tiles do', async () => {
  const ws = uniqueName('tilesdisc');
  await createWorkspace(ctx.api, ws);
  const states = await publish(ctx.api, ctx.db, ws, 'states');
  expect(await get('/collections?limit=1')).toBeTextError(400);
  expect(await get(`/collections/${states}/tiles/WebMercatorQuad?f=html`)).toBeTextError(400);
  expect(await get('/conformance?f=json&f=json')).toBeTextError(400);
  const post = await request(`${root()}/collections/${states}/tiles`, { auth: ctx.server.admin, method: 'POST' });
  expect(post).toBeTextError(405);
  expect(post.headers.get('allow')).toBe('GET, HEAD');
  expect(await get('/tileMatrixSets/WebMercatorQuad/extra')).toBeTextError(404);
  // Anonymous callers get the landing page, and nothing a fresh catalog keeps for signed-in users (contract §12).
  expect(await get('', null)).toHaveStatus(200);
  expect(await get(`/collections/${states}/tiles/WebMercatorQuad`, null)).toBeTextError(404);
  expect(await get('', { user: 'admin', password: 'wrong' })).toBeTextError(401);
  const reader = await userWithRole(ctx.api, 'READER', 'tilesdisc');
  expect(await get(`/collections/${states}/tiles/WebMercatorQuad?f=tilejson`, reader)).toHaveStatus(200);
});
