// Benchmark of OGC API - Features items over HTTP with Basic auth (needs TEST_DATABASE_URL, a
// PostgreSQL server with PostGIS, and the built api):
//   1. the items of the US states table (the 56 detailed MultiPolygons of us-atlas states-10m, as the
//      embedded sample database holds them) with the default limit: target under 100 ms;
//   2. a 10,000-feature page of a 100,000-point table (limit=10000, at offset 0 and 90,000):
//      target under 1 s;
//   3. throughput: a 100-feature page (limit=100) of that table, 8 connections, requests/s with
//      autocannon (target >= 500 on a 2-core machine), beside a bare node:http + pg server that runs
//      the same SQL (bare-features-server.mjs), alternating rounds, and the ratio api / bare.
//   4. a filtered 100-feature page of a 1,000,000-point table (Part 3 `filter`): an equality on an
//      indexed column, and S_INTERSECTS with a polygon; target p50 under 30 ms each, beside the
//      same page unfiltered (numberMatched is counted on these pages: the selections are small).
// Prints p50/p90/max over BENCH_RUNS runs (default 20) after two warm-up requests.
// BENCH_THROUGHPUT_ONLY=1 measures the third figure only (to profile it: BENCH_API_NODE_ARGS, lib.mjs);
// BENCH_FILTERED_ONLY=1 the fourth only.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createDatabase, createDataStoreOn, percentile, query, startApi } from './lib.mjs';

const require = createRequire(import.meta.url);
const { feature } = require('topojson-client');
const runs = Number(process.env.BENCH_RUNS ?? 20);
const POINTS = 100_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 8;
const here = path.dirname(fileURLToPath(import.meta.url));

/** The 56 features of us-atlas states-10m.json as GeoJSON (the same source as the sample database). */
function usStates() {
  const topology = require('us-atlas/states-10m.json');
  return feature(topology, topology.objects.states).features.map((f) => ({ id: f.id, name: f.properties.name, geometry: f.geometry }));
}

async function timed(url, auth) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: auth, accept: 'application/geo+json' } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
  return { ms, bytes: body.length, doc: JSON.parse(body.toString('utf8')) };
}

async function measure(label, url, auth, expectReturned, target) {
  for (let i = 0; i < 2; i++) await timed(url, auth); // warm-up: pool, JIT
  const times = [];
  let last;
  for (let i = 0; i < runs; i++) {
    last = await timed(url, auth);
    if (last.doc.numberReturned !== expectReturned) throw new Error(`${label}: ${last.doc.numberReturned} features instead of ${expectReturned}`);
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const matched = last.doc.numberMatched === undefined ? '' : ` (numberMatched ${last.doc.numberMatched.toLocaleString('en')})`;
  console.log(
    `${label}: ${expectReturned.toLocaleString('en')} features${matched}, ${(last.bytes / 1048576).toFixed(2)} MiB; ` +
      `p50 ${p50.toFixed(1)} ms, p90 ${percentile(times, 90).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms ` +
      `(${runs} runs) — target < ${target} ms: ${p50 < target ? 'met' : 'NOT MET'}`,
  );
}

/** CPU time (user + system) a process has used, in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Requests/s of GET `url` over {@link CONNECTIONS} connections, and the CPU time per request of the
 * serving process `pid` (on a shared machine the rate moves with the load; CPU per request less so).
 * Throws on errors or non-2xx answers.
 */
async function throughput(url, auth, pid, duration = seconds) {
  const cpu0 = cpuMs(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers: { authorization: auth, accept: 'application/geo+json' } });
  if (r.errors || r.non2xx) throw new Error(`GET ${url}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  return { rate: r.requests.average, cpu: (cpuMs(pid) - cpu0) / r.requests.total };
}

/** The api and the bare server on the same page, alternating rounds after a warm-up of each. */
async function measureThroughput(api, bare) {
  await throughput(api.url, api.auth, api.pid, 2);
  await throughput(bare.url, api.auth, bare.pid, 2);
  const ours = [];
  const base = [];
  for (let i = 0; i < rounds; i++) {
    for (const which of i % 2 ? ['bare', 'api'] : ['api', 'bare']) {
      const server = which === 'api' ? api : bare;
      (which === 'api' ? ours : base).push(await throughput(server.url, api.auth, server.pid));
    }
  }
  const mean = (xs, key) => xs.reduce((s, x) => s + x[key], 0) / xs.length;
  const list = (xs) => xs.map((x) => x.rate.toFixed(0)).join(', ');
  const cpu = (xs) => `${mean(xs, 'cpu').toFixed(2)} ms CPU per request`;
  console.log(
    `GET points items?limit=100 (100-feature page of a ${POINTS.toLocaleString('en')}-point table), ${CONNECTIONS} connections, ${seconds} s x ${rounds} rounds, load average ${loadavg()[0].toFixed(1)}:`,
  );
  console.log(
    `  api: ${list(ours)} req/s (mean ${mean(ours, 'rate').toFixed(0)}), ${cpu(ours)} — target >= 500: ${mean(ours, 'rate') >= 500 ? 'met' : 'NOT MET'}`,
  );
  console.log(`  bare node:http + pg, same SQL, one round trip: ${list(base)} req/s (mean ${mean(base, 'rate').toFixed(0)}), ${cpu(base)}`);
  console.log(
    `  ratio api/bare: ${(mean(ours, 'rate') / mean(base, 'rate')).toFixed(2)} (CPU per request ${(mean(ours, 'cpu') / mean(base, 'cpu')).toFixed(1)}x)`,
  );
}

const BIG = 1_000_000;

/** Case 4: filtered pages of a 1M-point table, each beside the unfiltered page, load average printed. */
async function measureFiltered(api, database) {
  // 1,000 kinds of 1,000 points each; points on a 1000 × 1000 grid of 0.01° from (0, 0).
  await query(database, 'CREATE TABLE big (id int PRIMARY KEY, kind text NOT NULL, value double precision, geom geometry(Point, 4326))');
  await query(
    database,
    `INSERT INTO big SELECT g, 'k' || (g % 1000), random() * 1000, ST_SetSRID(ST_MakePoint((g % 1000) * 0.01, (g / 1000) * 0.01), 4326)
       FROM generate_series(0, $1 - 1) g`,
    [BIG],
  );
  await query(database, 'CREATE INDEX big_kind_idx ON big (kind)');
  await query(database, 'CREATE INDEX big_geom_idx ON big USING gist (geom)');
  await query(database, 'VACUUM ANALYZE big');
  const body = '<featureType><name>big</name><nativeName>big</nativeName><nativeCRS>EPSG:4326</nativeCRS></featureType>';
  const created = await api.send('POST', '/workspaces/bench/datastores/data/featuretypes', body);
  if (created.status !== 201) throw new Error(`POST featuretype big answered ${created.status}`);
  const items = `${api.rest.replace(/\/rest$/, '')}/ogc/features/v1/collections/bench:big/items?limit=100`;
  const filter = (text) => `${items}&filter=${encodeURIComponent(text)}`;
  console.log(`Filtered 100-feature pages of a ${BIG.toLocaleString('en')}-point table, load average ${loadavg()[0].toFixed(1)}:`);
  await measure('  unfiltered (baseline)', items, api.auth, 100, 30);
  await measure("  filter=kind = 'k42' (indexed equality)", filter("kind = 'k42'"), api.auth, 100, 30);
  // 0.5° × 0.5°: 2,601 grid points.
  await measure(
    '  filter=S_INTERSECTS(geom, POLYGON 0.5° square)',
    filter('S_INTERSECTS(geom, POLYGON((2 2, 2.5 2, 2.5 2.5, 2 2.5, 2 2)))'),
    api.auth,
    100,
    30,
  );
  console.log(`  load average after: ${loadavg()[0].toFixed(1)}`);
}

const data = await createDatabase('gc_bench_features', { postgis: true });
const catalog = await createDatabase('gc_bench_features_catalog');
let api;
let bare;
try {
  await query(
    data.name,
    `CREATE TABLE states (fid serial PRIMARY KEY, state_fips text NOT NULL UNIQUE, name text NOT NULL, area_km2 double precision NOT NULL,
                          geom geometry(MultiPolygon, 4326) NOT NULL)`,
  );
  await query(
    data.name,
    `INSERT INTO states (state_fips, name, area_km2, geom)
     SELECT s.fips, s.name, ST_Area(s.geom::geography) / 1e6, s.geom
       FROM (SELECT f->>'id' AS fips, f->>'name' AS name,
                    ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON((f->'geometry')::text), 4326)), 3)) AS geom
               FROM jsonb_array_elements($1::jsonb) AS f) AS s
      ORDER BY s.fips`,
    [JSON.stringify(usStates())],
  );
  await query(data.name, 'CREATE INDEX ON states USING gist (geom)');
  await query(data.name, 'CREATE TABLE points (id serial PRIMARY KEY, name text, value double precision, geom geometry(Point, 4326))');
  await query(
    data.name,
    `INSERT INTO points (name, value, geom)
     SELECT 'p' || g, random() * 1000, ST_SetSRID(ST_MakePoint(random() * 360 - 180, random() * 170 - 85), 4326) FROM generate_series(1, $1) g`,
    [POINTS],
  );
  await query(data.name, 'CREATE INDEX ON points USING gist (geom)');
  await query(data.name, 'ANALYZE states');
  await query(data.name, 'ANALYZE points');

  api = await startApi(catalog.url);
  const expectCreated = await createDataStoreOn(api, data.name);
  for (const table of ['states', 'points']) {
    const body = `<featureType><name>${table}</name><nativeName>${table}</nativeName><nativeCRS>EPSG:4326</nativeCRS></featureType>`;
    await expectCreated(await api.send('POST', '/workspaces/bench/datastores/data/featuretypes', body), `POST featuretype ${table}`);
  }

  const items = `${api.rest.replace(/\/rest$/, '')}/ogc/features/v1/collections/bench:`;
  console.log(`OGC API - Features items over HTTP (Basic auth), PostgreSQL ${new URL(process.env.TEST_DATABASE_URL).host}:`);
  const only = process.env.BENCH_FILTERED_ONLY ? 'filtered' : process.env.BENCH_THROUGHPUT_ONLY ? 'throughput' : undefined;
  if (!only) {
    await measure('GET states items (default limit 100)', `${items}states/items`, api.auth, 56, 100);
    await measure('GET points items?limit=10000', `${items}points/items?limit=10000`, api.auth, 10_000, 1000);
    await measure('GET points items?limit=10000&offset=90000', `${items}points/items?limit=10000&offset=90000`, api.auth, 10_000, 1000);
  }

  if (only !== 'filtered') {
    const port = 19800 + (process.pid % 500);
    bare = fork(path.join(here, 'bare-features-server.mjs'), [String(port), data.url, api.auth], { stdio: 'inherit' });
    await new Promise((resolve) => bare.once('message', resolve));
    await measureThroughput(
      { url: `${items}points/items?limit=100`, auth: api.auth, pid: api.pid },
      { url: `http://127.0.0.1:${port}/items?limit=100`, pid: bare.pid },
    );
  }
  if (only !== 'throughput') await measureFiltered(api, data.name);
} finally {
  bare?.kill();
  await api?.stop();
  await catalog.drop();
  await data.drop();
}
