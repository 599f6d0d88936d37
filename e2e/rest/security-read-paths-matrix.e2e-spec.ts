/**
 * The data rules on the map and feature read paths (contract §12), as a matrix: callers (ADMIN, a
 * workspace administrator, a role granted read on one workspace, READER, anonymous) × layers
 * (public, restricted, hidden) × paths (OGC API collection and items, a vector tile and TileJSON,
 * WMS GetMap and GetFeatureInfo) × catalog mode (HIDE, CHALLENGE); the lists (OGC API collections
 * of both APIs, WMS capabilities) show each caller what it reads and nothing else. Then what public
 * means on the wire: CORS `*` and `Cache-Control: public, no-cache` with an ETag for a public
 * layer, private otherwise, an allowed origin echoed, preflights answered, a layer made private
 * refused on revalidation (never a 304), and a service rule (`wms.GetMap`). One api process.
 */
import { createUser, createWorkspace, grantRole } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { request, type Credentials, type HttpResponse } from '../support/http';
import { createSpatialStore, createStatesTable, useSpatialApi } from '../support/postgis';

const ORIGIN = 'https://maps.example.org';
const ctx = useSpatialApi({ env: { ALLOWED_ORIGINS: ORIGIN } });

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
}, 60_000);

type Caller = 'admin' | 'wsAdmin' | 'toppReader' | 'reader' | 'anonymous';
type Place = 'public' | 'restricted' | 'hidden';
const CALLERS: Caller[] = ['admin', 'wsAdmin', 'toppReader', 'reader', 'anonymous'];
const PLACES: Place[] = ['public', 'restricted', 'hidden'];

/** Who reads what: `pub.*.r=*`, `res.*.r=ROLE_TOPP`, `res.*.a=EDITOR`, `hid.*.r=NOBODY`, the root's `*.*.r=AUTHENTICATED`. */
const READS: Record<Caller, Record<Place, boolean>> = {
  admin: { public: true, restricted: true, hidden: true },
  wsAdmin: { public: true, restricted: true, hidden: false },
  toppReader: { public: true, restricted: true, hidden: false },
  reader: { public: true, restricted: false, hidden: false },
  anonymous: { public: true, restricted: false, hidden: false },
};

interface World {
  ws: Record<Place, string>;
  auth: Record<Caller, Credentials | null>;
  topp: string;
}

async function world(): Promise<World> {
  const { api, db } = ctx;
  const suffix = uniqueName('r').replace(/-/g, '_');
  const ws = { public: `pub_${suffix}`, restricted: `res_${suffix}`, hidden: `hid_${suffix}` };
  for (const place of PLACES) {
    await createWorkspace(api, ws[place]);
    await createSpatialStore(api, db, ws[place], 'gis');
    await createFeatureType(api, ws[place], 'gis', seedFeatureTypeXml('states', 'states', 'US States', 'EPSG:4326'));
  }
  const editor = `EDITOR_${suffix}`.toUpperCase();
  const topp = `ROLE_TOPP_${suffix}`.toUpperCase();
  for (const role of [editor, topp]) expect(await api.post(`/security/roles/role/${role}`)).toHaveStatus(201);
  const rules = { [`${ws.public}.*.r`]: '*', [`${ws.restricted}.*.r`]: topp, [`${ws.restricted}.*.a`]: editor, [`${ws.hidden}.*.r`]: 'NOBODY' };
  expect(await api.postJson('/security/acl/layers', rules)).toHaveStatus(200);
  const user = async (role: string): Promise<Credentials> => {
    const creds = { user: uniqueName('rp'), password: 'pw-Matrix-1' };
    await createUser(api, creds.user, creds.password);
    await grantRole(api, role, creds.user);
    return creds;
  };
  const auth = { admin: ctx.server.admin, wsAdmin: await user(editor), toppReader: await user(topp), reader: await user('READER'), anonymous: null };
  return { ws, auth, topp };
}

const features = (path: string) => `${ctx.server.baseUrl}/ogc/features/v1${path}`;
const tiles = (path: string) => `${ctx.server.baseUrl}/ogc/tiles/v1${path}`;
const wms = (params: Record<string, string>) => `${ctx.server.baseUrl}/wms?${new URLSearchParams({ service: 'WMS', version: '1.1.1', ...params })}`;
const getMap = (layers: string) =>
  wms({ request: 'GetMap', layers, styles: '', srs: 'EPSG:4326', bbox: '-125,24,-66,50', width: '64', height: '32', format: 'image/png' });
const featureInfo = (layer: string) =>
  wms({
    request: 'GetFeatureInfo',
    layers: layer,
    query_layers: layer,
    styles: '',
    srs: 'EPSG:4326',
    bbox: '-125,24,-66,50',
    width: '64',
    height: '32',
    x: '21',
    y: '13',
    info_format: 'application/json',
  });

/** What a WMS answer is, for a cell: its status, and `LayerNotDefined` for the service exception that hides a layer. */
function wmsCell(res: HttpResponse): string {
  if (res.status === 200 && /ServiceException/.test(res.text))
    return /LayerNotDefined/.test(res.text) ? 'LayerNotDefined' : `exception ${res.text.slice(0, 200)}`;
  return String(res.status);
}

describe.each(['HIDE', 'CHALLENGE'] as const)('the data rules on the read paths, catalog mode %s', (mode) => {
  it('answers each caller × layer × path as the rules say, and lists only what the caller reads', async () => {
    expect(await ctx.api.putJson('/security/acl/catalog', { mode })).toHaveStatus(200);
    const { ws, auth } = await world();
    const firstId = async (place: Place) =>
      (await request(features(`/collections/${ws[place]}:states/items?limit=1`), { auth: ctx.server.admin })).json().features[0].id;
    const featureIds = { public: await firstId('public'), restricted: await firstId('restricted'), hidden: await firstId('hidden') };
    const cells: Array<[string, string | number, string | number]> = [];
    const cell = (name: string, expected: string | number, actual: string | number) => cells.push([name, expected, actual]);
    /** A refused read: hidden (404, LayerNotDefined) or challenged (401 anonymous, 403 signed in). */
    const refused = (caller: Caller) => (mode === 'HIDE' ? 404 : caller === 'anonymous' ? 401 : 403);
    const refusedWms = (caller: Caller) => (mode === 'HIDE' ? 'LayerNotDefined' : String(refused(caller)));

    for (const caller of CALLERS) {
      const as = { auth: auth[caller] };
      for (const place of PLACES) {
        const id = `${ws[place]}:states`;
        const reads = READS[caller][place];
        const ok = (status: number) => (reads ? status : refused(caller));
        cell(`${caller} features collection ${place}`, ok(200), (await request(features(`/collections/${id}`), as)).status);
        cell(`${caller} features items ${place}`, ok(200), (await request(features(`/collections/${id}/items?limit=2`), as)).status);
        cell(`${caller} features item ${place}`, ok(200), (await request(features(`/collections/${id}/items/${featureIds[place]}`), as)).status);
        cell(`${caller} queryables ${place}`, ok(200), (await request(features(`/collections/${id}/queryables`), as)).status);
        cell(`${caller} tile ${place}`, ok(200), (await request(tiles(`/collections/${id}/tiles/WebMercatorQuad/0/0/0`), as)).status);
        cell(`${caller} tilejson ${place}`, ok(200), (await request(tiles(`/collections/${id}/tiles/WebMercatorQuad?f=tilejson`), as)).status);
        cell(`${caller} tilesets ${place}`, ok(200), (await request(tiles(`/collections/${id}/tiles`), as)).status);
        const map = await request(getMap(id), as);
        cell(`${caller} GetMap ${place}`, reads ? '200' : refusedWms(caller), wmsCell(map));
        if (reads) cell(`${caller} GetMap ${place} is a PNG`, 'image/png', map.contentType);
        const info = await request(featureInfo(id), as);
        cell(`${caller} GetFeatureInfo ${place}`, reads ? '200' : refusedWms(caller), wmsCell(info));
        const legend = await request(wms({ request: 'GetLegendGraphic', layer: id, format: 'image/png' }), as);
        cell(`${caller} GetLegendGraphic ${place}`, reads ? '200' : refusedWms(caller), wmsCell(legend));
      }
      // The lists: every caller gets them (anonymous too), with what it reads and nothing else.
      const lists = {
        features: await request(features('/collections'), as),
        tiles: await request(tiles('/collections'), as),
        wms111: await request(wms({ request: 'GetCapabilities' }), as),
        wms130: await request(wms({ request: 'GetCapabilities', version: '1.3.0' }), as),
      };
      for (const [list, res] of Object.entries(lists)) {
        cell(`${caller} ${list} list`, 200, res.status);
        for (const place of PLACES) {
          const shown = list.startsWith('wms') ? res.text.includes(`<Name>${ws[place]}:states</Name>`) : res.text.includes(`"${ws[place]}:states"`);
          cell(`${caller} ${list} list shows ${place}`, READS[caller][place] ? 1 : 0, shown ? 1 : 0);
        }
      }
      cell(`${caller} features landing`, 200, (await request(features('/'), as)).status);
      cell(`${caller} tiles landing`, 200, (await request(tiles('/'), as)).status);
    }
    const wrong = cells.filter(([, expected, actual]) => expected !== actual);
    expect(wrong).toEqual([]);
    expect(cells.length).toBeGreaterThan(200);
  }, 120_000);
});

describe('public answers on the read paths', () => {
  it('opens public layers across origins and to caches, keeps private ones private', async () => {
    expect(await ctx.api.putJson('/security/acl/catalog', { mode: 'HIDE' })).toHaveStatus(200);
    const { ws, auth, topp } = await world();
    const pub = `${ws.public}:states`;
    const res = `${ws.restricted}:states`;
    const other = { Origin: 'https://elsewhere.example.com' };

    // A public layer, asked anonymously from another origin: CORS *, cacheable by anyone, tagged.
    for (const url of [features(`/collections/${pub}/items?limit=2`), tiles(`/collections/${pub}/tiles/WebMercatorQuad/0/0/0`), getMap(pub)]) {
      const answer = await request(url, { auth: null, headers: other });
      expect([answer.status, answer.headers.get('access-control-allow-origin'), answer.headers.get('cache-control')]).toEqual([200, '*', 'public, no-cache']);
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      expect(answer.headers.get('etag')).toMatch(/^(W\/)?"/);
    }
    // A public layer's answer is the same for a signed-in caller: public too.
    const readerItems = await request(features(`/collections/${pub}/items?limit=2`), { auth: auth.reader, headers: other });
    expect([readerItems.headers.get('access-control-allow-origin'), readerItems.headers.get('cache-control')]).toEqual(['*', 'public, no-cache']);
    // A restricted layer: private, and no CORS for a foreign origin (a page there cannot read it).
    for (const url of [features(`/collections/${res}/items?limit=2`), tiles(`/collections/${res}/tiles/WebMercatorQuad/0/0/0`), getMap(res)]) {
      const answer = await request(url, { auth: auth.toppReader, headers: other });
      expect([answer.status, answer.headers.get('access-control-allow-origin'), answer.headers.get('cache-control')]).toEqual([200, null, 'private, no-cache']);
    }
    // Lists are public only as anonymous callers get them.
    const caps = await request(wms({ request: 'GetCapabilities' }), { auth: auth.toppReader, headers: other });
    expect([caps.headers.get('access-control-allow-origin'), caps.headers.get('cache-control')]).toEqual([null, 'private, no-cache']);
    const anonCaps = await request(wms({ request: 'GetCapabilities' }), { auth: null, headers: other });
    expect([anonCaps.headers.get('access-control-allow-origin'), anonCaps.headers.get('cache-control')]).toEqual(['*', 'public, no-cache']);
    // An origin of ALLOWED_ORIGINS is echoed, with Vary: Origin, on a private answer too.
    const allowed = await request(features(`/collections/${res}/items?limit=2`), { auth: auth.toppReader, headers: { Origin: ORIGIN } });
    expect([allowed.headers.get('access-control-allow-origin'), allowed.headers.get('vary')]).toEqual([ORIGIN, 'Origin']);
    // Preflights are answered; credentials are never allowed cross-origin.
    const preflight = await request(tiles(`/collections/${pub}/tiles/WebMercatorQuad/0/0/0`), {
      method: 'OPTIONS',
      auth: null,
      headers: { ...other, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin'), preflight.headers.get('access-control-allow-credentials')]).toEqual([
      204,
      '*',
      null,
    ]);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
    // /rest stays closed to anonymous callers, whatever the rules open.
    expect(await request(`${ctx.server.restUrl}/workspaces/${ws.public}/layers.json`, { auth: null })).toHaveStatus(401);

    // Revalidation: 304 while public; once the layer is made private, refused (not a 304 from the old tag).
    const itemsUrl = features(`/collections/${pub}/items?limit=2`);
    const first = await request(itemsUrl, { auth: null });
    const etag = first.headers.get('etag')!;
    expect(await request(itemsUrl, { auth: null, headers: { 'If-None-Match': etag } })).toHaveStatus(304);
    expect(await ctx.api.putJson('/security/acl/layers', { [`${ws.public}.*.r`]: 'AUTHENTICATED' })).toHaveStatus(200);
    expect(await request(itemsUrl, { auth: null, headers: { 'If-None-Match': etag } })).toHaveStatus(404);
    const nowPrivate = await request(itemsUrl, { auth: auth.reader });
    expect([nowPrivate.status, nowPrivate.headers.get('cache-control')]).toEqual([200, 'private, no-cache']);
    expect(await ctx.api.putJson('/security/acl/layers', { [`${ws.public}.*.r`]: '*' })).toHaveStatus(200);

    // A service rule: GetMap for ROLE_TOPP only — a challenge for the others (401 anonymous, 403 signed in).
    expect(await ctx.api.postJson('/security/acl/services', { 'wms.GetMap': topp })).toHaveStatus(200);
    try {
      const statuses = await Promise.all(
        (['admin', 'toppReader', 'reader', 'anonymous'] as const).map(async (c) => (await request(getMap(pub), { auth: auth[c] })).status),
      );
      expect(statuses).toEqual([200, 200, 403, 401]);
      // Other operations stay open.
      expect(await request(wms({ request: 'GetCapabilities' }), { auth: null })).toHaveStatus(200);
    } finally {
      expect(await ctx.api.delete('/security/acl/services/wms.GetMap')).toHaveStatus(200);
    }
  }, 120_000);
});

describe('layer groups on the read paths', () => {
  it('reads a group by its own rule, draws only the members the caller reads, and serves an opaque container’s members only through it', async () => {
    expect(await ctx.api.putJson('/security/acl/catalog', { mode: 'HIDE' })).toHaveStatus(200);
    const { ws, auth } = await world();
    const suffix = ws.public.slice(4);
    const group = async (name: string, mode: string, members: string[]) => {
      const published = members.map((m) => `<published type="layer">${m}</published>`).join('');
      const body = `<layerGroup><name>${name}</name><mode>${mode}</mode><publishables>${published}</publishables><styles>${members.map(() => '<style/>').join('')}</styles></layerGroup>`;
      expect(await ctx.api.postXml('/layergroups', body)).toHaveStatus(201);
    };
    const mixed = `mixed_${suffix}`;
    const sealed = `sealed_${suffix}`;
    await group(mixed, 'SINGLE', [`${ws.public}:states`, `${ws.hidden}:states`]);
    await group(sealed, 'OPAQUE_CONTAINER', [`${ws.restricted}:states`]);
    expect(await ctx.api.postJson('/security/acl/layers', { [`${mixed}.r`]: '*' })).toHaveStatus(200);

    // The group's rule opens it; its hidden member is left out of what it draws and answers.
    const count = async (caller: Caller) => {
      const res = await request(featureInfo(mixed), { auth: auth[caller] });
      expect(res).toHaveStatus(200);
      return res.json().features.length;
    };
    expect([await count('anonymous'), await count('reader'), await count('admin')]).toEqual([1, 1, 2]);
    expect(wmsCell(await request(getMap(mixed), { auth: null }))).toBe('200');
    // The opaque container: drawn by its name (for those its rule lets read it), its member never by itself.
    expect(wmsCell(await request(getMap(sealed), { auth: auth.toppReader }))).toBe('200');
    expect(wmsCell(await request(getMap(sealed), { auth: null }))).toBe('LayerNotDefined');
    expect(wmsCell(await request(getMap(`${ws.restricted}:states`), { auth: ctx.server.admin }))).toBe('LayerNotDefined');
    // Capabilities list the groups each caller reads.
    const anonymous = await request(wms({ request: 'GetCapabilities' }), { auth: null });
    expect([anonymous.text.includes(`<Name>${mixed}</Name>`), anonymous.text.includes(`<Name>${sealed}</Name>`)]).toEqual([true, false]);
    const topp = await request(wms({ request: 'GetCapabilities' }), { auth: auth.toppReader });
    expect([topp.text.includes(`<Name>${mixed}</Name>`), topp.text.includes(`<Name>${sealed}</Name>`)]).toEqual([true, true]);
  }, 120_000);
});

describe("a workspace's virtual WMS for a caller who reads nothing in it", () => {
  it('answers as for a workspace that does not exist (HIDE), and still serves a layer a rule opens in it', async () => {
    expect(await ctx.api.putJson('/security/acl/catalog', { mode: 'HIDE' })).toHaveStatus(200);
    const { ws, auth } = await world();
    const caps = (workspace: string, who: Credentials | null) =>
      request(`${ctx.server.baseUrl}/${workspace}/wms?service=WMS&version=1.3.0&request=GetCapabilities`, { auth: who });
    const absent = `absent_${ws.hidden}`;
    for (const caller of ['anonymous', 'reader', 'toppReader'] as const) {
      const [hidden, missing] = [await caps(ws.hidden, auth[caller]), await caps(absent, auth[caller])];
      expect([hidden.status, hidden.text.replace(ws.hidden, 'WS')]).toEqual([missing.status, missing.text.replace(absent, 'WS')]);
      expect(hidden).toHaveStatus(404);
    }
    expect(await caps(ws.hidden, ctx.server.admin)).toHaveStatus(200);
    // A rule on one layer opens it, and so the virtual service, to whom it names.
    expect(await ctx.api.postJson('/security/acl/layers', { [`${ws.hidden}.states.r`]: '*' })).toHaveStatus(200);
    const opened = await caps(ws.hidden, null);
    expect(opened).toHaveStatus(200);
    expect(opened.text).toContain('<Name>states</Name>');
  });
});
