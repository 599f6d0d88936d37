/**
 * `?dryRun=true` on every kind of write (contract §7): the answer is the one the real write would
 * give (status, Location, body, error sentence) plus `Dry-Run: true`, and the catalog is exactly
 * as before (every record's representation and ETag unchanged).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStyle, createWorkspace } from '../support/catalog';
import { createFeatureType, featureTypesPath } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { HttpResponse, RestClient } from '../support/http';
import { createSpatialStore, createStatesTable, tableSuffix, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();
const table = `dry_${tableSuffix()}`;
const other = `dry2_${tableSuffix()}`;
const SLD = readFileSync(join(__dirname, '..', 'fixtures', 'sld', 'valid', 'polygon-simple.sld'));

beforeAll(async () => {
  await createStatesTable(ctx.db, table);
  await createStatesTable(ctx.db, other);
});

/** Every record of a small catalog as read back: path → status, ETag and JSON. */
async function snapshot(api: RestClient, paths: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const path of paths) {
    const res = await api.get(`${path}.json`);
    out[path] = `${res.status} ${res.headers.get('etag')} ${res.text}`;
  }
  return out;
}

function dry(res: HttpResponse): { status: number; dryRun: string | null; location: string | null; text: string } {
  return { status: res.status, dryRun: res.headers.get('dry-run'), location: res.headers.get('location'), text: res.text };
}

describe('dry runs', () => {
  it('answer every kind of write as the real write would, and change nothing', async () => {
    const { api, server } = ctx;
    const ws = uniqueName('dry');
    await createWorkspace(api, ws);
    await createSpatialStore(api, ctx.db, ws, 'st');
    await createFeatureType(api, ws, 'st', `<featureType><name>${table}</name></featureType>`);
    await createStyle(api, ws, 'dots');
    expect(await api.put(`/workspaces/${ws}/styles/dots`, SLD, 'application/vnd.ogc.sld+xml')).toHaveStatus(200);
    const paths = [
      `/workspaces/${ws}`,
      `/workspaces/${ws}/datastores/st`,
      `${featureTypesPath(ws, 'st')}/${table}`,
      `/layers/${ws}:${table}`,
      `/workspaces/${ws}/styles/dots`,
      '/workspaces',
      `/workspaces/${ws}/styles`,
      `${featureTypesPath(ws, 'st')}`,
      '/security/usergroup/users',
    ];
    const before = await snapshot(api, paths);
    const newWs = uniqueName('drynew');
    const writes: Array<[string, () => Promise<HttpResponse>, number, string | null]> = [
      ['POST workspace', () => api.postJson('/workspaces?dryRun=true', { workspace: { name: newWs } }), 201, `${server.restUrl}/workspaces/${newWs}`],
      ['PUT workspace (rename)', () => api.putJson(`/workspaces/${ws}?dryRun=true`, { workspace: { name: `${ws}_x` } }), 200, null],
      ['PUT data store', () => api.putJson(`/workspaces/${ws}/datastores/st?dryRun=TRUE`, { dataStore: { description: 'dry' } }), 200, null],
      [
        'POST feature type',
        () => api.postXml(`${featureTypesPath(ws, 'st')}?dryRun=true`, `<featureType><name>${other}</name></featureType>`),
        201,
        `${server.restUrl}${featureTypesPath(ws, 'st')}/${other}`,
      ],
      ['PUT layer', () => api.putJson(`/layers/${ws}:${table}?dryRun=true`, { layer: { defaultStyle: { name: 'dots', workspace: ws } } }), 200, null],
      ['PUT SLD', () => api.put(`/workspaces/${ws}/styles/dots?dryRun=true`, SLD, 'application/vnd.ogc.sld+xml'), 200, null],
      [
        'POST user',
        () => api.postJson('/security/usergroup/users?dryRun=true', { user: { userName: uniqueName('dryuser'), password: 'pw-Dry-run-1', enabled: true } }),
        201,
        null,
      ],
      ['DELETE style (in use? no)', () => api.delete(`/workspaces/${ws}/styles/dots?dryRun=true`), 200, null],
      ['DELETE workspace recursively', () => api.delete(`/workspaces/${ws}?recurse=true&dryRun=true`), 200, null],
    ];
    for (const [what, send, status, location] of writes) {
      const res = dry(await send());
      expect([what, res.status, res.dryRun]).toEqual([what, status, 'true']);
      if (location) expect([what, res.location]).toEqual([what, location]);
    }
    expect(await snapshot(api, paths)).toEqual(before);
    expect((await api.get(`/workspaces/${newWs}.json`)).status).toBe(404);
  });

  it('answer a refused write with the real refusal, and without dryRun the write happens', async () => {
    const { api } = ctx;
    const ws = uniqueName('dryref');
    await createWorkspace(api, ws);
    const duplicate = await api.postJson('/workspaces?dryRun=true', { workspace: { name: ws } });
    expect(dry(duplicate)).toMatchObject({ status: 409, dryRun: 'true', text: `Workspace '${ws}' already exists` });
    const notEmptyWs = uniqueName('drynotempty');
    await createWorkspace(api, notEmptyWs);
    await createStyle(api, notEmptyWs, 's');
    expect(dry(await api.delete(`/workspaces/${notEmptyWs}?dryRun=true`))).toMatchObject({ status: 403, dryRun: 'true' });
    expect(await api.putJson(`/workspaces/${ws}?dryRun=false`, { workspace: { isolated: true } })).toHaveStatus(200);
    expect(JSON.parse((await api.get(`/workspaces/${ws}.json`)).text).workspace.isolated).toBe(true);
  });

  it('leave the version alone, so an If-Match read before still holds after a dry run', async () => {
    const { api } = ctx;
    const ws = uniqueName('dryver');
    await createWorkspace(api, ws);
    const tag = (await api.get(`/workspaces/${ws}.json`)).headers.get('etag')!;
    expect(dry(await api.putJson(`/workspaces/${ws}?dryRun=true`, { workspace: { isolated: true } }, { headers: { 'If-Match': tag } })).status).toBe(200);
    expect(dry(await api.putJson(`/workspaces/${ws}?dryRun=true`, { workspace: { isolated: true } }, { headers: { 'If-Match': '"0"' } })).status).toBe(412);
    expect(await api.putJson(`/workspaces/${ws}`, { workspace: { isolated: true } }, { headers: { 'If-Match': tag } })).toHaveStatus(200);
  });
});
