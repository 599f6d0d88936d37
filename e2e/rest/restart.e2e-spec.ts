/**
 * Embedded PostgreSQL (PGlite) under DATA_DIR: a fresh catalog on the first start, and everything
 * written is still there after a stop and a start on the same data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiServer, startApi } from '../support/api-server';
import { createDataStore, createStyle, createUser, createWorkspace, grantRole, pgParams, sldFixture } from '../support/catalog';
import { crypt2Length, normalize, uniqueName } from '../support/geoserver';
import { restClient, SLD_10 } from '../support/http';

describe('embedded catalog: first start and restart on the same data directory', () => {
  let dataDir: string;
  let first: ApiServer | undefined;
  let second: ApiServer | undefined;
  // Of the first server, kept after it stopped.
  let firstRestUrl = '';
  let adminPassword = '';

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'gc-e2e-restart-'));
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('starts embedded on an empty data directory with an empty catalog and the default styles', async () => {
    first = await startApi({ embedded: true, dataDir });
    firstRestUrl = first.restUrl;
    adminPassword = first.admin.password;
    expect(first.databaseUrl).toBeUndefined();
    const api = restClient(first);
    expect((await api.get('/workspaces.json')).text).toBe('{"workspaces":""}');
    expect((await api.get('/workspaces.xml')).text).toBe('<workspaces/>');
    expect((await api.get('/namespaces.json')).text).toBe('{"namespaces":""}');
    expect((await api.get('/namespaces.xml')).text).toBe('<namespaces/>');
    expect(await api.get('/workspaces/default.json')).toHaveStatus(404);
    for (const s of ['point', 'line', 'polygon', 'generic']) expect(await api.get(`/styles/${s}.sld`)).toHaveStatus(200);
  }, 120_000);

  const ws = uniqueName('persist');
  const style = uniqueName('pstyle');
  const reader = { user: uniqueName('reader'), password: 'Reader-pw-1' };
  const before: Record<string, string> = {};
  let crypt2Before = 0;

  it('writes workspaces, a store, a style with SLD and a user', async () => {
    const api = restClient(first!);
    await createWorkspace(api, ws);
    await createDataStore(api, ws, 'nyc', pgParams({ passwd: 'persisted-secret' }));
    await createStyle(api, ws, style);
    expect(await api.put(`/workspaces/${ws}/styles/${style}`, sldFixture('valid', 'point-utf8-crlf.sld').bytes, SLD_10)).toHaveStatus(200);
    await createUser(api, reader.user, reader.password);
    await grantRole(api, 'READER', reader.user);

    for (const path of [
      `/workspaces/${ws}.xml`,
      `/workspaces/${ws}.json`,
      `/namespaces/${ws}.xml`,
      `/workspaces/${ws}/datastores.xml`,
      `/workspaces/${ws}/styles/${style}.xml`,
      '/workspaces.json',
      '/workspaces/default.json',
      '/styles.json',
    ]) {
      const res = await api.get(path);
      expect(res).toHaveStatus(200);
      before[path] = res.text;
    }
    const store = normalize((await api.get(`/workspaces/${ws}/datastores/nyc.xml`)).text);
    before.store = store.text;
    crypt2Before = crypt2Length(store.crypt2[0]);
  });

  it('stops, starts again on the same data directory and serves the same catalog', async () => {
    await first!.stop();
    first = undefined;
    // The admin password is applied only to an empty user table: reuse the first one.
    second = await startApi({ embedded: true, dataDir, env: { ADMIN_PASSWORD: adminPassword } });
    const api = restClient(second);
    // Byte-identical bodies, dates included (second's base URL differs only by port).
    for (const [path, text] of Object.entries(before)) {
      if (path === 'store') continue;
      const res = await api.get(path);
      expect(res).toHaveStatus(200);
      expect({ path, text: res.text }).toEqual({ path, text: text.split(firstRestUrl).join(second.restUrl) });
    }
    const store = normalize((await api.get(`/workspaces/${ws}/datastores/nyc.xml`)).text);
    expect(store.text).toBe(before.store.split(firstRestUrl).join(second.restUrl));
    // The password is still readable with the key in DATA_DIR (same length of plaintext).
    expect(crypt2Length(store.crypt2[0])).toBe(crypt2Before);
    const sld = await api.get(`/workspaces/${ws}/styles/${style}.sld`);
    expect(sld.bytes.equals(sldFixture('valid', 'point-utf8-crlf.sld').bytes)).toBe(true);
    expect(await api.as(reader).get('/workspaces.json')).toHaveStatus(200);
    expect(await api.as(reader).postXml('/workspaces', '<workspace><name>nope</name></workspace>')).toHaveStatus(403);
  }, 120_000);
});
