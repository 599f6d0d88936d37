// Shared pieces of the benchmarks: a fresh database on TEST_DATABASE_URL's server, and the
// built api started as a process on a free port.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverUrl = process.env.TEST_DATABASE_URL;

/** URL of a database on the TEST_DATABASE_URL server. */
export function databaseUrl(name) {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates a fresh database (with PostGIS when asked) and returns its name and a drop function. */
export async function createDatabase(prefix, { postgis = false } = {}) {
  if (!serverUrl) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server with PostGIS (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const name = `${prefix}_${process.pid}_${randomBytes(2).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  if (postgis) await query(name, 'CREATE EXTENSION postgis');
  const drop = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { name, url: databaseUrl(name), drop };
}

/** Runs one statement in a database. */
export async function query(database, text, params) {
  const c = new pg.Client({ connectionString: databaseUrl(database) });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the built api on a catalog database; resolves once it answers. */
export async function startApi(catalogUrl, { workers } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gc-bench-'));
  const port = await freePort();
  const password = 'bench-secret';
  // One api process unless WORKERS says otherwise: the figures in docs/performance.md are per process.
  const env = {
    ...process.env,
    PORT: String(port),
    ADMIN_USER: 'admin',
    ADMIN_PASSWORD: password,
    DATA_DIR: dataDir,
    SAMPLE_DB: 'off',
    WORKERS: String(workers ?? (process.env.WORKERS || '1')),
  };
  // workers: 'default' leaves WORKERS unset (or as the environment says): the api's own default.
  if (workers === 'default') {
    if (process.env.WORKERS) env.WORKERS = process.env.WORKERS;
    else delete env.WORKERS;
  }
  if (catalogUrl) env.DATABASE_URL = catalogUrl;
  else delete env.DATABASE_URL;
  // BENCH_API_NODE_ARGS: node options for the api process only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_API_MAIN: another build's main.js (e.g. a copy of an earlier dist), to compare builds.
  const main = process.env.BENCH_API_MAIN ?? path.join(root, 'apps/api/dist/apps/api/src/main.js');
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, main], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const rest = `http://127.0.0.1:${port}/geoserver/rest`;
  const auth = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${rest}/about/version.json`, { headers: { authorization: auth } })).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('api did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const send = (method, url, body, type = 'text/xml') =>
    fetch(url.startsWith('http') ? url : `${rest}${url}`, { method, headers: { authorization: auth, 'content-type': type }, body });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { rest, auth, send, stop, pid: child.pid, startedIn: performance.now() - started };
}

/** The workspace `bench` with the data store `store` that the GET benchmarks read; returns its XML URL. */
export async function createBenchStore(api) {
  await api.send('POST', '/workspaces', '<workspace><name>bench</name></workspace>');
  await api.send(
    'POST',
    '/workspaces/bench/datastores',
    '<dataStore><name>store</name><connectionParameters><host>localhost</host><port>5432</port><database>gis</database>' +
      '<user>gis</user><passwd>secret</passwd><dbtype>postgis</dbtype></connectionParameters></dataStore>',
  );
  const url = `${api.rest}/workspaces/bench/datastores/store.xml`;
  const check = await fetch(url, { headers: { authorization: api.auth } });
  if (check.status !== 200) throw new Error(`GET data store answered ${check.status}`);
  return { url, body: Buffer.from(await check.arrayBuffer()) };
}

/** p-th percentile of sorted numbers. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * The workspace `bench` with the PostGIS data store `data` on `database` (TEST_DATABASE_URL's
 * server and credentials), each creation checked.
 */
export async function createDataStoreOn(api, database) {
  const server = new URL(serverUrl);
  const created = async (res, what) => {
    if (res.status !== 201) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  };
  await created(await api.send('POST', '/workspaces', '<workspace><name>bench</name></workspace>'), 'POST workspace');
  await created(
    await api.send(
      'POST',
      '/workspaces/bench/datastores',
      `<dataStore><name>data</name><connectionParameters><host>${server.hostname}</host><port>${server.port || '5432'}</port>` +
        `<database>${database}</database><user>${decodeURIComponent(server.username) || 'postgres'}</user><passwd>${decodeURIComponent(server.password) || 'x'}</passwd>` +
        `<dbtype>postgis</dbtype></connectionParameters></dataStore>`,
    ),
    'POST datastore',
  );
  return created;
}

/** The fields of /proc/{pid}/stat after the command name (which may hold spaces); null once the process is gone. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** A process and its children (an api's or a baseline's workers), from /proc. */
export function processTree(root) {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => Number(statFields(pid)?.[1]) === root);
  return [root, ...children];
}

/** Resident memory of a process and its children, in MB. */
export function treeRssMb(root) {
  let kb = 0;
  for (const pid of processTree(root)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

/** CPU time (user + system) spent so far by a process and its children, in ms (clock ticks of 10 ms). */
export function treeCpuMs(root) {
  let ticks = 0;
  for (const pid of processTree(root)) {
    const fields = statFields(pid);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}
