import { createStyle, createWorkspace, dataStoreBodyXml, pgParams, sldFixture, useApiServer } from '../support/catalog';
import { parseJsonList, uniqueName } from '../support/geoserver';
import { HttpResponse, SLD_10 } from '../support/http';

const ctx = useApiServer();
const N = 50;

function tally(responses: HttpResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

describe('concurrent writes', () => {
  it(`${N} parallel POSTs of one workspace name: exactly one 201, ${N - 1} × 409`, async () => {
    const { api } = ctx;
    const name = uniqueName('race');
    const responses = await Promise.all(Array.from({ length: N }, () => api.postXml('/workspaces', `<workspace><name>${name}</name></workspace>`)));
    expect(tally(responses)).toEqual({ 201: 1, 409: N - 1 });
    for (const r of responses.filter((x) => x.status === 409)) expect(r).toBeTextError(409, `Workspace '${name}' already exists`);
    const names = parseJsonList((await api.get('/workspaces.json')).text, 'workspaces', 'workspace').map((i) => i.name);
    expect(names.filter((n) => n === name)).toHaveLength(1);
    expect(await api.get(`/namespaces/${name}.json`)).toHaveStatus(200);
  });

  it(`${N} parallel POSTs of one store name: exactly one 201`, async () => {
    const { api } = ctx;
    const ws = uniqueName('ws');
    await createWorkspace(api, ws);
    const responses = await Promise.all(Array.from({ length: N }, () => api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('same', pgParams()))));
    expect(tally(responses)).toEqual({ 201: 1, 409: N - 1 });
    const stores = parseJsonList((await api.get(`/workspaces/${ws}/datastores.json`)).text, 'dataStores', 'dataStore');
    expect(stores.map((s) => s.name)).toEqual(['same']);
  });

  it(`${N} parallel one-step style POSTs of one name: exactly one 201`, async () => {
    const { api } = ctx;
    const name = uniqueName('sty');
    const sld = sldFixture('valid', 'polygon-simple.sld');
    const responses = await Promise.all(Array.from({ length: N }, () => api.post(`/styles?name=${name}`, sld.bytes, SLD_10)));
    expect(tally(responses)).toEqual({ 201: 1, 409: N - 1 });
    expect((await api.get(`/styles/${name}.sld`)).bytes.equals(sld.bytes)).toBe(true);
  });

  it('parallel creates of distinct names all succeed', async () => {
    const { api } = ctx;
    const names = Array.from({ length: 30 }, () => uniqueName('many'));
    const responses = await Promise.all(names.map((name) => api.postJson('/workspaces', { workspace: { name } })));
    expect(tally(responses)).toEqual({ 201: 30 });
    const listed = new Set(parseJsonList((await api.get('/workspaces.json')).text, 'workspaces', 'workspace').map((i) => i.name));
    for (const n of names) expect(listed.has(n)).toBe(true);
  });

  it('a workspace deleted (recurse) while stores are being added: no 5xx, no orphan store', async () => {
    const { api } = ctx;
    const ws = uniqueName('del');
    await createWorkspace(api, ws);
    const adds = Array.from({ length: 20 }, (_, i) => api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml(`s${i}`, pgParams())));
    const [deleted, ...added] = await Promise.all([api.delete(`/workspaces/${ws}?recurse=true`), ...adds]);
    expect(deleted).toHaveStatus(200);
    for (const r of added) expect([201, 404]).toContain(r.status);
    expect(await api.get(`/workspaces/${ws}.json`)).toHaveStatus(404);
    // Recreating gives an empty workspace: no store outlived the delete.
    await createWorkspace(api, ws);
    expect((await api.get(`/workspaces/${ws}/datastores.json`)).text).toBe('{"dataStores":""}');
  });

  it('parallel SLD PUTs to one style leave one of the bodies whole', async () => {
    const { api } = ctx;
    const name = uniqueName('put');
    await createStyle(api, null, name);
    const a = sldFixture('valid', 'polygon-simple.sld').bytes;
    const b = sldFixture('valid', 'line-rules-filter.sld').bytes;
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => api.put(`/styles/${name}`, i % 2 ? a : b, SLD_10)));
    expect(tally(responses)).toEqual({ 200: 20 });
    const got = (await api.get(`/styles/${name}.sld`)).bytes;
    expect(got.equals(a) || got.equals(b)).toBe(true);
  });
});
