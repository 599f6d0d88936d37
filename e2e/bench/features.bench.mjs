// Benchmark of OGC API - Features items over HTTP with Basic auth (needs TEST_DATABASE_URL, a
// PostgreSQL server with PostGIS, and the built api):
//   1. the items of the US states table (the 56 detailed MultiPolygons of us-atlas states-10m, as the
//      embedded sample database holds them) with the default limit: target under 100 ms;
//   2. a 10,000-feature page of a 100,000-point table (limit=10000, at offset 0 and 90,000):
//      target under 1 s.
// Prints p50/p90/max over BENCH_RUNS runs (default 20) after two warm-up requests.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { createDatabase, percentile, query, startApi } from './lib.mjs';

const require = createRequire(import.meta.url);
const { feature } = require('topojson-client');
const runs = Number(process.env.BENCH_RUNS ?? 20);
const POINTS = 100_000;

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
  console.log(
    `${label}: ${expectReturned.toLocaleString('en')} features, ${(last.bytes / 1048576).toFixed(2)} MiB; ` +
      `p50 ${p50.toFixed(1)} ms, p90 ${percentile(times, 90).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms ` +
      `(${runs} runs) — target < ${target} ms: ${p50 < target ? 'met' : 'NOT MET'}`,
  );
}

const data = await createDatabase('gc_bench_features', { postgis: true });
const catalog = await createDatabase('gc_bench_features_catalog');
let api;
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
  const server = new URL(process.env.TEST_DATABASE_URL);
  const expectCreated = async (res, what) => {
    if (res.status !== 201) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  };
  await expectCreated(await api.send('POST', '/workspaces', '<workspace><name>bench</name></workspace>'), 'POST workspace');
  await expectCreated(
    await api.send(
      'POST',
      '/workspaces/bench/datastores',
      `<dataStore><name>data</name><connectionParameters><host>${server.hostname}</host><port>${server.port || '5432'}</port>` +
        `<database>${data.name}</database><user>${decodeURIComponent(server.username) || 'postgres'}</user><passwd>${decodeURIComponent(server.password) || 'x'}</passwd>` +
        `<dbtype>postgis</dbtype></connectionParameters></dataStore>`,
    ),
    'POST datastore',
  );
  for (const table of ['states', 'points']) {
    const body = `<featureType><name>${table}</name><nativeName>${table}</nativeName><nativeCRS>EPSG:4326</nativeCRS></featureType>`;
    await expectCreated(await api.send('POST', '/workspaces/bench/datastores/data/featuretypes', body), `POST featuretype ${table}`);
  }

  const items = `${api.rest.replace(/\/rest$/, '')}/ogc/features/v1/collections/bench:`;
  console.log(`OGC API - Features items over HTTP (Basic auth), PostgreSQL ${server.host}:`);
  await measure('GET states items (default limit 100)', `${items}states/items`, api.auth, 56, 100);
  await measure('GET points items?limit=10000', `${items}points/items?limit=10000`, api.auth, 10_000, 1000);
  await measure('GET points items?limit=10000&offset=90000', `${items}points/items?limit=10000&offset=90000`, api.auth, 10_000, 1000);
} finally {
  await api?.stop();
  await catalog.drop();
  await data.drop();
}
