/**
 * The data rules on the REST API (contract §12), as a matrix: callers (ADMIN, a workspace
 * administrator, a role granted read on one workspace, READER, anonymous) × layers (public,
 * restricted, hidden) × operations (record GET, list, POST, PUT, DELETE, history) × catalog mode
 * (HIDE, CHALLENGE). Each cell's status is asserted, and no list shows what its caller may not read.
 */
import { createStyle, createUser, createWorkspace, grantRole } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import type { Credentials, RestClient } from '../support/http';
import { createSpatialStore, createStatesTable, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
}, 60_000);

type Caller = 'admin' | 'wsAdmin' | 'toppReader' | 'reader' | 'anonymous';
type Place = 'public' | 'restricted' | 'hidden';
const CALLERS: Caller[] = ['admin', 'wsAdmin', 'toppReader', 'reader', 'anonymous'];
const PLACES: Place[] = ['public', 'restricted', 'hidden'];

/**
 * Who reads what, by the rules the test makes: `restricted.*.r=ROLE_TOPP`, `restricted.*.a=EDITOR`,
 * `hidden.*.r=NOBODY`, and the fresh catalog's root rules (every signed-in user reads).
 */
const READS: Record<Caller, Record<Place, boolean>> = {
  admin: { public: true, restricted: true, hidden: true },
  wsAdmin: { public: true, restricted: true, hidden: false },
  toppReader: { public: true, restricted: true, hidden: false },
  reader: { public: true, restricted: false, hidden: false },
  anonymous: { public: false, restricted: false, hidden: false },
};
/** Who writes the catalog where: ADMIN everywhere, the workspace administrator in its workspace. */
const WRITES: Record<Caller, Record<Place, boolean>> = {
  admin: { public: true, restricted: true, hidden: true },
  wsAdmin: { public: false, restricted: true, hidden: false },
  toppReader: { public: false, restricted: false, hidden: false },
  reader: { public: false, restricted: false, hidden: false },
  anonymous: { public: false, restricted: false, hidden: false },
};

interface World {
  ws: Record<Place, string>;
  clients: Record<Caller, RestClient>;
}

async function world(): Promise<World> {
  const { api, db } = ctx;
  const suffix = uniqueName('m').replace(/-/g, '_');
  const ws = { public: `pub_${suffix}`, restricted: `res_${suffix}`, hidden: `hid_${suffix}` };
  for (const place of PLACES) {
    await createWorkspace(api, ws[place]);
    await createSpatialStore(api, db, ws[place], 'gis');
    await createFeatureType(api, ws[place], 'gis', seedFeatureTypeXml('states', 'states', 'US States'));
  }
  const editor = `EDITOR_${suffix}`.toUpperCase();
  const topp = `ROLE_TOPP_${suffix}`.toUpperCase();
  for (const role of [editor, topp]) expect(await api.post(`/security/roles/role/${role}`)).toHaveStatus(201);
  expect(
    await api.postJson('/security/acl/layers', {
      [`${ws.restricted}.*.r`]: topp,
      [`${ws.restricted}.*.a`]: editor,
      [`${ws.hidden}.*.r`]: 'NOBODY',
    }),
  ).toHaveStatus(200);
  const user = async (role: string): Promise<Credentials> => {
    const creds = { user: uniqueName('mx'), password: 'pw-Matrix-1' };
    await createUser(api, creds.user, creds.password);
    await grantRole(api, role, creds.user);
    return creds;
  };
  const clients: Record<Caller, RestClient> = {
    admin: api,
    wsAdmin: api.as(await user(editor)),
    toppReader: api.as(await user(topp)),
    reader: api.as(await user('READER')),
    anonymous: api.as(null),
  };
  return { ws, clients };
}

/** The status a refused read answers in a catalog mode. */
function refused(mode: 'HIDE' | 'CHALLENGE', caller: Caller): number {
  if (caller === 'anonymous') return 401;
  return mode === 'HIDE' ? 404 : 403;
}

describe.each(['HIDE', 'CHALLENGE'] as const)('the data rules on REST, catalog mode %s', (mode) => {
  it('answers each caller × layer × operation as the rules say', async () => {
    const { api } = ctx;
    expect(await api.putJson('/security/acl/catalog', { mode })).toHaveStatus(200);
    const { ws, clients } = await world();
    const cells: Array<[string, number, number]> = [];
    const cell = (name: string, expected: number, actual: number) => cells.push([name, expected, actual]);

    for (const caller of CALLERS) {
      const client = clients[caller];
      const readStatus = (place: Place) => (caller === 'anonymous' ? 401 : READS[caller][place] ? 200 : refused(mode, caller));
      const writeStatus = (place: Place, ok: number) => (caller === 'anonymous' ? 401 : WRITES[caller][place] ? ok : 403);
      for (const place of PLACES) {
        const w = ws[place];
        // Record GETs: the layer (both paths), its feature type, its store, its workspace.
        cell(`${caller} GET layer ${place}`, readStatus(place), (await client.get(`/layers/${w}:states.json`)).status);
        cell(`${caller} GET ws layer ${place}`, readStatus(place), (await client.get(`/workspaces/${w}/layers/states.json`)).status);
        cell(`${caller} GET featuretype ${place}`, readStatus(place), (await client.get(`/workspaces/${w}/datastores/gis/featuretypes/states.json`)).status);
        cell(`${caller} GET datastore ${place}`, readStatus(place), (await client.get(`/workspaces/${w}/datastores/gis.json`)).status);
        cell(`${caller} GET workspace ${place}`, readStatus(place), (await client.get(`/workspaces/${w}.json`)).status);
        // Lists inside the workspace.
        cell(`${caller} GET datastores list ${place}`, readStatus(place), (await client.get(`/workspaces/${w}/datastores.json`)).status);
        // Writes: a style created (POST), changed (PUT), deleted (DELETE) inside the workspace.
        const style = uniqueName('st');
        cell(
          `${caller} POST style ${place}`,
          writeStatus(place, 201),
          (await client.postXml(`/workspaces/${w}/styles`, `<style><name>${style}</name><filename>${style}.sld</filename></style>`)).status,
        );
        const existing = uniqueName('st');
        await createStyle(api, w, existing);
        cell(
          `${caller} PUT style ${place}`,
          writeStatus(place, 200),
          (await client.putXml(`/workspaces/${w}/styles/${existing}`, `<style><filename>${existing}-2.sld</filename></style>`)).status,
        );
        cell(`${caller} DELETE style ${place}`, writeStatus(place, 200), (await client.delete(`/workspaces/${w}/styles/${existing}`)).status);
        cell(
          `${caller} PUT workspace ${place}`,
          caller === 'anonymous' ? 401 : caller === 'admin' ? 200 : 403,
          (await client.putXml(`/workspaces/${w}`, `<workspace><name>${w}</name></workspace>`)).status,
        );
      }
      // Outside any workspace: only ADMIN writes; the history is ADMIN's and the workspace administrator's.
      cell(
        `${caller} POST workspace`,
        caller === 'anonymous' ? 401 : caller === 'admin' ? 201 : 403,
        (await client.postXml('/workspaces', `<workspace><name>${uniqueName('x').replace(/-/g, '_')}</name></workspace>`)).status,
      );
      cell(
        `${caller} GET history`,
        caller === 'anonymous' ? 401 : caller === 'admin' || caller === 'wsAdmin' ? 200 : 403,
        (await client.get('/changes.json?limit=1')).status,
      );

      // Lists leave out what the caller may not read.
      const layers = await client.get('/layers.json');
      cell(`${caller} GET layers list`, caller === 'anonymous' ? 401 : 200, layers.status);
      const workspaces = await client.get('/workspaces.json');
      cell(`${caller} GET workspaces list`, caller === 'anonymous' ? 401 : 200, workspaces.status);
      if (caller !== 'anonymous') {
        for (const place of PLACES) {
          cell(`${caller} layers list shows ${place}`, READS[caller][place] ? 1 : 0, layers.text.includes(`"${ws[place]}:states"`) ? 1 : 0);
          cell(`${caller} workspaces list shows ${place}`, READS[caller][place] ? 1 : 0, workspaces.text.includes(`"${ws[place]}"`) ? 1 : 0);
          const xml = await client.get(`/workspaces/${ws[place]}/layers.xml`);
          if (xml.status === 200) cell(`${caller} ws layers list of ${place} shows it`, 1, xml.text.includes('<name>states</name>') ? 1 : 0);
        }
      }
    }
    const wrong = cells.filter(([, expected, actual]) => expected !== actual);
    expect(wrong).toEqual([]);
    expect(cells.length).toBeGreaterThan(200);
    expect(await api.putJson('/security/acl/catalog', { mode: 'HIDE' })).toHaveStatus(200);
  }, 120_000);
});

describe('rule changes take effect at once', () => {
  it('opens and closes a workspace to a role as its rule is written, changed, reverted', async () => {
    const { api } = ctx;
    const { ws, clients } = await world();
    const reader = clients.reader;
    const path = `/layers/${ws.restricted}:states.json`;
    expect(await reader.get(path)).toHaveStatus(404);
    expect(await api.putJson('/security/acl/layers', { [`${ws.restricted}.*.r`]: 'READER' })).toHaveStatus(200);
    expect(await reader.get(path)).toHaveStatus(200);
    const [last] = (await api.get(`/changes.json?limit=1&resource=${encodeURIComponent(`/security/acl/layers/${ws.restricted}.*.r`)}`)).json().changes.change;
    expect(await api.post(`/changes/${last.seq}/revert`)).toHaveStatus(200);
    expect(await reader.get(path)).toHaveStatus(404);
    // A layer rule over its workspace's rule.
    expect(await api.postJson('/security/acl/layers', { [`${ws.restricted}.states.r`]: 'READER' })).toHaveStatus(200);
    expect(await reader.get(path)).toHaveStatus(200);
    expect(await reader.get(`/workspaces/${ws.restricted}/datastores/gis.json`)).toHaveStatus(404);
    expect(await api.delete(`/security/acl/layers/${ws.restricted}.states.r`)).toHaveStatus(200);
    expect(await reader.get(path)).toHaveStatus(404);
  }, 60_000);
});
