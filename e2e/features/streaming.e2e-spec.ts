/**
 * Items are streamed from PostGIS, never held whole: a 10,000-feature page of ~95 MB is sent
 * chunked, its first bytes long before its last; a client that stops reading stops the reads from
 * the store (backpressure), so the api's resident memory grows by a few MiB, not by the page.
 * Memory is read from /proc/<pid>/status of the api process (black box).
 */
import { request as httpRequest, IncomingMessage } from 'node:http';
import { createWorkspace } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { basicAuth } from '../support/http';
import { useSpatialApi } from '../support/postgis';
import { apiPid, featuresClient, FeaturesClient, GEOJSON, linkOf, memoryMiB, publish } from './support';

const ctx = useSpatialApi();
let f: FeaturesClient;

const TABLE = 'heavy';
const ROWS = 12_000;
/** Bytes of text per feature: a 10,000-feature page is about 95 MB of GeoJSON. */
const TEXT_BYTES = 9_600;
/** How much the api's resident memory may grow while a client stalls on such a page. */
const MAX_GROWTH_MIB = 40;

beforeAll(async () => {
  f = featuresClient(ctx.server);
  const { db } = ctx;
  await db.query(`CREATE TABLE "${db.schema}"."${TABLE}" (id serial PRIMARY KEY, label text, geom geometry(Point, 4326))`);
  await db.query(
    `INSERT INTO "${db.schema}"."${TABLE}" (label, geom)
     SELECT repeat(md5(g::text), ${TEXT_BYTES / 32}), ST_SetSRID(ST_MakePoint(g % 360 - 180, (g % 170) - 85), 4326) FROM generate_series(1, ${ROWS}) g`,
  );
}, 60_000);

async function freshLayer(): Promise<string> {
  const ws = uniqueName('stream');
  await createWorkspace(ctx.api, ws);
  const id = await publish(ctx.api, ctx.db, ws, TABLE);
  // Warm-up on the same path with a small page: pools, JIT, the store's connection.
  expect(await f.get(`/collections/${id}/items?limit=10`)).toHaveStatus(200);
  return id;
}

/** Samples the api's resident memory every 5 ms until stopped; returns the largest value. */
function sampleRss(pid: number): { stop(): number } {
  let max = memoryMiB(pid).rss;
  const timer = setInterval(() => {
    max = Math.max(max, memoryMiB(pid).rss);
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(max, memoryMiB(pid).rss);
    },
  };
}

/** GET with node:http, so the response can be paused. */
function open(url: string): Promise<IncomingMessage> {
  const { user, password } = ctx.server.admin;
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { authorization: basicAuth(user, password), accept: GEOJSON }, agent: false }, resolve);
    req.on('error', reject);
    req.end();
  });
}

it('sends a 10,000-feature page chunked, its first bytes long before its end; a larger limit is clamped', async () => {
  const id = await freshLayer();
  const pid = apiPid(ctx.server);
  const before = memoryMiB(pid).rss;
  const sampler = sampleRss(pid);
  const started = performance.now();
  const res = await open(`${f.root}/collections/${id}/items?limit=20000`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['transfer-encoding']).toBe('chunked');
  expect(res.headers['content-length']).toBeUndefined();
  const chunks: Buffer[] = [];
  let firstByte = 0;
  res.on('data', (c: Buffer) => {
    firstByte ||= performance.now() - started;
    chunks.push(c);
  });
  await new Promise((resolve) => res.on('end', resolve));
  const total = performance.now() - started;
  const peak = sampler.stop();

  const body = Buffer.concat(chunks);
  expect(body.length).toBeGreaterThan(90 * 1024 * 1024);
  const doc = JSON.parse(body.toString('utf8'));
  expect(doc.numberReturned).toBe(10_000);
  expect(doc.features).toHaveLength(10_000);
  // More than the page selects: only a count of all 12,000 rows would tell, and none is made.
  expect('numberMatched' in doc).toBe(false);
  expect(doc.features[9_999].id).toBe(10_000);
  expect(linkOf(doc, 'next')).toBe(`${f.root}/collections/${id}/items?limit=10000&offset=10000`);
  // A server that built the page before sending it could not send its first byte before the end.
  expect(firstByte).toBeLessThan(total / 5);
  // Informative: a fast reader lets garbage pile up until V8 collects it (bounded by the heap's
  // growth heuristics, not by the page); the paused-client test below is the memory bound.
  process.stdout.write(
    `[features streaming] ${(body.length / 1048576).toFixed(1)} MiB page: first byte ${firstByte.toFixed(0)} ms, end ${total.toFixed(0)} ms; ` +
      `api RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB\n`,
  );

  const last = (await f.get(`/collections/${id}/items?limit=10000&offset=10000`)).json();
  expect(last.numberReturned).toBe(ROWS - 10_000);
  expect(last.numberMatched).toBe(ROWS);
  expect(linkOf(last, 'next')).toBeUndefined();
}, 60_000);

it('reads from the store only as fast as the client reads (backpressure): a stalled client costs little memory', async () => {
  const id = await freshLayer();
  const pid = apiPid(ctx.server);
  const before = memoryMiB(pid).rss;
  const res = await open(`${f.root}/collections/${id}/items?limit=10000`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(GEOJSON);

  // Read the first chunk, then stop reading for two seconds: a server that read ahead of its
  // client would hold most of the ~95 MB page by then.
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve) => {
    res.once('data', (c: Buffer) => {
      chunks.push(c);
      res.pause();
      resolve();
    });
  });
  const sampler = sampleRss(pid);
  await new Promise((r) => setTimeout(r, 2_000));
  const pausedPeak = sampler.stop();
  // The cursor is still open: the page has not been read from the store ahead of the client.
  if (ctx.db.kind === 'external') {
    const [open] = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction' AND query LIKE 'FETCH%'`,
    );
    expect(open.n).toBe(1);
  }

  res.on('data', (c: Buffer) => chunks.push(c));
  res.resume();
  await new Promise((resolve) => res.on('end', resolve));
  const body = Buffer.concat(chunks);
  expect(body.length).toBeGreaterThan(90 * 1024 * 1024);
  expect(JSON.parse(body.toString('utf8')).numberReturned).toBe(10_000);

  const growth = pausedPeak - before;
  process.stdout.write(
    `[features streaming] stalled client: api RSS ${before.toFixed(0)} → ${pausedPeak.toFixed(0)} MiB (+${growth.toFixed(1)}) while ${(body.length / 1048576).toFixed(0)} MiB were due\n`,
  );
  expect(growth).toBeLessThan(MAX_GROWTH_MIB);
}, 60_000);

it('hands the connection back when the client goes away mid-page', async () => {
  const id = await freshLayer();
  const res = await open(`${f.root}/collections/${id}/items?limit=10000`);
  await new Promise<void>((resolve) => res.once('data', () => resolve()));
  res.destroy();
  // The store's pool is usable at once: a full page from a new request.
  const next = await f.get(`/collections/${id}/items?limit=5`);
  expect(next).toHaveStatus(200);
  expect(next.json().numberReturned).toBe(5);
  if (ctx.db.kind === 'external') {
    // No transaction is left open by the abandoned page (polled: the close is asynchronous).
    const deadline = Date.now() + 5_000;
    for (;;) {
      const [row] = await ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      );
      if (row.n === 0) break;
      if (Date.now() > deadline) throw new Error(`${row.n} transaction(s) still open 5 s after the client went away`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}, 60_000);
