/**
 * A layer group holding a layer its caller may not read (contract §10 × §12): nothing of that
 * layer reaches the caller — not its name in the group's REST representation, not its bounds
 * there or in the WMS capabilities — and a workspace administrator cannot put it into a group of
 * theirs (where the group's bounds would tell where its features are): the member is answered as
 * one that does not exist. ADMIN still sees the whole group. Runs on both catalogs.
 */
import { createUser, createWorkspace, grantRole } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { request, SLD_10, type Credentials, type RestClient } from '../support/http';
import { createSpatialStore, createStatesTable, createTable, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();

interface World {
  pub: string;
  sec: string;
  group: string;
  reader: RestClient;
  editor: RestClient;
}

let world: World;

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
  await createTable(ctx.db, 'far', [{ name: 'geom', type: 'geometry(Point,4326)' }], [["ST_GeomFromText('POINT(100 -40)', 4326)"]]);
}, 60_000);

/**
 * `pub:states` (the US states, all west of -66°) readable by everyone and administered by EDITOR,
 * `sec:far` (one point at 100°E, 40°S) readable by nobody but ADMIN, and a global group holding
 * both that everyone may read. Made for each test: the workspaces go when a test ends
 * (useSpatialApi), and their groups with them.
 */
beforeEach(async () => {
  const { api, db } = ctx;
  const suffix = uniqueName('m').replace(/-/g, '_');
  const pub = `pub_${suffix}`;
  const sec = `sec_${suffix}`;
  for (const [ws, table] of [
    [pub, 'states'],
    [sec, 'far'],
  ]) {
    await createWorkspace(api, ws);
    await createSpatialStore(api, db, ws, 'gis');
    expect(await createFeatureType(api, ws, 'gis', seedFeatureTypeXml(table, table, undefined, 'EPSG:4326'))).toHaveStatus(201);
  }
  const editorRole = `EDITOR_${suffix}`.toUpperCase();
  expect(await api.post(`/security/roles/role/${editorRole}`)).toHaveStatus(201);
  const group = `mixed_${suffix}`;
  expect(await api.postXml('/layergroups', groupXml(group, [`${pub}:states`, `${sec}:far`]))).toHaveStatus(201);
  const rules = { [`${pub}.*.r`]: '*', [`${pub}.*.a`]: editorRole, [`${sec}.*.r`]: 'NOBODY', [`${group}.r`]: '*' };
  expect(await api.postJson('/security/acl/layers', rules)).toHaveStatus(200);
  const user = async (role: string): Promise<Credentials> => {
    const creds = { user: uniqueName('gm'), password: 'pw-Members-1' };
    await createUser(api, creds.user, creds.password);
    await grantRole(api, role, creds.user);
    return creds;
  };
  world = { pub, sec, group, reader: api.as(await user('READER')), editor: api.as(await user(editorRole)) };
}, 60_000);

const OWN_STYLE = `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>own</Name><UserStyle><Name>own</Name><FeatureTypeStyle><Rule>
    <PolygonSymbolizer><Fill><CssParameter name="fill">#00FF00</CssParameter></Fill></PolygonSymbolizer>
  </Rule></FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

function groupXml(name: string, members: string[]): string {
  const published = members.map((m) => `<published type="layer">${m}</published>`).join('');
  return `<layerGroup><name>${name}</name><publishables>${published}</publishables><styles>${members.map(() => '<style/>').join('')}</styles></layerGroup>`;
}

/** The member names and bounds of a group's JSON representation. */
async function seenBy(client: RestClient, path: string): Promise<{ members: string[]; maxx: number; miny: number }> {
  const res = await client.get(`${path}.json`);
  expect(res).toHaveStatus(200);
  const g = res.json().layerGroup;
  const published = [g.publishables.published].flat() as Array<{ name: string }>;
  expect([g.styles.style].flat()).toHaveLength(published.length);
  return { members: published.map((p) => p.name), maxx: g.bounds.maxx, miny: g.bounds.miny };
}

describe('a group read over REST by a caller who may not read one of its members', () => {
  it('names only the members the caller reads, bounded by them; ADMIN sees the whole group', async () => {
    const { pub, sec, group, reader, editor } = world;
    const path = `/layergroups/${group}`;
    for (const client of [reader, editor]) {
      const seen = await seenBy(client, path);
      expect(seen.members).toEqual([`${pub}:states`]);
      // The states end at -66°E and 24°N: nothing of the point at (100, -40).
      expect([seen.maxx < 0, seen.miny > 0]).toEqual([true, true]);
      expect((await client.get(`${path}.xml`)).text).not.toContain(sec);
    }
    expect(await seenBy(ctx.api, path)).toEqual({ members: [`${pub}:states`, `${sec}:far`], maxx: expect.closeTo(100, 2), miny: expect.closeTo(-40, 2) });

    // A group of the readable workspace holding the hidden layer (made by ADMIN): the same.
    const inPub = `/workspaces/${pub}/layergroups/inner`;
    expect(await ctx.api.postXml(`/workspaces/${pub}/layergroups`, groupXml('inner', [`${pub}:states`, `${sec}:far`]))).toHaveStatus(201);
    expect((await seenBy(reader, inPub)).members).toEqual([`${pub}:states`]);
    expect(await ctx.api.delete(inPub)).toHaveStatus(200);

    // A group of theirs holding the readable global group: bounded by what that group shows them.
    const outer = `/workspaces/${pub}/layergroups/outer`;
    const nested = `<layerGroup><name>outer</name><publishables><published type="layerGroup">${group}</published></publishables></layerGroup>`;
    expect(await editor.postXml(`/workspaces/${pub}/layergroups`, nested)).toHaveStatus(201);
    const seen = await seenBy(editor, outer);
    expect([seen.members, seen.maxx < 0, seen.miny > 0]).toEqual([[group], true, true]);
    expect(await ctx.api.delete(outer)).toHaveStatus(200);
  });
});

describe('the WMS capabilities of a group holding a layer the caller may not read', () => {
  it('bound the group by the members the caller reads', async () => {
    const { group } = world;
    const caps = async (auth: Credentials | null) => {
      const res = await request(`${ctx.server.baseUrl}/wms?service=WMS&version=1.3.0&request=GetCapabilities`, { auth });
      expect(res).toHaveStatus(200);
      const start = res.text.indexOf(`<Name>${group}</Name>`);
      expect(start).toBeGreaterThan(0);
      const entry = res.text.slice(start, res.text.indexOf('</Layer>', start));
      return Number(/<eastBoundLongitude>([^<]+)</.exec(entry)?.[1]);
    };
    expect(await caps(null)).toBeLessThan(0);
    expect(await caps(ctx.server.admin)).toBeCloseTo(100, 2);
  });
});

describe('a workspace administrator naming a layer it may not read as a member', () => {
  it('is answered as for a layer that does not exist, and nothing is stored', async () => {
    const { pub, sec, editor } = world;
    const create = (name: string, member: string) => editor.postXml(`/workspaces/${pub}/layergroups`, groupXml(name, [member]));
    expect(await create('hidden', `${sec}:far`)).toBeTextError(404, `No such layer: ${sec}:far`);
    expect(await create('absent', `${sec}:nothere`)).toBeTextError(404, `No such layer: ${sec}:nothere`);
    expect(await ctx.api.get(`/workspaces/${pub}/layergroups/hidden`)).toHaveStatus(404);

    // Nor by a change of a group of theirs.
    const path = `/workspaces/${pub}/layergroups/own`;
    expect(await create('own', `${pub}:states`)).toHaveStatus(201);
    expect(await editor.putXml(path, groupXml('own', [`${pub}:states`, `${sec}:far`]))).toBeTextError(404, `No such layer: ${sec}:far`);
    expect((await seenBy(ctx.api, path)).members).toEqual([`${pub}:states`]);
    expect(await editor.delete(path)).toHaveStatus(200);
  });
});

describe('the history a workspace administrator reads of a group of theirs holding a hidden layer', () => {
  it('shows the changes without the hidden member, its style or the bounds it counts in; ADMIN sees them whole', async () => {
    const { pub, sec, editor } = world;
    const path = `/workspaces/${pub}/layergroups/mix`;
    expect(await ctx.api.postXml(`/workspaces/${pub}/layergroups`, groupXml('mix', [`${pub}:states`, `${sec}:far`]))).toHaveStatus(201);
    expect(await ctx.api.putXml(path, '<layerGroup><title>Mixed</title></layerGroup>')).toHaveStatus(200);
    expect(await ctx.api.delete(path)).toHaveStatus(200);
    const list = await editor.get(`/changes.json?resource=${path}`);
    expect(list).toHaveStatus(200);
    const changes = list.json().changes.change as Array<{ seq: number; operation: string; before: any; after: any }>;
    expect(changes.map((c) => c.operation)).toEqual(['delete', 'update', 'create']);
    expect(list.text).not.toContain(sec);
    const update = changes[1];
    for (const side of [update.before, update.after]) {
      expect([side.layerGroup.publishables.published].flat().map((p: { name: string }) => p.name)).toEqual([`${pub}:states`]);
      expect([side.layerGroup.styles.style].flat()).toHaveLength(1);
      expect(side.layerGroup.bounds).toBeUndefined();
    }
    const one = await editor.get(`/changes/${update.seq}.json`);
    expect(one).toHaveStatus(200);
    expect(one.text).not.toContain(sec);
    expect((await editor.get(`/changes/${update.seq}.xml`)).text).not.toContain(sec);
    expect((await ctx.api.get(`/changes/${update.seq}.json`)).text).toContain(`${sec}:far`);
  });
});

describe('a workspace administrator deleting a layer or style a group hidden from them uses', () => {
  it('is refused without the group’s name; with recurse the answer does not name it either', async () => {
    const { pub, group, editor } = world;
    const hidden = `secret_${pub}`;
    expect(await ctx.api.post(`/workspaces/${pub}/styles?name=own`, OWN_STYLE, SLD_10)).toHaveStatus(201);
    const body = `<layerGroup><name>${hidden}</name><publishables><published type="layer">${pub}:states</published></publishables><styles><style><name>${pub}:own</name></style></styles></layerGroup>`;
    expect(await ctx.api.postXml('/layergroups', body)).toHaveStatus(201);
    expect(await ctx.api.postJson('/security/acl/layers', { [`${hidden}.r`]: 'NOBODY' })).toHaveStatus(200);

    const style = await editor.delete(`/workspaces/${pub}/styles/own`);
    expect(style).toHaveStatus(403);
    expect(style.text).not.toContain(hidden);
    const layer = await editor.delete(`/layers/${pub}:states`);
    // The group it may read is named, the other is not.
    expect(layer).toBeTextError(403, `Unable to delete layer referenced by layer group '${group}', a layer group you may not read`);
    // ADMIN is told which.
    expect((await ctx.api.delete(`/layers/${pub}:states`)).text).toContain(hidden);
    const gone = await editor.delete(`/layers/${pub}:states?recurse=true`);
    expect(gone).toHaveStatus(200);
    expect(gone.text).not.toContain(hidden);
    expect(await ctx.api.get(`/layergroups/${hidden}`)).toHaveStatus(404);
  });
});
