// Benchmarks of the REST API, run with `npm run bench` (not part of `npm test`).
// Starts the built api on a fresh database (TEST_DATABASE_URL's server, or the embedded one),
// creates a workspace and a data store, then measures GET of the data store in XML with Basic
// auth at 32 concurrent connections. Prints requests/s and latency percentiles.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const duration = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function main() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dbName = `gc_bench_${process.pid}`;
  let databaseUrl;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gc-bench-'));
  const port = await freePort();
  const password = 'bench-secret';
  const env = { ...process.env, PORT: String(port), ADMIN_USER: 'admin', ADMIN_PASSWORD: password, DATA_DIR: dataDir, SAMPLE_DB: 'off' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const api = spawn(process.execPath, [path.join(root, 'apps/api/dist/apps/api/src/main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const rest = `http://127.0.0.1:${port}/geoserver/rest`;
  const auth = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${rest}/about/version.json`, { headers: { authorization: auth } })).ok) break;
      } catch {}
      if (i > 600) throw new Error('api did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const post = (url, body) => fetch(url, { method: 'POST', headers: { authorization: auth, 'content-type': 'text/xml' }, body });
    await post(`${rest}/workspaces`, '<workspace><name>bench</name></workspace>');
    await post(
      `${rest}/workspaces/bench/datastores`,
      '<dataStore><name>store</name><connectionParameters><host>localhost</host><port>5432</port><database>gis</database>' +
        '<user>gis</user><passwd>secret</passwd><dbtype>postgis</dbtype></connectionParameters></dataStore>',
    );
    const url = `${rest}/workspaces/bench/datastores/store.xml`;
    const check = await fetch(url, { headers: { authorization: auth } });
    if (check.status !== 200) throw new Error(`GET data store answered ${check.status}`);
    await autocannon({ url, connections, duration: 2, headers: { authorization: auth } }); // warm-up
    const result = await autocannon({ url, connections, duration, headers: { authorization: auth } });
    const ok = result['2xx'];
    console.log(`GET data store (XML, Basic auth), ${connections} connections, ${duration} s, ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}:`);
    console.log(`  requests/s: ${result.requests.average.toFixed(0)} (total ${result.requests.total}, 2xx ${ok}, errors ${result.errors}, non-2xx ${result.non2xx})`);
    console.log(`  latency ms: p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, max ${result.latency.max}`);
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
      await admin.end();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
