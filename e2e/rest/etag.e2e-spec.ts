/**
 * Versions and ETags (contract §7): every single-record GET carries a strong ETag shared by its
 * formats; `If-None-Match` → 304; `If-Match` on PUT/DELETE/POST-to-record → 412 with the current
 * tag when stale, checked inside the write's transaction; lists carry a weak ETag;
 * `REQUIRE_IF_MATCH=on` → 428 without `If-Match`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStyle, createWorkspace, useApiServer } from '../support/catalog';
import { createFeatureType, featureTypesPath } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { HttpResponse, RestClient } from '../support/http';
import { createSpatialStore, createStatesTable, tableSuffix, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();
const table = `etag_${tableSuffix()}`;
const SLD = readFileSync(join(__dirname, '..', 'fixtures', 'sld', 'valid', 'polygon-simple.sld'));

beforeAll(async () => {
  await createStatesTable(ctx.db, table);
});

function tagOf(res: HttpResponse): string {
  const tag = res.headers.get('etag');
  if (!tag) throw new Error(`no ETag on ${res.status} ${res.text.slice(0, 200)}`);
  return tag;
}

/** A workspace with a store, a published table (feature type + layer) and a workspace style with SLD. */
async function catalog(api: RestClient) {
  const ws = uniqueName('etag');
  await createWorkspace(api, ws);
  await createSpatialStore(api, ctx.db, ws, 'st');
  await createFeatureType(api, ws, 'st', `<featureType><name>${table}</name></featureType>`);
  await createStyle(api, ws, 'dots');
  expect(await api.put(`/workspaces/${ws}/styles/dots`, SLD, 'application/vnd.ogc.sld+xml')).toHaveStatus(200);
  return {
    ws,
    paths: {
      workspace: `/workspaces/${ws}`,
      namespace: `/namespaces/${ws}`,
      dataStore: `/workspaces/${ws}/datastores/st`,
      featureType: `${featureTypesPath(ws, 'st')}/${table}`,
      layer: `/layers/${ws}:${table}`,
      style: `/workspaces/${ws}/styles/dots`,
    },
  };
}

describe('ETag on every single-record GET', () => {
  it('is strong, the same for .xml and .json, and answers If-None-Match with an empty 304', async () => {
    const { api } = ctx;
    const { paths } = await catalog(api);
    for (const [kind, path] of Object.entries(paths)) {
      const xml = await api.get(`${path}.xml`);
      const json = await api.get(`${path}.json`);
      expect([kind, xml.status, json.status]).toEqual([kind, 200, 200]);
      const tag = tagOf(xml);
      expect([kind, tag.startsWith('"'), tagOf(json)]).toEqual([kind, true, tag]);
      const again = await api.get(`${path}.json`, { headers: { 'If-None-Match': tag } });
      expect([kind, again.status, again.text, again.headers.get('etag')]).toEqual([kind, 304, '', tag]);
      expect((await api.get(`${path}.json`, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    }
    const user = await api.get(`/security/usergroup/user/${api.auth!.user}.json`);
    expect(tagOf(user)).toMatch(/^"/);
  });

  it('changes with every write to the record, and when a record it names is renamed', async () => {
    const { api } = ctx;
    const { ws, paths } = await catalog(api);
    const store = tagOf(await api.get(`${paths.dataStore}.json`));
    expect(await api.putJson(paths.dataStore, { dataStore: { description: 'changed' } })).toHaveStatus(200);
    const store2 = tagOf(await api.get(`${paths.dataStore}.json`));
    expect(store2).not.toBe(store);

    const layer = tagOf(await api.get(`${paths.layer}.json`));
    const style = tagOf(await api.get(`${paths.style}.json`));
    expect(await api.putJson(paths.style, { style: { name: 'dots2' } })).toHaveStatus(200);
    expect(await api.putJson(paths.layer, { layer: { defaultStyle: { name: 'dots2', workspace: ws } } })).toHaveStatus(200);
    const layer2 = tagOf(await api.get(`${paths.layer}.json`));
    expect(layer2).not.toBe(layer);
    expect(tagOf(await api.get(`/workspaces/${ws}/styles/dots2.json`))).not.toBe(style);

    // Renaming the style the layer is drawn with changes the layer's representation, so its tag.
    expect(await api.putJson(`/workspaces/${ws}/styles/dots2`, { style: { name: 'dots3' } })).toHaveStatus(200);
    expect(tagOf(await api.get(`${paths.layer}.json`))).not.toBe(layer2);
  });

  it('is shared by a style record and its .sld; an SLD upload changes it', async () => {
    const { api } = ctx;
    const { paths } = await catalog(api);
    const record = tagOf(await api.get(`${paths.style}.json`));
    const sld = await api.get(`${paths.style}.sld`);
    expect(tagOf(sld)).toBe(record);
    expect((await api.get(`${paths.style}.sld`, { headers: { 'If-None-Match': record } })).status).toBe(304);
    expect(await api.put(paths.style, SLD, 'application/vnd.ogc.sld+xml')).toHaveStatus(200);
    expect(tagOf(await api.get(`${paths.style}.sld`))).not.toBe(record);
  });

  it('gives lists a weak ETag that answers If-None-Match with 304 until the list changes', async () => {
    const { api } = ctx;
    const first = await api.get('/workspaces.json');
    const tag = tagOf(first);
    expect(tag).toMatch(/^W\/"/);
    expect((await api.get('/workspaces.json', { headers: { 'If-None-Match': tag } })).status).toBe(304);
    await createWorkspace(api, uniqueName('etaglist'));
    expect((await api.get('/workspaces.json', { headers: { 'If-None-Match': tag } })).status).toBe(200);
  });
});

describe('If-Match on writes', () => {
  it('refuses a stale tag with 412 and the current ETag, changing nothing, on every kind of record', async () => {
    const { api } = ctx;
    const { paths } = await catalog(api);
    const bodies: Record<string, unknown> = {
      workspace: { workspace: { isolated: true } },
      namespace: { namespace: { uri: 'http://changed.example' } },
      dataStore: { dataStore: { description: 'never' } },
      featureType: { featureType: { title: 'never' } },
      layer: { layer: { opaque: true } },
      style: { style: { filename: 'never.sld' } },
    };
    for (const [kind, path] of Object.entries(paths)) {
      const before = await api.get(`${path}.json`);
      const current = tagOf(before);
      const stale = await api.putJson(path, bodies[kind], { headers: { 'If-Match': '"0"' } });
      expect([kind, stale.status, stale.headers.get('etag')]).toEqual([kind, 412, current]);
      expect(stale).toBeTextError(412);
      expect([kind, (await api.get(`${path}.json`)).text]).toEqual([kind, before.text]);
      expect([kind, (await api.delete(path, { headers: { 'If-Match': '"0"' } })).status]).toEqual([kind, 412]);
      expect([kind, (await api.get(`${path}.json`)).status]).toEqual([kind, 200]);
    }
  });

  it('accepts the current tag and *, and the tag moves on after the write', async () => {
    const { api } = ctx;
    const { paths } = await catalog(api);
    const tag = tagOf(await api.get(`${paths.dataStore}.json`));
    expect(await api.putJson(paths.dataStore, { dataStore: { description: 'one' } }, { headers: { 'If-Match': tag } })).toHaveStatus(200);
    const again = await api.putJson(paths.dataStore, { dataStore: { description: 'two' } }, { headers: { 'If-Match': tag } });
    expect(again.status).toBe(412);
    expect(await api.putJson(paths.dataStore, { dataStore: { description: 'three' } }, { headers: { 'If-Match': '*' } })).toHaveStatus(200);
    const style = tagOf(await api.get(`${paths.style}.json`));
    expect(await api.put(paths.style, SLD, 'application/vnd.ogc.sld+xml', { headers: { 'If-Match': '"1"' } })).toHaveStatus(412);
    expect(await api.put(paths.style, SLD, 'application/vnd.ogc.sld+xml', { headers: { 'If-Match': style } })).toHaveStatus(200);
    const user = uniqueName('etaguser');
    expect(await api.postJson('/security/usergroup/users', { user: { userName: user, password: 'pw-Etag-1234', enabled: true } })).toHaveStatus(201);
    const userTag = tagOf(await api.get(`/security/usergroup/user/${user}.json`));
    expect((await api.delete(`/security/usergroup/user/${user}`, { headers: { 'If-Match': '"0"' } })).status).toBe(412);
    expect(await api.delete(`/security/usergroup/user/${user}`, { headers: { 'If-Match': userTag } })).toHaveStatus(200);
  });

  it('lets exactly one of many concurrent writes with the same tag through', async () => {
    const { api } = ctx;
    const { paths } = await catalog(api);
    const tag = tagOf(await api.get(`${paths.workspace}.json`));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.putJson(paths.workspace, { workspace: { isolated: i % 2 === 0 } }, { headers: { 'If-Match': tag } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412, 412, 412, 412, 412, 412]);
  });
});

describe('REQUIRE_IF_MATCH=on', () => {
  const strict = useApiServer({ env: { REQUIRE_IF_MATCH: 'on' } });

  it('refuses PUT and DELETE without If-Match (428), and takes them with it', async () => {
    const { api } = strict;
    const ws = uniqueName('strict');
    await createWorkspace(api, ws);
    const put = await api.putJson(`/workspaces/${ws}`, { workspace: { isolated: true } });
    expect(put).toBeTextError(428);
    expect((await api.delete(`/workspaces/${ws}`)).status).toBe(428);
    const tag = tagOf(await api.get(`/workspaces/${ws}.json`));
    expect(await api.putJson(`/workspaces/${ws}`, { workspace: { isolated: true } }, { headers: { 'If-Match': tag } })).toHaveStatus(200);
    const tag2 = tagOf(await api.get(`/workspaces/${ws}.json`));
    expect(await api.delete(`/workspaces/${ws}`, { headers: { 'If-Match': tag2 } })).toHaveStatus(200);
  });
});
