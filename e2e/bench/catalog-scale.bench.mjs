// `npm run bench` part: the catalog at 100,000 layers (BENCH_LAYERS). The catalog is grown with
// bulk SQL (through the history's triggers, like any write); every measured request goes through
// HTTP. Reports, in one run:
//   - start time and publish latency with 10 layers and with 100,000 (should not depend on it);
//   - the three biggest lists (all layers, the feature types of the store holding them, the
//     OGC API collections): time to the first byte and to the last, against the bare catalog query
//     that reads the same names with pg in this process (the floor);
//   - the api's memory (RSS of its processes) after those lists and at its peak while 10 of them
//     are served at once.
// Needs TEST_DATABASE_URL (PostgreSQL with PostGIS) and the built api.
import { request } from 'node:http';
import { setInterval, clearInterval } from 'node:timers';
import pg from 'pg';
import { createDatabase, percentile, query, startApi, treeRssMb } from './lib.mjs';

const LAYERS = Number(process.env.BENCH_LAYERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** GET with time to the first byte and to the last, reading as fast as the body comes. */
function timedGet(url, auth) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let first;
    let bytes = 0;
    request(url, { headers: { authorization: auth }, agent: false }, (res) => {
      res.on('data', (chunk) => {
        first ??= performance.now() - t0;
        bytes += chunk.length;
      });
      res.on('end', () => (res.statusCode === 200 ? resolve({ first, total: performance.now() - t0, bytes }) : reject(new Error(`${url}: ${res.statusCode}`))));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function publish(api, name) {
  const t0 = performance.now();
  const res = await api.send(
    'POST',
    '/workspaces/pub/datastores/data/featuretypes',
    `<featureType><name>${name}</name><nativeName>points</nativeName></featureType>`,
  );
  const ms = performance.now() - t0;
  if (res.status !== 201) throw new Error(`publish answered ${res.status}: ${await res.text()}`);
  return ms;
}

async function publishLatency(api, tag) {
  const times = [];
  for (let i = 0; i < 6; i++) times.push(await publish(api, `p_${tag}_${i}`));
  times.shift(); // the first opens the store's pool
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

const data = await createDatabase('gc_scale_data', { postgis: true });
const catalog = await createDatabase('gc_scale_catalog');
let api;
try {
  await query(data.name, `CREATE TABLE points (id integer PRIMARY KEY, geom geometry(Point, 4326))`);
  await query(data.name, `INSERT INTO points SELECT g, ST_SetSRID(ST_MakePoint(g % 360 - 180, g % 170 - 85), 4326) FROM generate_series(1, 1000) g`);
  api = await startApi(catalog.url);
  const { hostname, port } = new URL(process.env.TEST_DATABASE_URL);
  await api.send('POST', '/workspaces', '<workspace><name>pub</name></workspace>');
  await api.send(
    'POST',
    '/workspaces/pub/datastores',
    `<dataStore><name>data</name><connectionParameters><host>${hostname}</host><port>${port || '5432'}</port><database>${data.name}</database>` +
      `<user>postgres</user><passwd>x</passwd><dbtype>postgis</dbtype></connectionParameters></dataStore>`,
  );
  const smallPublish = await publishLatency(api, 'small');
  await api.stop();
  api = await startApi(catalog.url);
  const smallStart = api.startedIn;

  // Growing: 20,000 feature types and their layers per transaction.
  const grow = new pg.Client({ connectionString: catalog.url });
  grow.on('error', () => undefined);
  await grow.connect();
  const t0 = performance.now();
  for (let done = 0; done < LAYERS; done += 20_000) {
    const n = Math.min(20_000, LAYERS - done);
    await grow.query('BEGIN');
    await grow.query(
      `INSERT INTO feature_type (data_store_id, workspace_id, name, native_name, title)
       SELECT d.id, d.workspace_id, 'layer_' || lpad((${done} + i)::text, 6, '0'), 'points', 'Layer ' || (${done} + i)
         FROM data_store d JOIN workspace w ON w.id = d.workspace_id, generate_series(1, ${n}) i WHERE w.name = 'pub' AND d.name = 'data'`,
    );
    await grow.query(`INSERT INTO layer (feature_type_id) SELECT f.id FROM feature_type f LEFT JOIN layer l ON l.feature_type_id = f.id WHERE l.id IS NULL`);
    await grow.query('COMMIT');
  }
  await grow.query('ANALYZE');
  const grown = (performance.now() - t0) / 1000;
  const [{ count }] = (await grow.query('SELECT count(*)::int AS count FROM layer')).rows;

  await api.stop();
  api = await startApi(catalog.url);
  const bigStart = api.startedIn;
  const bigPublish = await publishLatency(api, 'big');

  const base = api.rest.replace(/\/rest$/, '');
  const lists = [
    [
      'GET /rest/layers.xml',
      `${api.rest}/layers.xml`,
      `SELECT w.name, f.name FROM layer l JOIN feature_type f ON f.id = l.feature_type_id JOIN workspace w ON w.id = f.workspace_id ORDER BY w.name, f.name`,
    ],
    [
      'GET …/datastores/data/featuretypes.xml',
      `${api.rest}/workspaces/pub/datastores/data/featuretypes.xml`,
      `SELECT f.name FROM feature_type f JOIN data_store d ON d.id = f.data_store_id WHERE d.name = 'data' ORDER BY f.name`,
    ],
    [
      'GET /ogc/features/v1/collections',
      `${base}/ogc/features/v1/collections`,
      `SELECT w.name, f.name, f.title, f.abstract, f.latlon_bbox FROM layer l JOIN feature_type f ON f.id = l.feature_type_id JOIN workspace w ON w.id = f.workspace_id ORDER BY w.name, f.name`,
    ],
  ];
  console.log(`Catalog of ${count.toLocaleString('en')} layers (grown by SQL in ${grown.toFixed(1)} s), ${RUNS} runs each, medians:`);
  for (const [label, url, sql] of lists) {
    await timedGet(url, api.auth); // warm-up
    const runs = [];
    const floor = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await timedGet(url, api.auth));
      const q0 = performance.now();
      await grow.query(sql);
      floor.push(performance.now() - q0);
    }
    const med = (xs) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      );
    const total = med(runs.map((r) => r.total));
    const bare = med(floor);
    console.log(
      `  ${label}: first byte ${med(runs.map((r) => r.first)).toFixed(0)} ms, whole ${total.toFixed(0)} ms (${(runs[0].bytes / 1e6).toFixed(1)} MB); ` +
        `bare query ${bare.toFixed(0)} ms; ratio whole/bare ${(total / bare).toFixed(2)}`,
    );
  }
  console.log(`  api RSS after the lists: ${treeRssMb(api.pid).toFixed(0)} MB`);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(api.pid))), 50);
  const p0 = performance.now();
  await Promise.all(Array.from({ length: 10 }, () => timedGet(`${api.rest}/layers.xml`, api.auth)));
  clearInterval(sampler);
  console.log(`  10 × GET /rest/layers.xml at once: ${(performance.now() - p0).toFixed(0)} ms, api RSS peak ${peak.toFixed(0)} MB (target < 300)`);
  console.log(
    `  start: ${smallStart.toFixed(0)} ms with 10 layers, ${bigStart.toFixed(0)} ms with ${count.toLocaleString('en')} (ratio ${(bigStart / smallStart).toFixed(2)})`,
  );
  console.log(
    `  publish p50: ${smallPublish.toFixed(1)} ms with 10 layers, ${bigPublish.toFixed(1)} ms with ${count.toLocaleString('en')} (ratio ${(bigPublish / smallPublish).toFixed(2)})`,
  );
  await grow.end();
} finally {
  await api?.stop();
  await catalog.drop();
  await data.drop();
}
