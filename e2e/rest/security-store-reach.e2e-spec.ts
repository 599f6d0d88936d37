/**
 * How far a data store reaches (issue 9, scope 9; contract §6):
 * - PostgreSQL's own schemas are never published, listed or read (the reviewer published
 *   `pg_catalog.pg_authid`, password hashes included, and a READER read it as features);
 * - `STORE_HOSTS` limits where stores and connection tests connect, and a store saved before the
 *   list changed is refused at connect time;
 * - feature streams take connections from a budget of their own: readers that stall cannot starve
 *   the store's introspection, a read past the budget gets 503 + Retry-After, and a stalled
 *   reader loses its connection after a short idle limit.
 */
import { request as httpRequest, IncomingMessage } from 'node:http';
import { createWorkspace, dataStoreBodyXml, useApiServer, userWithRole } from '../support/catalog';
import { seedFeatureTypeXml } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { basicAuth, HttpResponse } from '../support/http';
import { createSpatialStore, useSpatialApi } from '../support/postgis';
import { featuresClient, GEOJSON, publish } from '../features/support';

const ctx = useSpatialApi();

function expectSystemSchemaRefused(res: HttpResponse, schema: string) {
  expect(res).toHaveStatus(400);
  expect(res.text).toContain(`'${schema}'`);
  expect(res.text).toContain("PostgreSQL's own schemas are never published or read");
}

describe('system schemas', () => {
  it("the issue's pg_catalog.pg_authid: a store on a system schema is refused, on create and on change", async () => {
    const ws = uniqueName('sys');
    await createWorkspace(ctx.api, ws);
    for (const schema of ['pg_catalog', 'information_schema', 'pg_toast', 'pg_temp_1']) {
      const res = await ctx.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml(uniqueName('sys'), ctx.db.storeParams({ schema })));
      expectSystemSchemaRefused(res, schema);
    }
    await createSpatialStore(ctx.api, ctx.db, ws, 'db');
    expectSystemSchemaRefused(
      await ctx.api.putXml(`/workspaces/${ws}/datastores/db`, dataStoreBodyXml('db', ctx.db.storeParams({ schema: 'pg_catalog' }))),
      'pg_catalog',
    );
    expectSystemSchemaRefused(
      await ctx.api.postXml('/datastores/connection-test', dataStoreBodyXml('t', ctx.db.storeParams({ schema: 'pg_catalog' }))),
      'pg_catalog',
    );
  });

  it('a store on its own schema neither lists nor publishes the system tables', async () => {
    const ws = uniqueName('sys');
    await createWorkspace(ctx.api, ws);
    await createSpatialStore(ctx.api, ctx.db, ws, 'db');
    const all = await ctx.api.get(`/workspaces/${ws}/datastores/db/featuretypes.json?list=all`);
    expect(all).toHaveStatus(200);
    expect(all.text).not.toMatch(/pg_authid|pg_shadow|pg_roles|pg_class|"tables"|"columns"/);
    for (const name of ['pg_authid', 'pg_catalog.pg_authid', 'information_schema.tables']) {
      const res = await ctx.api.postXml(`/workspaces/${ws}/datastores/db/featuretypes`, seedFeatureTypeXml(uniqueName('x'), name));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    // Nothing readable came of it.
    const reader = await userWithRole(ctx.api, 'READER', 'sysreader');
    const collections = await featuresClient(ctx.server, reader).get('/collections');
    expect(collections.text).not.toContain('pg_authid');
  });
});

describe('STORE_HOSTS', () => {
  const narrow = useApiServer({ env: { STORE_HOSTS: 'only-this.example, *.db.example.org' } });
  const local = useApiServer({ env: { STORE_HOSTS: '127.0.0.0/8, ::1' } });

  it('refuses stores and connection tests to any other host with a 400 naming STORE_HOSTS; nothing is saved', async () => {
    const api = narrow.api;
    const ws = uniqueName('hosts');
    await createWorkspace(api, ws);
    const params = ctx.db.storeParams({ host: '127.0.0.1' });
    const create = await api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('db', params));
    expect(create).toHaveStatus(400);
    expect(create.text).toBe("Data stores may not connect to '127.0.0.1': it is not in STORE_HOSTS (STORE_HOSTS is only-this.example, *.db.example.org)");
    expect(await api.get(`/workspaces/${ws}/datastores/db.json`)).toHaveStatus(404);
    const test = await api.postXml('/datastores/connection-test', dataStoreBodyXml('t', params));
    expect(test).toHaveStatus(400);
    expect(test.text).toContain('STORE_HOSTS');
    // An allowed name is taken as written (it need not resolve to be saved).
    expect(await api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('named', ctx.db.storeParams({ host: 'pg1.db.example.org' })))).toHaveStatus(201);
    const move = await api.putXml(`/workspaces/${ws}/datastores/named`, dataStoreBodyXml('named', ctx.db.storeParams({ host: 'localhost' })));
    expect(move).toHaveStatus(400);
    expect(move.text).toContain("may not connect to 'localhost'");
  });

  it('allows addresses in a range, and names whose every address is in one', async () => {
    const api = local.api;
    const ws = uniqueName('hosts');
    await createWorkspace(api, ws);
    const host = ctx.db.storeParams().host;
    expect(await api.postXml('/datastores/connection-test', dataStoreBodyXml('t', ctx.db.storeParams({ host: '127.0.0.1' })))).toHaveStatus(200);
    expect(await api.postXml('/datastores/connection-test', dataStoreBodyXml('t', ctx.db.storeParams({ host: 'localhost' })))).toHaveStatus(200);
    expect(await api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('db', ctx.db.storeParams()))).toHaveStatus(
      host === '127.0.0.1' || host === 'localhost' ? 201 : 400,
    );
    expect((await api.postXml('/datastores/connection-test', dataStoreBodyXml('t', ctx.db.storeParams({ host: '10.1.2.3' })))).text).toContain('STORE_HOSTS');
  });
});

/** GET with node:http that never reads the body: a stalled reader. */
function stall(url: string, auth: { user: string; password: string }): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { authorization: basicAuth(auth.user, auth.password), accept: GEOJSON }, agent: false }, (res) => {
      res.pause();
      resolve(res);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('feature streams have a connection budget of their own', () => {
  const TABLE = 'reach_heavy';

  beforeAll(async () => {
    const { db } = ctx;
    // ~10 kB of text per feature: a 10,000-feature page is ~100 MB, far more than socket buffers hold.
    await db.query(`CREATE TABLE "${db.schema}"."${TABLE}" (id serial PRIMARY KEY, label text, geom geometry(Point, 4326))`);
    await db.query(
      `INSERT INTO "${db.schema}"."${TABLE}" (label, geom)
       SELECT repeat(md5(g::text), 300), ST_SetSRID(ST_MakePoint(g % 360 - 180, (g % 170) - 85), 4326) FROM generate_series(1, 10000) g`,
    );
  }, 60_000);

  it('stalled readers cannot starve the store: introspection stays fast, a fifth read gets 503, and the idle limit frees them', async () => {
    const ws = uniqueName('budget');
    await createWorkspace(ctx.api, ws);
    const id = await publish(ctx.api, ctx.db, ws, TABLE);
    const f = featuresClient(ctx.server);
    const items = `${f.root}/collections/${id}/items?limit=10000`;
    const stalled = await Promise.all(Array.from({ length: 4 }, () => stall(items, ctx.server.admin)));
    try {
      expect(stalled.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      // Introspection and publishing on the same store do not wait on the stalled streams.
      const started = Date.now();
      const described = await ctx.api.get(`/workspaces/${ws}/datastores/gis/featuretypes/${TABLE}.json`);
      expect(described).toHaveStatus(200);
      expect(Date.now() - started).toBeLessThan(2_000);

      const fifth = await f.get(`/collections/${id}/items?limit=5`);
      expect(fifth).toHaveStatus(503);
      expect(fifth.text).toContain('feature reads already');
      expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);

      // After the idle limit (10 s) the stalled reads have lost their connections.
      const deadline = Date.now() + 20_000;
      let after: HttpResponse;
      do {
        await new Promise((r) => setTimeout(r, 1_000));
        after = await f.get(`/collections/${id}/items?limit=5`);
      } while (after.status === 503 && Date.now() < deadline);
      expect(after).toHaveStatus(200);
      expect(after.json().numberReturned).toBe(5);
    } finally {
      for (const r of stalled) r.destroy();
    }
  }, 60_000);
});
