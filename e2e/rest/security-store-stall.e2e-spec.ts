/**
 * No write, dry or real, holds the catalog while it waits on a data store (issue 21, row 2;
 * contract §6). The reproduction: a store whose host accepts TCP and never answers, and a write
 * that asks it (publishing a table, dry or real; a connection test; a dry-run import of a data
 * directory naming the store). While it waits, the catalog serves everyone else at once,
 * `/health/ready` is 200, and on PostgreSQL no catalog connection is idle in a transaction; the
 * waiting request itself ends with the store deadline's 502 "unreachable". A store that answers
 * late and changes meanwhile: the write answers 409 and writes nothing.
 */
import { withClient } from '../support/api-server';
import { createWorkspace, dataStoreBodyXml } from '../support/catalog';
import { importZip, unzipText, zipDirectory } from '../support/data-directory';
import { featureTypesPath, seedFeatureTypeXml } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { HttpResponse, request } from '../support/http';
import { createSpatialStore, createStatesTable, tableSuffix, useSpatialApi } from '../support/postgis';
import { StalledStore, startSilentStore, startSlowStore } from '../support/stalled-store';

/**
 * The store deadline (contract §5: a store that does not answer is a 502 after it), shortened from
 * its default of 10 s (STORE_TIMEOUT_SECONDS) so the four writes below do not wait 40 s.
 */
const STORE_TIMEOUT_MS = 5_000;
const ctx = useSpatialApi({ env: { STORE_TIMEOUT_SECONDS: String(STORE_TIMEOUT_MS / 1000) } });
/** What "at once" means for a request that waits on nothing. */
const PROMPT_MS = 1_000;

let silent: StalledStore;
beforeAll(async () => {
  silent = await startSilentStore();
});
afterAll(() => silent?.close());

/** A workspace with a store on the silent host. */
async function silentStore(): Promise<{ ws: string; ds: string }> {
  const ws = uniqueName('stall');
  await createWorkspace(ctx.api, ws);
  await createSpatialStore(ctx.api, ctx.db, ws, 'st', { host: silent.host, port: String(silent.port) });
  return { ws, ds: 'st' };
}

/**
 * The workspace exported as a data directory, plus a feature type (and its layer) of its store:
 * importing it asks the store to describe the table.
 */
async function directoryNamingTheStore(ws: string, ds: string): Promise<Buffer> {
  const exported = await ctx.api.get(`/catalog/export?workspace=${ws}`);
  expect(exported).toHaveStatus(200);
  const files = unzipText(exported.bytes);
  const idIn = (path: string) => /<id>([^<]+)<\/id>/.exec(files.get(path) ?? '')?.[1];
  const namespaceId = idIn(`workspaces/${ws}/namespace.xml`);
  const storeId = idIn(`workspaces/${ws}/${ds}/datastore.xml`);
  expect([namespaceId, storeId]).toEqual([expect.any(String), expect.any(String)]);
  files.set(
    `workspaces/${ws}/${ds}/stalled/featuretype.xml`,
    `<featureType><id>FeatureTypeInfoImpl-stalled</id><name>stalled</name><nativeName>stalled</nativeName>` +
      `<namespace><id>${namespaceId}</id></namespace><srs>EPSG:4326</srs><enabled>true</enabled>` +
      `<store class="dataStore"><id>${storeId}</id></store></featureType>`,
  );
  files.set(
    `workspaces/${ws}/${ds}/stalled/layer.xml`,
    `<layer><name>stalled</name><id>LayerInfoImpl-stalled</id><type>VECTOR</type><defaultStyle><name>point</name></defaultStyle>` +
      `<resource class="featureType"><id>FeatureTypeInfoImpl-stalled</id></resource></layer>`,
  );
  return zipDirectory(files);
}

/** Another client's read and the readiness probe, three times each: `what status prompt|slow`. */
async function othersMeanwhile(): Promise<string[]> {
  const health = `${ctx.server.restUrl.replace(/\/rest$/, '')}/health/ready`;
  const lines: string[] = [];
  const line = (what: string, res: HttpResponse) => `${what} ${res.status} ${res.ms < PROMPT_MS ? 'prompt' : `slow (${Math.round(res.ms)} ms)`}`;
  for (let i = 0; i < 3; i++) {
    lines.push(line('GET /rest/workspaces', await ctx.api.get('/workspaces.json')));
    lines.push(line('GET /health/ready', await request(health, { auth: null, accept: 'application/json' })));
  }
  return lines;
}

/** Catalog connections idle inside a transaction (PostgreSQL's own count); null on the embedded catalog. */
async function idleInTransaction(): Promise<number | null> {
  const url = ctx.server.databaseUrl;
  if (!url) return null;
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    return rows[0].n;
  });
}

type Write = (at: { ws: string; ds: string }) => Promise<HttpResponse>;

const WRITES: Array<[string, boolean, Write]> = [
  ['POST featuretypes?dryRun=true', true, ({ ws, ds }) => ctx.api.postXml(`${featureTypesPath(ws, ds)}?dryRun=true`, seedFeatureTypeXml('stalled'))],
  ['POST featuretypes', false, ({ ws, ds }) => ctx.api.postXml(featureTypesPath(ws, ds), seedFeatureTypeXml('stalled'))],
  [
    'POST datastores/connection-test?dryRun=true',
    true,
    () =>
      ctx.api.postXml(
        '/datastores/connection-test?dryRun=true',
        dataStoreBodyXml('probe', ctx.db.storeParams({ host: silent.host, port: String(silent.port) })),
      ),
  ],
  ['POST catalog/import?dryRun=true', true, async ({ ws, ds }) => importZip(ctx.api, await directoryNamingTheStore(ws, ds), '?dryRun=true')],
];

describe('a write waiting on a store that never answers holds nothing of the catalog', () => {
  it.each(WRITES)(
    '%s: others and /health/ready answer at once meanwhile; it ends with 502 unreachable',
    async (_what, dryRun, write) => {
      const at = await silentStore();
      const seen = silent.connections;
      const started = Date.now();
      let settled = false;
      const pending = write(at).finally(() => {
        settled = true;
      });
      // The write is waiting on the store from the moment the store's host has its connection.
      await silent.connectionAfter(seen);
      expect(await othersMeanwhile()).toEqual(Array.from({ length: 3 }, () => ['GET /rest/workspaces 200 prompt', 'GET /health/ready 200 prompt']).flat());
      const idle = await idleInTransaction();
      if (idle !== null) expect(idle).toBe(0);
      expect(settled).toBe(false);

      const res = await pending;
      expect(res).toBeTextError(502);
      expect(res.text).toContain('unreachable');
      expect(res.headers.get('dry-run')).toBe(dryRun ? 'true' : null);
      expect(Date.now() - started).toBeGreaterThanOrEqual(STORE_TIMEOUT_MS - 1_000);
      // The shortened deadline, not the default of 10 s.
      expect(Date.now() - started).toBeLessThan(STORE_TIMEOUT_MS + 4_000);
      // Nothing was written.
      expect((await ctx.api.get(`${featureTypesPath(at.ws, at.ds)}.xml`)).text).toBe('<featureTypes/>');
      expect((await ctx.api.get(`/workspaces/${at.ws}/layers.xml`)).text).toBe('<layers/>');
    },
    30_000,
  );
});

describe('a store that answers late and changes meanwhile', () => {
  /** How long the relay holds each new connection to the store: the window for the change (within the store deadline). */
  const HOLD_MS = 3_000;
  const table = `late_${tableSuffix()}`;
  let slow: StalledStore;
  beforeAll(async () => {
    await createStatesTable(ctx.db, table);
    const { host, port } = ctx.db.storeParams();
    slow = await startSlowStore({ host, port: Number(port) }, HOLD_MS);
  }, 60_000);
  afterAll(() => slow?.close());

  /** The store's parameters, `namespace` telling one version from another (a change of any parameter counts). */
  const params = (version: number) => ctx.db.storeParams({ host: slow.host, port: String(slow.port), namespace: `urn:late:${version}` });
  /** Changes the store; its password sent again is sealed anew, so the next call opens a new connection (held by the relay). */
  const changeStore = (ws: string, version: number) => ctx.api.putXml(`/workspaces/${ws}/datastores/st`, dataStoreBodyXml('st', params(version)));
  const lateStore = async (): Promise<string> => {
    const ws = uniqueName('late');
    await createWorkspace(ctx.api, ws);
    expect(await ctx.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('st', params(1)))).toHaveStatus(201);
    return ws;
  };

  /** Sends `write`, changes the store while the store holds it, and returns the write's answer. */
  async function changedMeanwhile(ws: string, write: () => Promise<HttpResponse>): Promise<HttpResponse> {
    const seen = slow.connections;
    let settled = false;
    const pending = write().finally(() => {
      settled = true;
    });
    await slow.connectionAfter(seen);
    expect(await changeStore(ws, seen + 100)).toHaveStatus(200);
    // The change landed while the write was still waiting on the store.
    expect(settled).toBe(false);
    return pending;
  }

  it('publishing a table: 409, nothing written; sent again, it is published', async () => {
    const ws = await lateStore();
    const res = await changedMeanwhile(ws, () => ctx.api.postXml(featureTypesPath(ws, 'st'), seedFeatureTypeXml(table)));
    expect(res).toBeTextError(409);
    expect(res.text).toBe(`Data store ${ws}:st changed while it was being read; nothing was written: send the request again`);
    expect((await ctx.api.get(`${featureTypesPath(ws, 'st')}.xml`)).text).toBe('<featureTypes/>');
    expect(await ctx.api.postXml(featureTypesPath(ws, 'st'), seedFeatureTypeXml(table))).toHaveStatus(201);
  }, 60_000);

  it('recalculating bounds: 409, the feature type unchanged', async () => {
    const ws = await lateStore();
    expect(await ctx.api.postXml(featureTypesPath(ws, 'st'), seedFeatureTypeXml(table))).toHaveStatus(201);
    const path = `${featureTypesPath(ws, 'st')}/${table}`;
    // The record itself (its ETag follows the store's version, which the test changes).
    const record = async () => {
      const ft = (await ctx.api.get(`${path}.json`)).json().featureType;
      return { title: ft.title, dateModified: ft.dateModified, nativeBoundingBox: ft.nativeBoundingBox };
    };
    const before = await record();
    // New parameters: the next call opens a new connection, which the relay holds.
    expect(await changeStore(ws, 2)).toHaveStatus(200);
    const res = await changedMeanwhile(ws, () => ctx.api.putXml(`${path}?recalculate=nativebbox,latlonbbox`, `<featureType><title>late</title></featureType>`));
    expect(res).toBeTextError(409);
    expect(res.text).toBe(`Data store ${ws}:st changed while it was being read; nothing was written: send the request again`);
    expect(await record()).toEqual(before);
  }, 60_000);
});
