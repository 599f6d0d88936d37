// `npm run bench` part 2: publishing a feature type from a 1,000,000-row PostGIS table over
// HTTP (POST …/featuretypes), against a 1,000-row table for comparison. Target: under 500 ms,
// independent of table size. Needs TEST_DATABASE_URL (a PostgreSQL server with PostGIS).
import { performance } from 'node:perf_hooks';
import { createDatabase, percentile, query, startApi } from './lib.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 10);
const bigRows = Number(process.env.BENCH_ROWS ?? 1_000_000);

const data = await createDatabase('gc_bench_data', { postgis: true });
const catalog = await createDatabase('gc_bench_catalog');
let api;
try {
  for (const [table, rows] of [
    ['points_big', bigRows],
    ['points_small', 1000],
  ]) {
    await query(data.name, `CREATE TABLE ${table} (id integer, name text, geom geometry(Point, 4326))`);
    await query(
      data.name,
      `INSERT INTO ${table} SELECT g, 'p' || g, ST_SetSRID(ST_MakePoint(random() * 360 - 180, random() * 170 - 85), 4326) FROM generate_series(1, $1) g`,
      [rows],
    );
    await query(data.name, `CREATE INDEX ON ${table} USING gist (geom)`);
    await query(data.name, `ANALYZE ${table}`);
  }
  api = await startApi(catalog.url);
  await api.send('POST', '/workspaces', '<workspace><name>bench</name></workspace>');
  const [host, port] = [new URL(process.env.TEST_DATABASE_URL).hostname, new URL(process.env.TEST_DATABASE_URL).port || '5432'];
  await api.send(
    'POST',
    '/workspaces/bench/datastores',
    `<dataStore><name>data</name><connectionParameters><host>${host}</host><port>${port}</port><database>${data.name}</database>` +
      `<user>postgres</user><passwd>x</passwd><dbtype>postgis</dbtype></connectionParameters></dataStore>`,
  );
  for (const [table, rows] of [
    ['points_big', bigRows],
    ['points_small', 1000],
  ]) {
    const times = [];
    for (let i = 0; i < runs + 1; i++) {
      const body = `<featureType><name>${table}</name><nativeName>${table}</nativeName><nativeCRS>EPSG:4326</nativeCRS></featureType>`;
      const t0 = performance.now();
      const res = await api.send('POST', '/workspaces/bench/datastores/data/featuretypes', body);
      const ms = performance.now() - t0;
      if (res.status !== 201) throw new Error(`POST featuretype answered ${res.status}: ${await res.text()}`);
      if (i > 0) times.push(ms); // the first run opens the store's pool
      await api.send('DELETE', `/workspaces/bench/datastores/data/featuretypes/${table}?recurse=true`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `POST featuretype from ${rows.toLocaleString('en')} rows: p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p90 ${percentile(times, 90).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms (${runs} runs)`,
    );
  }
} finally {
  await api?.stop();
  await catalog.drop();
  await data.drop();
}
