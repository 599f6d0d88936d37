/**
 * Starts the built api (`apps/api/dist/apps/api/src/main.js`) as a child process for black-box
 * tests: a free port, a fresh data directory, a random admin password and either a fresh database
 * on the PostgreSQL server of `TEST_DATABASE_URL` or the embedded PGlite.
 *
 * Imports no app code: the api is only spoken to over HTTP.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { seedEmptyCatalog } from './pglite-template';

export interface ApiServer {
  /** `http://127.0.0.1:PORT/geoserver` */
  baseUrl: string;
  /** `baseUrl + '/rest'` */
  restUrl: string;
  admin: { user: string; password: string };
  dataDir: string;
  /** The catalog database, when not embedded. */
  databaseUrl?: string;
  /** SIGTERM, wait for the exit; drops its test database unless `keepDatabase`. */
  stop(): Promise<void>;
  /** What the process printed so far (stdout and stderr; the last 32,000 characters). */
  output(): string;
  /** `kill -9`, wait for the exit; keeps the data directory and database for a restart on them. */
  kill(): Promise<void>;
  /** The process id (with `workers` > 1: the primary's). */
  pid: number;
  /** How the process ended (`exit code 0, signal null`), or undefined while it runs. */
  exitStatus(): string | undefined;
}

export interface StartApiOptions {
  /** Extra environment, applied last (e.g. `ADMIN_PASSWORD` to reuse a data directory's admin). */
  env?: Record<string, string>;
  /** Force PGlite even if `TEST_DATABASE_URL` is set. */
  embedded?: boolean;
  /** Reuse a data directory (restart test); it is then not removed by `stop()`. */
  dataDir?: string;
  /** Reuse an existing database (two-process test); it is then not dropped by `stop()`. */
  databaseUrl?: string;
  /** Keep the database this call created. */
  keepDatabase?: boolean;
  /** `WORKERS`: api processes on the port; 1 (one process, no cluster) unless a spec asks for more. */
  workers?: number;
  /** How long to wait for the api to answer (default 30 s on PostgreSQL, 60 s embedded); a sample database first opened costs more. */
  readyTimeoutMs?: number;
}

/** Repository root (`/work/main`). */
export const REPO_ROOT = resolve(__dirname, '..', '..');
/** The built api entry point. */
export const API_MAIN = join(REPO_ROOT, 'apps/api/dist/apps/api/src/main.js');

/**
 * V8 flags of the api processes the specs start. `--liftoff-only`: PGlite's WebAssembly (the
 * embedded catalog, the sample database) is compiled by V8's baseline compiler alone. By default
 * V8 also recompiles the hot wasm functions with its optimising compiler in the background, which
 * costs an api ~4 s of CPU per start that a spec's few hundred queries never earn back (the
 * embedded pass: 198 s → 113 s on this machine). The api runs the same code either way; a long
 * running api keeps V8's default.
 */
const API_NODE_FLAGS = ['--liftoff-only'];
const READY_TIMEOUT_EMBEDDED_MS = 60_000;
const READY_TIMEOUT_EXTERNAL_MS = 30_000;
const POLL_INTERVAL_MS = 100;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_TAIL_CHARS = 8_000;

/** Every child still running, killed if the test process exits without stopping them. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * `E2E_CATALOG=embedded` runs specs on the embedded catalog even when `TEST_DATABASE_URL` is set
 * (that server then still holds the PostGIS data the specs publish): `npm test` runs the security
 * specs a second time this way, so they hold on both catalogs.
 */
function embeddedPass(): boolean {
  return process.env.E2E_CATALOG === 'embedded';
}

/** True when specs should use an external PostgreSQL server for the catalog. */
export function externalDatabaseConfigured(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL) && !embeddedPass();
}

/**
 * `describe` for what needs the catalog on PostgreSQL (several processes on one database, SQL
 * migrations): skipped, with a note, when no server is configured; left out of the embedded pass,
 * whose PostgreSQL pass ran it.
 */
export function describeWithExternalCatalog(name: string, fn: () => void): void {
  if (externalDatabaseConfigured()) return describe(name, fn);
  if (embeddedPass()) return;
  process.stderr.write(`\n*** '${name}' SKIPPED: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run it ***\n\n`);
  describe.skip(name, fn);
}

/**
 * `describe` for what the catalog changes nothing for, in a spec file the embedded pass runs again
 * (jest.embedded.config.js): admission caps and sign-in limits kept in memory, keep-alive timers,
 * a slow client's buffers. It runs in the first pass, on whichever catalog that has, and is left
 * out of the embedded pass, which would only repeat it. What it starts (its own `useApiServer`)
 * belongs inside it, so that the embedded pass does not start it either.
 */
export function describeCatalogNeutral(name: string, fn: () => void): void {
  if (embeddedPass()) return;
  describe(name, fn);
}

export async function startApi(opts: StartApiOptions = {}): Promise<ApiServer> {
  if (!existsSync(API_MAIN)) {
    throw new Error(`The api is not built: ${API_MAIN} is missing. Run \`npm run build\` at ${REPO_ROOT} first.`);
  }

  const port = await freePort();
  const ownsDataDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'gc-e2e-'));

  let databaseUrl: string | undefined;
  let createdDatabase: { adminUrl: string; name: string } | undefined;
  if (opts.databaseUrl) {
    databaseUrl = opts.databaseUrl;
  } else if (!opts.embedded && externalDatabaseConfigured()) {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `gc_e2e_${randomBytes(6).toString('hex')}`;
    await withClient(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
    createdDatabase = { adminUrl, name };
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }

  // The embedded pass opens a copy of an empty cluster rather than making one (support/pglite-template.ts).
  if (!databaseUrl && ownsDataDir && embeddedPass()) await seedEmptyCatalog(REPO_ROOT, dataDir);

  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  // The child runs as in production: no inherited catalog database, no Jest's NODE_ENV=test.
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  Object.assign(env, {
    PORT: String(port),
    CONTEXT_PATH: '/geoserver',
    ADMIN_USER: 'admin',
    ADMIN_PASSWORD: `pw-${randomBytes(12).toString('hex')}`,
    DATA_DIR: dataDir,
    SAMPLE_DB: 'off',
    // One process unless asked: the default (one per CPU on PostgreSQL) would put a primary in
    // front of every spec's api, and specs read the api's own process (RSS, kill -9).
    WORKERS: String(opts.workers ?? 1),
  });
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  Object.assign(env, opts.env ?? {});

  const admin = { user: env.ADMIN_USER, password: env.ADMIN_PASSWORD };
  const baseUrl = `http://127.0.0.1:${port}${env.CONTEXT_PATH}`;
  const restUrl = `${baseUrl}/rest`;

  const child = spawn(process.execPath, [...API_NODE_FLAGS, API_MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS * 4);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exitInfo: string | undefined;
  let signalled = false;
  const exited = new Promise<void>((res) => {
    child.once('exit', (code, signal) => {
      exitInfo =
        signal && !signalled
          ? `killed by ${signal}, not sent by this harness: did another process stop it, or was dist rebuilt?`
          : `exit code ${code}, signal ${signal}`;
      running.delete(child);
      res();
    });
  });
  const tail = () => output.slice(-OUTPUT_TAIL_CHARS);

  const cleanup = async () => {
    if (createdDatabase && !opts.keepDatabase) await dropDatabase(createdDatabase.adminUrl, createdDatabase.name);
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const stop = async () => {
    if (!exitInfo) {
      signalled = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await cleanup();
  };

  // Ready = the version endpoint answers 200 to the admin.
  const timeoutMs = opts.readyTimeoutMs ?? (databaseUrl ? READY_TIMEOUT_EXTERNAL_MS : READY_TIMEOUT_EMBEDDED_MS);
  const deadline = Date.now() + timeoutMs;
  const authorization = 'Basic ' + Buffer.from(`${admin.user}:${admin.password}`).toString('base64');
  let lastAnswer: string | undefined;
  for (;;) {
    if (exitInfo) {
      await cleanup();
      throw new Error(`The api exited before it was ready (${exitInfo}). Output tail:\n${tail()}`);
    }
    try {
      const res = await fetch(`${restUrl}/about/version.json`, {
        headers: { authorization },
        signal: AbortSignal.timeout(2_000),
      });
      const text = await res.text();
      if (res.status === 200) break;
      lastAnswer = `${res.status} ${text.slice(0, 200)}`;
    } catch (e) {
      lastAnswer = String((e as Error).cause ?? e);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The api was not ready within ${timeoutMs} ms (last answer: ${lastAnswer ?? 'none'}). Output tail:\n${tail()}`);
    }
    await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
  }

  const kill = async () => {
    if (exitInfo) return;
    signalled = true;
    child.kill('SIGKILL');
    await exited;
  };

  return { baseUrl, restUrl, admin, dataDir, databaseUrl, stop, kill, output: () => output, pid: child.pid!, exitStatus: () => exitInfo };
}

/**
 * Two api processes on one catalog database for the enclosing `describe` (started in beforeAll,
 * stopped in afterAll): the second shares the first's database, admin and `env`.
 */
export function useTwoApiProcesses(env: Record<string, string> = {}): { readonly a: ApiServer; readonly b: ApiServer } {
  let a: ApiServer | undefined;
  let b: ApiServer | undefined;
  beforeAll(async () => {
    a = await startApi({ env });
    b = await startApi({ databaseUrl: a.databaseUrl, env: { ...env, ADMIN_PASSWORD: a.admin.password } });
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  }, 30_000);
  const started = (server: ApiServer | undefined) => {
    if (!server) throw new Error('api servers not started');
    return server;
  };
  return {
    get a() {
      return started(a);
    },
    get b() {
      return started(b);
    },
  };
}

/** The embedded catalog's port, from the api's own start-up line (the sample database's is another). */
export function embeddedCatalogPort(server: Pick<ApiServer, 'output'>): number {
  const lines = server
    .output()
    .split('\n')
    .filter((l) => /embedded PostgreSQL \(PGlite\) opened .* listening on/.test(l) && !l.includes('sample-db'));
  const m = /listening on [^:\s]+:(\d+)/.exec(lines[0] ?? '');
  if (!m) throw new Error(`no catalog port in the api's output:\n${server.output().slice(-2000)}`);
  return Number(m[1]);
}

/** A port that was free a moment ago (bound to 0, then released). */
export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

/** Runs `fn` with a `pg` client connected to `url`, and ends it. */
export async function withClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A catalog to migrate, for the enclosing `describe`: `start()` runs the api once on a fresh
 * database it keeps (the test then makes it look older), `restart()` starts the api again on that
 * database with the same admin, so the migrations run anew. Both are stopped and the database
 * dropped after the describe.
 */
export function useCatalogUpgrade(): { start(): Promise<ApiServer>; restart(): Promise<ApiServer> } {
  let old: ApiServer | undefined;
  let upgraded: ApiServer | undefined;
  afterAll(async () => {
    await upgraded?.stop();
    await old?.stop();
    await dropKeptDatabase(old);
  }, 30_000);
  return {
    start: async () => (old = await startApi({ keepDatabase: true })),
    restart: async () => {
      if (!old) throw new Error('useCatalogUpgrade: start() first');
      upgraded = await startApi({ databaseUrl: old.databaseUrl, env: { ADMIN_PASSWORD: old.admin.password } });
      return upgraded;
    },
  };
}

/** Drops the database a server kept (`keepDatabase`), with any connection still open to it. */
export async function dropKeptDatabase(server: ApiServer | undefined): Promise<void> {
  if (!server?.databaseUrl) return;
  const name = new URL(server.databaseUrl).pathname.slice(1);
  await withClient(process.env.TEST_DATABASE_URL!, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
