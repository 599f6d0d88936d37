import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { STORE_TIMEOUT_MS } from '../datastores/postgis/store-errors';
import { StoreHosts } from './store-hosts';

/** Everything the api reads from its environment, validated once at start. */
export interface AppConfig {
  /** HTTP port (0 = any free port). */
  port: number;
  /** Host/interface to listen on. */
  host: string;
  /** Path prefix of every URL, e.g. `/geoserver`; empty for none. */
  contextPath: string;
  /** Bootstrap admin applied when the user table is empty. */
  adminUser: string;
  /** Bootstrap admin password; undefined = generate one. */
  adminPassword?: string;
  /** PostgreSQL URL of the catalog; undefined = embedded PGlite under dataDir. */
  databaseUrl?: string;
  /** Directory for the embedded database and key files. */
  dataDir: string;
  /** 32-byte key for data-store passwords; undefined = key file in dataDir. */
  secretKey?: Buffer;
  /** Whether to serve the embedded PostGIS sample database. */
  sampleDb: boolean;
  /** Port of the sample database. */
  sampleDbPort: number;
  /** Directory holding the built console (index.html + assets). */
  webRoot: string;
  /** `TRUST_PROXY`: whether `X-Forwarded-*` headers (and the forwarded client address) are believed. */
  trustProxy: boolean;
  /** `ALLOWED_ORIGINS`: origins besides the server's own from which browsers may send writes. */
  allowedOrigins: string[];
  /** `STORE_HOSTS`: where data stores may connect; undefined = anywhere. */
  storeHosts?: StoreHosts;
  /** `REQUIRE_IF_MATCH`: a PUT or DELETE of a catalog record without `If-Match` is a 428. */
  requireIfMatch: boolean;
  /** `HISTORY_DAYS`: how long changes are kept in the history (0 = for ever). */
  historyDays: number;
  /** `WORKERS`: api processes serving the port (1 = this process alone, no cluster). */
  workers: number;
  /** `STORE_TIMEOUT_SECONDS`, in ms: how long a data store has to answer (contract §5: 10 s). */
  storeTimeoutMs: number;
}

/** The most `WORKERS` accepted: each worker holds its own catalog pool and store pools. */
export const MAX_WORKERS = 64;

/** Thrown at start with every bad variable listed, so a misconfiguration is fixed in one go. */
export class ConfigError extends Error {}

function parsePort(name: string, raw: string | undefined, fallback: number, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`${name} must be a port number (0-65535), got '${raw}'`);
    return fallback;
  }
  return port;
}

function parseSwitch(name: string, raw: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined || raw === '') return fallback;
  const v = raw.toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(v)) return true;
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  problems.push(`${name} must be on or off, got '${raw}'`);
  return fallback;
}

/** Reads and validates the environment; throws {@link ConfigError} listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cpus: () => number = availableParallelism): AppConfig {
  const problems: string[] = [];
  const port = parsePort('PORT', env.PORT, 8080, problems);

  let contextPath = env.CONTEXT_PATH ?? '/geoserver';
  if (contextPath === '/') contextPath = '';
  contextPath = contextPath.replace(/\/+$/, '');
  if (contextPath && !/^\/[A-Za-z0-9._~\-/]*$/.test(contextPath)) {
    problems.push(`CONTEXT_PATH must start with '/' and contain only URL-safe characters, got '${env.CONTEXT_PATH}'`);
  }

  const adminUser = env.ADMIN_USER || 'admin';
  const adminPassword = env.ADMIN_PASSWORD || undefined;

  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must be a postgres:// or postgresql:// URL`);
  }

  const dataDir = path.resolve(env.DATA_DIR || './data');

  let secretKey: Buffer | undefined;
  if (env.SECRET_KEY) {
    secretKey = Buffer.from(env.SECRET_KEY, 'base64');
    if (secretKey.length !== 32) problems.push('SECRET_KEY must be 32 bytes encoded in base64');
  }

  const sampleDb = parseSwitch('SAMPLE_DB', env.SAMPLE_DB, !databaseUrl, problems);
  const sampleDbPort = parsePort('SAMPLE_DB_PORT', env.SAMPLE_DB_PORT, 5433, problems);

  const webRoot = path.resolve(env.WEB_ROOT || defaultWebRoot());
  const trustProxy = parseSwitch('TRUST_PROXY', env.TRUST_PROXY, false, problems);
  const allowedOrigins = parseList(env.ALLOWED_ORIGINS).map((origin) => {
    const parsed = parseOrigin(origin);
    if (!parsed) problems.push(`ALLOWED_ORIGINS must list origins like https://console.example.com, got '${origin}'`);
    return parsed ?? origin;
  });
  const requireIfMatch = parseSwitch('REQUIRE_IF_MATCH', env.REQUIRE_IF_MATCH, false, problems);
  let historyDays = 90;
  if (env.HISTORY_DAYS !== undefined && env.HISTORY_DAYS !== '') {
    historyDays = Number(env.HISTORY_DAYS);
    if (!/^\d{1,6}$/.test(env.HISTORY_DAYS)) problems.push(`HISTORY_DAYS must be a whole number of days (0 = keep for ever), got '${env.HISTORY_DAYS}'`);
  }
  const storeHostList = parseList(env.STORE_HOSTS);
  let storeHosts: StoreHosts | undefined;
  if (storeHostList.length) {
    const parsed = StoreHosts.parse(storeHostList);
    if ('problems' in parsed) problems.push(...parsed.problems);
    else storeHosts = parsed;
  }

  const workers = parseWorkers(env.WORKERS, databaseUrl, cpus, problems);
  let storeTimeoutMs = STORE_TIMEOUT_MS;
  if (env.STORE_TIMEOUT_SECONDS !== undefined && env.STORE_TIMEOUT_SECONDS !== '') {
    if (/^\d{1,4}$/.test(env.STORE_TIMEOUT_SECONDS) && Number(env.STORE_TIMEOUT_SECONDS) >= 1 && Number(env.STORE_TIMEOUT_SECONDS) <= 3600) {
      storeTimeoutMs = Number(env.STORE_TIMEOUT_SECONDS) * 1000;
    } else problems.push(`STORE_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600, got '${env.STORE_TIMEOUT_SECONDS}'`);
  }

  if (problems.length) {
    throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    contextPath,
    adminUser,
    adminPassword,
    databaseUrl,
    dataDir,
    secretKey,
    sampleDb,
    sampleDbPort,
    webRoot,
    trustProxy,
    allowedOrigins,
    storeHosts,
    requireIfMatch,
    historyDays,
    workers,
    storeTimeoutMs,
  };
}

/**
 * `WORKERS`: by default one per CPU on PostgreSQL, less one when that PostgreSQL runs on this
 * machine ({@link catalogOnThisMachine}); 1 on the embedded catalog. A worker per CPU there leaves
 * none to the catalog's server: on 2 CPUs, 2 workers wrote slower than one process (docs/performance.md,
 * writes.bench). More than one on the embedded catalog is refused rather than quietly lowered:
 * PGlite is one process's database, and an operator who asked for 4 workers must not believe 4
 * are running.
 */
function parseWorkers(raw: string | undefined, databaseUrl: string | undefined, cpus: () => number, problems: string[]): number {
  if (raw === undefined || raw === '') {
    if (!databaseUrl) return 1;
    const spare = catalogOnThisMachine(databaseUrl) ? 1 : 0;
    return Math.min(Math.max(1, cpus() - spare), MAX_WORKERS);
  }
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_WORKERS) {
    problems.push(`WORKERS must be a whole number from 1 to ${MAX_WORKERS}, got '${raw}'`);
    return 1;
  }
  const workers = Number(raw);
  if (workers > 1 && !databaseUrl) {
    problems.push(
      `WORKERS=${workers} needs DATABASE_URL: the embedded catalog (PGlite, without DATABASE_URL) can be opened by one process only; ` +
        'set DATABASE_URL to a PostgreSQL server, or WORKERS=1',
    );
    return 1;
  }
  return workers;
}

/**
 * Whether a PostgreSQL URL names a server on this machine: `localhost`, a loopback address, or a
 * socket directory (no host, or a `host` parameter that is a path).
 */
export function catalogOnThisMachine(databaseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return false;
  }
  const host = url.searchParams.get('host') ?? decodeURIComponent(url.hostname);
  if (host === '' || host.startsWith('/')) return true;
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(name) || name === '::1';
}

/** A comma-separated list, trimmed, without empty items. */
function parseList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** `scheme://host[:port]` as browsers send it in `Origin`, or undefined when it is not an http(s) origin. */
function parseOrigin(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.pathname !== '/' || url.search || url.hash || url.username) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** The console's build output, found by walking up from this file to the repository's `apps`. */
function defaultWebRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'apps', 'admin-web', 'dist');
    if (fs.existsSync(path.join(dir, 'apps', 'admin-web'))) return candidate;
    dir = path.dirname(dir);
  }
  return path.resolve('apps/admin-web/dist');
}

/** A fresh random password for the bootstrap admin. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Injection token of the {@link AppConfig}. */
export const APP_CONFIG = Symbol('APP_CONFIG');
