/**
 * What goes wrong between the api and a data store's database: missing tables, hostile table
 * names, unknown CRS codes, a store that refuses connections and one that never answers. Each
 * failure is a clear 4xx/502 and writes nothing.
 */
import { createWorkspace } from '../support/catalog';
import { featureTypeBodyXml, featureTypesPath, seedFeatureTypeXml } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { HttpResponse } from '../support/http';
import { createSpatialStore, createStatesTable, useSpatialApi } from '../support/postgis';
import { StalledStore, startSilentStore } from '../support/stalled-store';

const ctx = useSpatialApi();

/** Connect timeout of the contract (§5): a store that does not answer is a 502 after 10 s. */
const STORE_TIMEOUT_MS = 10_000;

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
}, 60_000);

async function freshStore(overrides: Record<string, string> = {}): Promise<{ ws: string; ds: string }> {
  const ws = uniqueName('ws');
  const ds = uniqueName('ds');
  await createWorkspace(ctx.api, ws);
  await createSpatialStore(ctx.api, ctx.db, ws, ds, overrides);
  return { ws, ds };
}

/** Nothing of a failed POST is in the catalog: no feature type, no layer, an empty list. */
async function expectNothingWritten(ws: string, ds: string, name: string): Promise<void> {
  const { api } = ctx;
  expect(await api.get(`${featureTypesPath(ws, ds)}/${encodeURIComponent(name)}.xml`)).toHaveStatus(404);
  expect(await api.get(`/layers/${ws}:${encodeURIComponent(name)}.xml`)).toHaveStatus(404);
  expect((await api.get(`${featureTypesPath(ws, ds)}.xml`)).text).toBe('<featureTypes/>');
  expect((await api.get(`/workspaces/${ws}/layers.xml`)).text).toBe('<layers/>');
}

describe('tables that are not there', () => {
  it('an unknown table: 404 naming the schema-qualified table; nothing written', async () => {
    const { api, db } = ctx;
    const { ws, ds } = await freshStore();
    const res = await api.postXml(featureTypesPath(ws, ds), seedFeatureTypeXml('no_such_table'));
    expect(res).toBeTextError(404);
    expect(res.text).toContain(db.qualified('no_such_table'));
    if (db.kind === 'external') expect(res.text).toContain('public.no_such_table');
    await expectNothingWritten(ws, ds, 'no_such_table');
  });

  it.each([
    ['SQL injection', 'states; DROP TABLE states;--'],
    ['a quoted identifier', '"states"'],
    ['a schema-qualified name', 'public.states'],
    ['a quote', "states' OR '1'='1"],
  ])('nativeName with %s is just an unknown table: 404, and the real table still exists', async (_why, nativeName) => {
    const { api, db } = ctx;
    const { ws, ds } = await freshStore();
    const escaped = nativeName.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const res = await api.postXml(
      featureTypesPath(ws, ds),
      `<featureType><name>evil</name><nativeName>${escaped}</nativeName><nativeCRS>EPSG:4326</nativeCRS></featureType>`,
    );
    expect(res).toBeTextError(404);
    expect(await db.tableExists('states')).toBe(true);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM states'))[0].n).toBe(3);
    await expectNothingWritten(ws, ds, 'evil');
    // The same in JSON.
    const json = await api.postJson(featureTypesPath(ws, ds), { featureType: { name: 'evil', nativeName, nativeCRS: 'EPSG:4326' } });
    expect(json).toBeTextError(404);
    expect(await db.tableExists('states')).toBe(true);
  });
});

describe('CRS codes', () => {
  it.each([
    ['nativeCRS', 'EPSG:99999'],
    ['srs', 'EPSG:99999'],
    ['nativeCRS', 'EPSG:notanumber'],
    ['nativeCRS', 'NOPE:4326'],
  ])('an unknown %s %s: 400; nothing written', async (field, code) => {
    const { api } = ctx;
    const { ws, ds } = await freshStore();
    const res = await api.postXml(featureTypesPath(ws, ds), featureTypeBodyXml({ name: 'states', nativeName: 'states', [field]: code, enabled: true }));
    expect(res).toBeTextError(400);
    await expectNothingWritten(ws, ds, 'states');
  });
});

describe('unreachable stores', () => {
  it('a store on a closed port: 502 naming the store, at once; nothing written', async () => {
    const { api } = ctx;
    const { ws, ds } = await freshStore({ host: '127.0.0.1', port: '1' });
    const res = await api.postXml(featureTypesPath(ws, ds), seedFeatureTypeXml('states'));
    expect(res).toBeTextError(502);
    expect(res.text).toContain(ds);
    expect(res.ms).toBeLessThan(3_000);
    await expectNothingWritten(ws, ds, 'states');
    // Listing the store's tables needs the database too.
    const list = await api.get(`${featureTypesPath(ws, ds)}.xml?list=available`);
    expect(list).toBeTextError(502);
    expect(list.text).toContain(ds);
  });

  // PGlite serves one database whatever name a client asks for: this needs a real server.
  const itWithServer = process.env.TEST_DATABASE_URL ? it : it.skip;
  itWithServer('a store naming a database that does not exist: 502 with the store name, "unreachable" (the reason is logged)', async () => {
    const { api } = ctx;
    const missing = `gc_e2e_missing_${uniqueName('db').toLowerCase()}`;
    const { ws, ds } = await freshStore({ database: missing, schema: 'public' });
    const res = await api.postXml(featureTypesPath(ws, ds), seedFeatureTypeXml('states'));
    expect(res).toBeTextError(502, `Data store '${ws}:${ds}' is unreachable`);
    expect(ctx.server.output()).toContain(`database "${missing}" does not exist`);
    await expectNothingWritten(ws, ds, 'states');
  });

  describe('a store whose server accepts connections and never answers', () => {
    let silent: StalledStore;

    beforeAll(async () => {
      // Accept, read and never write: the PostgreSQL startup message goes unanswered.
      silent = await startSilentStore();
    });
    afterAll(() => silent?.close());

    it('502 naming the store after the 10 s timeout; meanwhile and afterwards the api answers at once; nothing written', async () => {
      const { api } = ctx;
      const { ws, ds } = await freshStore({ host: silent.host, port: String(silent.port) });

      const started = Date.now();
      const pending = api.postXml(featureTypesPath(ws, ds), seedFeatureTypeXml('states'));

      // While that request waits on the store, others (reads and writes) are served at once.
      await silent.connectionAfter(0);
      const during: Array<[string, HttpResponse]> = [];
      for (let i = 0; i < 3; i++) {
        during.push(['GET version', await api.get('/about/version.json')]);
        during.push(['GET workspace', await api.get(`/workspaces/${ws}.json`)]);
        during.push(['GET store', await api.get(`/workspaces/${ws}/datastores/${ds}.json`)]);
      }
      const other = uniqueName('ws');
      during.push(['POST workspace', await api.postXml('/workspaces', `<workspace><name>${other}</name></workspace>`)]);
      for (const [what, res] of during) {
        expect([what, res.status < 300, res.ms < 1_000]).toEqual([what, true, true]);
      }
      expect(Date.now() - started).toBeLessThan(STORE_TIMEOUT_MS - 2_000);

      const res = await pending;
      const elapsed = Date.now() - started;
      expect(res).toBeTextError(502);
      expect(res.text).toContain(ds);
      expect(elapsed).toBeGreaterThanOrEqual(STORE_TIMEOUT_MS - 1_000);
      expect(elapsed).toBeLessThan(STORE_TIMEOUT_MS + 1_500);

      const after = await api.get('/about/version.json');
      expect(after).toHaveStatus(200);
      expect(after.ms).toBeLessThan(1_000);
      await expectNothingWritten(ws, ds, 'states');
    }, 30_000);
  });
});
