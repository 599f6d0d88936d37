/**
 * Lists are streamed a page at a time (issue 12): 20,000 layers over three workspaces come out
 * complete, well-formed and byte for byte the document GeoServer's layout gives for the whole
 * list, in XML and JSON; a reader that stalls holds no catalog connection or transaction; one that
 * goes away mid-list leaves nothing running; a store's thousands of tables are listed the same way.
 */
import { request as httpRequest } from 'node:http';
import { describeWithExternalCatalog, withClient } from '../support/api-server';
import { createWorkspace, dataStoreBodyXml, useApiServer } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { basicAuth } from '../support/http';
import { externalSpatialDb, SpatialDb } from '../support/postgis';
import { parseXml } from '../support/xml-tree';

const ATOM = 'xmlns:atom="http://www.w3.org/2005/Atom"';

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** The whole-list document, as GeoServer lays it out (2-space XML, compact Jettison JSON). */
function expectedList(root: string, item: string, entries: Array<{ name: string; href: string }>, format: 'xml' | 'json'): string {
  if (format === 'json') return JSON.stringify({ [root]: entries.length ? { [item]: entries } : '' });
  if (!entries.length) return `<${root}/>`;
  const items = entries.map(
    (e) =>
      `  <${item}>\n    <name>${esc(e.name)}</name>\n    <atom:link ${ATOM} rel="alternate" href="${esc(e.href)}" type="application/atom+xml"/>\n  </${item}>`,
  );
  return `<${root}>\n${items.join('\n')}\n</${root}>`;
}

/** Layers of the catalog in list order, straight from its database. */
async function catalogLayers(databaseUrl: string, workspace?: string): Promise<Array<{ ws: string; name: string }>> {
  return withClient(databaseUrl, async (c) => {
    const { rows } = await c.query<{ ws: string; name: string }>(
      `SELECT w.name AS ws, f.name FROM layer l JOIN feature_type f ON f.id = l.feature_type_id JOIN workspace w ON w.id = f.workspace_id
        ${workspace ? 'WHERE w.name = $1' : ''} ORDER BY w.name, f.name`,
      workspace ? [workspace] : [],
    );
    return rows;
  });
}

/** Connections of the api to its catalog that are running a statement or sitting in a transaction. */
async function busyCatalogConnections(databaseUrl: string): Promise<string[]> {
  return withClient(databaseUrl, async (c) => {
    const { rows } = await c.query<{ state: string; query: string }>(
      `SELECT state, query FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
          AND (state = 'active' OR state LIKE 'idle in transaction%')`,
    );
    return rows.map((r) => `${r.state}: ${r.query.slice(0, 80)}`);
  });
}

describeWithExternalCatalog('streamed lists', () => {
  const served = useApiServer();
  let spatial: SpatialDb | undefined;
  const ctx = {
    get server() {
      return served.server;
    },
    get api() {
      return served.api;
    },
    get db() {
      return spatial!;
    },
  };
  beforeAll(async () => {
    spatial = await externalSpatialDb(process.env.TEST_DATABASE_URL!);
  });
  afterAll(async () => {
    await spatial?.drop();
  });
  const wsNames = [uniqueName('biga'), uniqueName('bigb'), uniqueName('bigc')];
  const counts = [7_000, 1, 12_999];
  const odd = ['x&y<z>', 'Ünïcode', 'Z_upper', "quote'd"];

  beforeAll(async () => {
    const { api, server, db } = ctx;
    for (const [i, ws] of wsNames.entries()) {
      await createWorkspace(api, ws);
      const res = await api.post(`/workspaces/${ws}/datastores`, dataStoreBodyXml('store', db.storeParams()), 'application/xml');
      expect(res.status).toBe(201);
      // Bulk SQL grows the catalog (the history's triggers record it like any write).
      await withClient(server.databaseUrl!, async (c) => {
        const { rows } = await c.query<{ id: number; workspace_id: number }>(
          `SELECT d.id, d.workspace_id FROM data_store d JOIN workspace w ON w.id = d.workspace_id WHERE w.name = $1`,
          [ws],
        );
        const names = Array.from({ length: counts[i] }, (_, n) => (i === 0 && n < odd.length ? odd[n] : `l_${String(n).padStart(6, '0')}`));
        await c.query(`INSERT INTO feature_type (data_store_id, workspace_id, name, native_name) SELECT $1, $2, n, 't_' || n FROM unnest($3::text[]) n`, [
          rows[0].id,
          rows[0].workspace_id,
          names,
        ]);
        await c.query(`INSERT INTO layer (feature_type_id) SELECT id FROM feature_type WHERE data_store_id = $1`, [rows[0].id]);
      });
    }
  }, 120_000);

  it('lists 20,000 layers completely, well-formed, byte for byte the whole document, in XML and JSON; the ETag follows the catalog', async () => {
    const { api, server } = ctx;
    const layers = await catalogLayers(server.databaseUrl!);
    expect(layers.filter((l) => wsNames.includes(l.ws))).toHaveLength(20_000);
    for (const format of ['xml', 'json'] as const) {
      const res = await api.get(`/layers.${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      const entries = layers.map((l) => ({ name: `${l.ws}:${l.name}`, href: `${server.restUrl}/layers/${encodeURIComponent(`${l.ws}:${l.name}`)}.${format}` }));
      expect(res.text).toBe(expectedList('layers', 'layer', entries, format));
      if (format === 'xml') expect(parseXml(res.text).children).toHaveLength(layers.length);
      else expect((JSON.parse(res.text) as { layers: { layer: unknown[] } }).layers.layer).toHaveLength(layers.length);
    }

    // One workspace's layers, with bare names.
    const scoped = await catalogLayers(server.databaseUrl!, wsNames[2]);
    const res = await api.get(`/workspaces/${wsNames[2]}/layers.json`);
    expect(res.text).toBe(
      expectedList(
        'layers',
        'layer',
        scoped.map((l) => ({ name: l.name, href: `${server.restUrl}/workspaces/${wsNames[2]}/layers/${encodeURIComponent(l.name)}.json` })),
        'json',
      ),
    );

    // The store's feature types, and an unknown workspace's layers (none, as in GeoServer).
    const fts = await api.get(`/workspaces/${wsNames[0]}/datastores/store/featuretypes.xml`);
    const ftNames = (await catalogLayers(server.databaseUrl!, wsNames[0])).map((l) => l.name);
    expect(fts.text).toBe(
      expectedList(
        'featureTypes',
        'featureType',
        ftNames.map((n) => ({ name: n, href: `${server.restUrl}/workspaces/${wsNames[0]}/datastores/store/featuretypes/${encodeURIComponent(n)}.xml` })),
        'xml',
      ),
    );
    expect((await api.get(`/workspaces/${uniqueName('nows')}/layers.json`)).text).toBe('{"layers":""}');

    // The weak ETag answers 304 until the catalog changes, even by SQL outside the api.
    const tag = res.headers.get('etag')!;
    expect(tag).toMatch(/^W\//);
    expect((await api.get(`/workspaces/${wsNames[2]}/layers.json`, { headers: { 'If-None-Match': tag } })).status).toBe(304);
    await withClient(server.databaseUrl!, (c) => c.query(`UPDATE feature_type SET title = 'changed' WHERE name = 'l_000001'`));
    expect((await api.get(`/workspaces/${wsNames[2]}/layers.json`, { headers: { 'If-None-Match': tag } })).status).toBe(200);
  }, 120_000);

  it('lists the OGC API collections the same way: every advertised layer, each as /collections/{id} shows it', async () => {
    const { server } = ctx;
    const auth = { Authorization: basicAuth(server.admin.user, server.admin.password) };
    const res = await fetch(`${server.baseUrl}/ogc/features/v1/collections`, { headers: auth });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { links: Array<{ rel: string }>; collections: Array<{ id: string }> };
    const layers = await catalogLayers(server.databaseUrl!);
    expect(body.collections.map((c) => c.id)).toEqual(layers.map((l) => `${l.ws}:${l.name}`));
    expect(body.links.map((l) => l.rel)).toEqual(['self']);
    for (const id of [body.collections[0].id, body.collections[12_345].id, body.collections.at(-1)!.id]) {
      const one = await fetch(`${server.baseUrl}/ogc/features/v1/collections/${encodeURIComponent(id)}`, { headers: auth });
      expect(body.collections.find((c) => c.id === id)).toEqual(await one.json());
    }
  }, 120_000);

  it('holds no catalog connection while a reader stalls, and leaves nothing running when it goes away', async () => {
    const { server, api } = ctx;
    const url = new URL(`${server.restUrl}/layers.xml`);
    const stalled = await new Promise<{ resume: () => Promise<string>; drop: () => void }>((resolve, reject) => {
      const req = httpRequest(url, { headers: { Authorization: basicAuth(server.admin.user, server.admin.password) }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.once('data', (c: Buffer) => {
          chunks.push(c);
          res.pause();
          resolve({
            resume: () =>
              new Promise((done) => {
                res.on('data', (more: Buffer) => chunks.push(more));
                res.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
                res.resume();
              }),
            drop: () => req.destroy(),
          });
        });
      });
      req.on('error', reject);
      req.end();
    });
    // The socket's buffers are full long before 20,000 layers: the api waits for the reader.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await busyCatalogConnections(server.databaseUrl!)).toEqual([]);
    // Others are served meanwhile.
    expect((await api.get('/workspaces.json')).status).toBe(200);
    const whole = await stalled.resume();
    expect(parseXml(whole).children.length).toBe((await catalogLayers(server.databaseUrl!)).length);

    // A reader that goes away after the first bytes.
    const dropped = await new Promise<{ drop: () => void }>((resolve, reject) => {
      const req = httpRequest(url, { headers: { Authorization: basicAuth(server.admin.user, server.admin.password) }, agent: false }, (res) => {
        res.once('data', () => {
          res.pause();
          resolve({ drop: () => req.destroy() });
        });
      });
      req.on('error', () => undefined);
      req.on('close', () => undefined);
      req.end();
      setTimeout(() => reject(new Error('no first bytes')), 10_000);
    });
    dropped.drop();
    await new Promise((r) => setTimeout(r, 500));
    expect(await busyCatalogConnections(server.databaseUrl!)).toEqual([]);
    expect((await api.get('/layers.json')).status).toBe(200);
    stalled.drop();
  }, 120_000);

  it("lists a store's 2,500 tables a page at a time (?list=available leaves out the published ones)", async () => {
    const { api, db } = ctx;
    await db.query(`DO $$ BEGIN FOR i IN 1..2500 LOOP EXECUTE format('CREATE TABLE many_%s (id int)', lpad(i::text, 4, '0')); END LOOP; END $$`);
    const ws = uniqueName('tables');
    await createWorkspace(api, ws);
    expect((await api.post(`/workspaces/${ws}/datastores`, dataStoreBodyXml('s', db.storeParams()), 'application/xml')).status).toBe(201);
    for (const t of ['many_0007', 'many_2100']) {
      expect((await api.post(`/workspaces/${ws}/datastores/s/featuretypes`, `<featureType><name>${t}</name></featureType>`, 'application/xml')).status).toBe(
        201,
      );
    }
    const [{ names }] = await db.query<{ names: string[] }>(
      `SELECT array_agg(c.relname::text ORDER BY c.relname) AS names FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r','v','m','p','f') AND c.relname NOT IN ('geometry_columns','geography_columns','raster_columns','raster_overviews')
          AND c.relname NOT LIKE 'spatial\\_ref\\_sys%'`,
      [db.schema],
    );
    expect(names.length).toBeGreaterThanOrEqual(2_500);
    const all = await api.get(`/workspaces/${ws}/datastores/s/featuretypes.json?list=all`);
    expect(all.text).toBe(JSON.stringify({ list: { string: names } }));
    const available = await api.get(`/workspaces/${ws}/datastores/s/featuretypes.xml?list=available`);
    const left = names.filter((n) => n !== 'many_0007' && n !== 'many_2100');
    expect(available.text).toBe(`<list>\n${left.map((n) => `  <featureTypeName>${n}</featureTypeName>`).join('\n')}\n</list>`);
  }, 120_000);
});
