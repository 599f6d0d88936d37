/**
 * The change history (contract §7): one change per record a committed write touched, in the
 * write's transaction, with user, request, resource and the record's JSON representation before
 * and after; the list's filters and paging in XML and JSON; reverts (409 unless forced, a style's
 * SLD bytes and a recursively deleted workspace's contents restored); dry runs record nothing;
 * `HISTORY_DAYS` prunes.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { createStyle, createWorkspace } from '../support/catalog';
import { describeWithExternalCatalog, startApi, withClient } from '../support/api-server';
import { createFeatureType, featureTypesPath } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { Change, changesOf, summary } from '../support/history';
import { HttpResponse, RestClient, restClient, SLD_10 } from '../support/http';
import { createSpatialStore, createStatesTable, tableSuffix, useSpatialApi } from '../support/postgis';
import { atomHref, find, findAll, findText, parseXml } from '../support/xml-tree';

const ctx = useSpatialApi();
const table = `hist_${tableSuffix()}`;
const SLD = readFileSync(join(__dirname, '..', 'fixtures', 'sld', 'valid', 'polygon-simple.sld'));

beforeAll(async () => {
  await createStatesTable(ctx.db, table);
});

function ok(res: HttpResponse, status = 200): HttpResponse {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

/** A workspace holding a store, a published table with a workspace style as its default, and a styled SLD. */
async function smallCatalog(api: RestClient): Promise<string> {
  const ws = uniqueName('hist');
  await createWorkspace(api, ws);
  await createSpatialStore(api, ctx.db, ws, 'st');
  ok(await createFeatureType(api, ws, 'st', `<featureType><name>${table}</name></featureType>`), 201);
  await createStyle(api, ws, 'dots');
  ok(await api.put(`/workspaces/${ws}/styles/dots`, SLD, SLD_10));
  ok(await api.putJson(`/layers/${ws}:${table}`, { layer: { defaultStyle: { name: 'dots', workspace: ws } } }));
  ok(await api.post(`/layers/${ws}:${table}/styles`, `<style><name>polygon</name></style>`, 'application/xml'), 201);
  return ws;
}

describe('change history', () => {
  it('records one change per record a write touched, with user, request, resource, before and after', async () => {
    const { api } = ctx;
    const ws = await smallCatalog(api);
    const changes = await changesOf(api, `/workspaces/${ws}`);
    const ft = `${featureTypesPath(ws, 'st')}/${table}`;
    expect(summary(changes)).toEqual([
      `create workspace /workspaces/${ws}`,
      `create dataStore /workspaces/${ws}/datastores/st`,
      `create featureType ${ft}`,
      `create layer /workspaces/${ws}/layers/${table}`,
      `create style /workspaces/${ws}/styles/dots`,
      `update style /workspaces/${ws}/styles/dots`,
      `update layer /workspaces/${ws}/layers/${table}`,
      `update layer /workspaces/${ws}/layers/${table}`,
    ]);
    // Numbers strictly increase; the user is the signed-in one; the feature type and its layer share one request.
    expect(changes.every((c, i) => i === 0 || c.seq > changes[i - 1].seq)).toBe(true);
    expect(new Set(changes.map((c) => c.user))).toEqual(new Set(['admin']));
    expect(changes[2].request).toBe(changes[3].request);
    expect(changes[1].request).not.toBe(changes[2].request);
    // before/after are the records' JSON representations, as a GET answers them.
    const [wsCreate, storeCreate, , layerCreate, , , styled] = changes;
    expect(wsCreate.before).toBeNull();
    expect(wsCreate.after).toEqual(JSON.parse(ok(await api.get(`/workspaces/${ws}.json`)).text));
    expect(layerCreate.after!.layer.defaultStyle).toMatchObject({ name: 'polygon' });
    expect(styled.before!.layer.defaultStyle).toMatchObject({ name: 'polygon' });
    expect(styled.after!.layer.defaultStyle).toMatchObject({ name: `${ws}:dots`, workspace: ws });
    // Store passwords appear only as crypt2:, as GET shows them.
    const params = (storeCreate.after!.dataStore.connectionParameters as { entry: Array<{ '@key': string; $: string }> }).entry;
    const passwd = params.find((e) => e['@key'] === 'passwd')!.$;
    expect(passwd).toMatch(/^crypt2:/);
    expect(storeCreate.after).toEqual(JSON.parse(ok(await api.get(`/workspaces/${ws}/datastores/st.json`)).text));
    // The namespace is a record of its own.
    expect(summary(await changesOf(api, `/namespaces/${ws}`))).toEqual([`create namespace /namespaces/${ws}`]);
    // A change reads alone, in XML and JSON.
    const one = JSON.parse(ok(await api.get(`/changes/${styled.seq}.json`)).text).change as Change;
    expect(one).toEqual(styled);
    const xml = parseXml(ok(await api.get(`/changes/${styled.seq}.xml`)).text);
    expect(xml.tag).toBe('change');
    expect(findText(xml, 'seq')).toBe(String(styled.seq));
    expect(findText(xml, 'kind')).toBe('layer');
    expect(JSON.parse(findText(xml, 'after')!)).toEqual(styled.after);
    expect(findText(xml, 'before')).toBeTruthy();
    expect(ok(await api.get('/changes/99999999.json'), 404).text).toContain('No such change: 99999999');
    expect((await api.get('/changes/abc.json')).status).toBe(404);
  });

  it('records everything a recursive delete removed under its one request, and a revert brings it all back', async () => {
    const { api } = ctx;
    const ws = await smallCatalog(api);
    const sld = ok(await api.get(`/workspaces/${ws}/styles/dots.sld`)).bytes;
    const layerBefore = JSON.parse(ok(await api.get(`/layers/${ws}:${table}.json`)).text);
    ok(await api.delete(`/workspaces/${ws}?recurse=true`));
    const deleted = (await changesOf(api, `/workspaces/${ws}`)).filter((c) => c.operation === 'delete');
    expect(new Set(deleted.map((c) => c.kind))).toEqual(new Set(['workspace', 'dataStore', 'featureType', 'layer', 'style']));
    expect(new Set(deleted.map((c) => c.request)).size).toBe(1);
    expect(deleted.every((c) => c.after === null && c.before !== null)).toBe(true);

    const workspaceDelete = deleted.find((c) => c.kind === 'workspace')!;
    ok(await api.post(`/changes/${workspaceDelete.seq}/revert`));
    expect(ok(await api.get(`/workspaces/${ws}/styles/dots.sld`)).bytes.equals(sld)).toBe(true);
    const layerAfter = JSON.parse(ok(await api.get(`/layers/${ws}:${table}.json`)).text);
    expect(layerAfter).toEqual(layerBefore);
    ok(await api.get(`${featureTypesPath(ws, 'st')}/${table}.json`));
    ok(await api.get(`/workspaces/${ws}/datastores/st.json`));
    // The revert is a write of its own, recorded under one new request.
    const recreated = (await changesOf(api, `/workspaces/${ws}`, `&since=${workspaceDelete.seq}`)).filter((c) => c.request !== workspaceDelete.request);
    expect(new Set(recreated.map((c) => `${c.operation} ${c.kind}`))).toEqual(
      new Set(['create workspace', 'create dataStore', 'create featureType', 'create layer', 'create style']),
    );
    expect(new Set(recreated.map((c) => c.request)).size).toBe(1);
  });

  it('reverts a deleted style with its SLD byte for byte, and an update back to its before', async () => {
    const { api } = ctx;
    const ws = uniqueName('histstyle');
    await createWorkspace(api, ws);
    await createStyle(api, ws, 'lines');
    const sld = Buffer.concat([SLD, Buffer.from('\n<!-- exact bytes: ünïcode -->\n')]);
    ok(await api.put(`/workspaces/${ws}/styles/lines`, sld, SLD_10));
    ok(await api.delete(`/workspaces/${ws}/styles/lines`));
    const [del] = (await changesOf(api, `/workspaces/${ws}/styles/lines`)).filter((c) => c.operation === 'delete');
    expect(ok(await api.post(`/changes/${del.seq}/revert`)).status).toBe(200);
    expect(ok(await api.get(`/workspaces/${ws}/styles/lines.sld`)).bytes.equals(sld)).toBe(true);

    ok(await api.putJson(`/workspaces/${ws}`, { workspace: { isolated: true } }));
    const [update] = (await changesOf(api, `/workspaces/${ws}`)).filter((c) => c.operation === 'update' && c.kind === 'workspace');
    expect(update.before!.workspace.isolated).toBe(false);
    expect(update.after!.workspace.isolated).toBe(true);
    ok(await api.post(`/changes/${update.seq}/revert`));
    expect(JSON.parse(ok(await api.get(`/workspaces/${ws}.json`)).text).workspace.isolated).toBe(false);
  });

  it('refuses with 409 to revert a change whose record changed since, unless forced', async () => {
    const { api } = ctx;
    const ws = uniqueName('histconf');
    await createWorkspace(api, ws);
    await createStyle(api, ws, 'a');
    ok(await api.putJson(`/workspaces/${ws}/styles/a`, { style: { filename: 'first.sld' } }));
    ok(await api.putJson(`/workspaces/${ws}/styles/a`, { style: { filename: 'second.sld' } }));
    const [first, second] = (await changesOf(api, `/workspaces/${ws}/styles/a`)).filter((c) => c.operation === 'update');
    const refused = await api.post(`/changes/${first.seq}/revert`);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(`change ${second.seq} by admin`);
    expect(refused.text).toContain('force=true');
    // The problem document's code tells a client that force can help (the console's "Revert anyway").
    const problem = await api.post(`/changes/${first.seq}/revert`, undefined, undefined, { accept: 'application/problem+json' });
    expect(problem.json()).toMatchObject({ status: 409, code: 'CHANGED_SINCE', detail: refused.text });
    expect(JSON.parse(ok(await api.get(`/workspaces/${ws}/styles/a.json`)).text).style.filename).toBe('second.sld');
    ok(await api.post(`/changes/${first.seq}/revert?force=true`));
    expect(JSON.parse(ok(await api.get(`/workspaces/${ws}/styles/a.json`)).text).style.filename).toBe('a.sld');
    // Reverting a create deletes the record; a name taken since is a 409, nothing changed.
    const [create] = await changesOf(api, `/workspaces/${ws}/styles/a`);
    ok(await api.post(`/changes/${create.seq}/revert?force=true`));
    expect((await api.get(`/workspaces/${ws}/styles/a.json`)).status).toBe(404);
  });

  it('filters by resource, user and since, pages newest first with next links, in XML and JSON', async () => {
    const { api, server } = ctx;
    const ws = uniqueName('histpage');
    const user = uniqueName('histuser');
    ok(await api.postJson('/security/usergroup/users', { user: { userName: user, password: 'pw-History-1', enabled: true } }), 201);
    ok(await api.post(`/security/roles/role/ADMIN/user/${user}`), 200);
    const other = api.as({ user, password: 'pw-History-1' });
    await createWorkspace(api, ws);
    await createWorkspace(api, `${ws}x`);
    for (const name of ['s1', 's2', 's3', 's4', 's5']) await createStyle(other, ws, name);

    // A prefix names the resource and what lies below it, not its look-alikes.
    const below = await changesOf(api, `/workspaces/${ws}`);
    expect(below.some((c) => c.resource.startsWith(`/workspaces/${ws}x`))).toBe(false);
    expect(below).toHaveLength(6);
    const byOther = await changesOf(api, `/workspaces/${ws}`, `&user=${user}`);
    expect(summary(byOther)).toEqual(['s1', 's2', 's3', 's4', 's5'].map((s) => `create style /workspaces/${ws}/styles/${s}`));
    expect(byOther.every((c) => c.user === user)).toBe(true);
    const since = await changesOf(api, `/workspaces/${ws}`, `&since=${byOther[2].seq}`);
    expect(since.map((c) => c.seq)).toEqual([byOther[3].seq, byOther[4].seq]);

    // Pages of two, newest first, following next links to the end.
    const seen: number[] = [];
    let next: string | undefined = `${server.restUrl}/changes.json?resource=/workspaces/${ws}&user=${user}&limit=2`;
    while (next) {
      const page: { change: Change[]; next?: string } = JSON.parse(ok(await restClient(server).request('GET', next.slice(server.restUrl.length))).text).changes;
      seen.push(...page.change.map((c) => c.seq));
      next = page.next;
    }
    expect(seen).toEqual(byOther.map((c) => c.seq).reverse());
    const xml = parseXml(ok(await api.get(`/changes.xml?resource=/workspaces/${ws}&user=${user}&limit=2`)).text);
    expect(xml.tag).toBe('changes');
    expect(findAll(xml, 'change').map((c) => Number(findText(c, 'seq')))).toEqual([byOther[4].seq, byOther[3].seq]);
    expect(atomHref(find(xml, 'next'))).toContain(`olderThan=${byOther[3].seq}`);

    for (const bad of ['limit=0', 'limit=1001', 'limit=x', 'since=-1', 'since=abc', 'olderThan=1e3']) {
      const res = await api.get(`/changes.json?${bad}`);
      expect([bad, res.status]).toEqual([bad, 400]);
    }
  });

  it('never shows a password hash, and is for administrators only', async () => {
    const { api } = ctx;
    const user = uniqueName('histreader');
    ok(await api.postJson('/security/usergroup/users', { user: { userName: user, password: 'pw-Reader-12', enabled: true } }), 201);
    ok(await api.post(`/security/roles/role/READER/user/${user}`), 200);
    ok(await api.putJson(`/security/usergroup/user/${user}`, { user: { password: 'pw-Reader-34' } }));
    const changes = await changesOf(api, `/security/usergroup/user/${user}`);
    expect(summary(changes)).toEqual([
      `create user /security/usergroup/user/${user}`,
      `update user /security/usergroup/user/${user}`,
      `update user /security/usergroup/user/${user}`,
    ]);
    expect(changes[1].after!.user.roles).toEqual(['READER']);
    const text = ok(await api.get(`/changes.json?resource=/security&limit=1000`)).text + ok(await api.get(`/changes.xml?limit=1000`)).text;
    expect(text).not.toMatch(/scrypt|password_hash|pw-Reader/);
    const reader = api.as({ user, password: 'pw-Reader-34' });
    expect((await reader.get('/changes.json')).status).toBe(403);
    expect((await reader.post(`/changes/${changes[0].seq}/revert`)).status).toBe(403);
  });

  it('records nothing for a dry run', async () => {
    const { api } = ctx;
    const ws = uniqueName('histdry');
    ok(await api.postJson('/workspaces?dryRun=true', { workspace: { name: ws } }), 201);
    expect(await changesOf(api, `/workspaces/${ws}`)).toEqual([]);
    await createWorkspace(api, ws);
    const [create] = await changesOf(api, `/workspaces/${ws}`);
    ok(await api.post(`/changes/${create.seq}/revert?dryRun=true`));
    ok(await api.get(`/workspaces/${ws}.json`));
    expect(await changesOf(api, `/workspaces/${ws}`)).toHaveLength(1);
  });
});

describeWithExternalCatalog('history retention', () => {
  it('HISTORY_DAYS removes older changes when the api starts, and keeps the rest', async () => {
    const first = await startApi({ keepDatabase: true });
    const api = restClient(first);
    const [old, fresh] = [uniqueName('histold'), uniqueName('histnew')];
    await createWorkspace(api, old);
    await createWorkspace(api, fresh);
    await withClient(first.databaseUrl!, (c) => c.query(`UPDATE catalog_change SET time = now() - interval '31 days' WHERE resource LIKE $1`, [`%/${old}`]));
    await first.stop();
    const second = await startApi({ databaseUrl: first.databaseUrl, env: { HISTORY_DAYS: '30', ADMIN_PASSWORD: first.admin.password } });
    try {
      const again = restClient(second);
      // Pruning runs at start, beside serving: wait for it.
      let left: Change[] = [];
      for (let i = 0; i < 50; i++) {
        left = await changesOf(again, `/workspaces/${old}`);
        if (!left.length) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(left).toEqual([]);
      expect(summary(await changesOf(again, `/workspaces/${fresh}`))).toEqual([`create workspace /workspaces/${fresh}`]);
    } finally {
      await second.stop();
      await withClient(process.env.TEST_DATABASE_URL!, (c) => c.query(`DROP DATABASE IF EXISTS "${new URL(first.databaseUrl!).pathname.slice(1)}"`));
    }
  });
});

describeWithExternalCatalog('a write whose client leaves before the answer', () => {
  it('is recorded with its author and its request id once it commits', async () => {
    const server = await startApi();
    try {
      const api = restClient(server);
      const name = uniqueName('histgone');
      let requestId: string | undefined;
      await withClient(server.databaseUrl!, async (locker) => {
        // Held until the client has gone: the workspace's INSERT waits for it.
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE workspace IN EXCLUSIVE MODE');
        const body = JSON.stringify({ workspace: { name } });
        const auth = `Basic ${Buffer.from(`${server.admin.user}:${server.admin.password}`).toString('base64')}`;
        const req = request(`${server.restUrl}/workspaces`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        });
        req.on('response', (res) => {
          requestId = String(res.headers['x-request-id']);
        });
        req.on('error', () => undefined);
        req.end(body);
        for (let waiting = 0, tries = 0; !waiting; tries++) {
          if (tries > 1000) throw new Error('the workspace INSERT never waited for the lock');
          await new Promise((r) => setTimeout(r, 20));
          // Inside a transaction the activity view is read once: read it afresh.
          await locker.query('SELECT pg_stat_clear_snapshot()');
          const { rows } = await locker.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'BEGIN; INSERT INTO workspace%' OR wait_event_type = 'Lock' AND query LIKE 'INSERT INTO "workspace"%'`,
          );
          waiting = rows[0].n;
        }
        req.destroy();
        await new Promise((r) => setTimeout(r, 50));
        await locker.query('COMMIT');
      });
      let changes: Change[] = [];
      for (let i = 0; i < 50 && !changes.length; i++) {
        changes = await changesOf(api, `/workspaces/${name}`);
        if (!changes.length) await new Promise((r) => setTimeout(r, 100));
      }
      expect(requestId).toBeUndefined();
      expect(changes.map((c) => [c.operation, c.user])).toEqual([['create', server.admin.user]]);
      expect(changes[0].request).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
