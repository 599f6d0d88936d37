/**
 * Helpers of the OGC API - Features specs: the API's URL, publishing a test table as a layer over
 * REST, GETs with credentials, and the api process's memory (read from /proc, black box).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { ApiServer } from '../support/api-server';
import { createWorkspace } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { Credentials, HttpResponse, request, RequestOptions, RestClient } from '../support/http';
import { createSpatialStore, SpatialDb } from '../support/postgis';

export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
export const GEOJSON = 'application/geo+json';
export const OPENAPI = 'application/vnd.oai.openapi+json;version=3.0';

/** `http://127.0.0.1:PORT/geoserver/ogc/features/v1` */
export function featuresRoot(server: ApiServer): string {
  return `${server.baseUrl}/ogc/features/v1`;
}

/** A GET client on the features root; paths start with `/` (or are absolute URLs, e.g. next links). */
export interface FeaturesClient {
  readonly root: string;
  get(path: string, opts?: RequestOptions): Promise<HttpResponse>;
  as(auth: Credentials | null): FeaturesClient;
}

export function featuresClient(server: ApiServer, auth: Credentials | null = server.admin): FeaturesClient {
  const root = featuresRoot(server);
  return {
    root,
    get: (path, opts = {}) => request(path.startsWith('http') ? path : root + path, { auth, ...opts }),
    as: (other) => featuresClient(server, other),
  };
}

/**
 * Publishes `table` as layer `ws:name` (workspace and store created when missing) and returns the
 * collection id.
 */
export async function publish(
  api: RestClient,
  db: SpatialDb,
  ws: string,
  table: string,
  opts: { name?: string; crs?: string; store?: string } = {},
): Promise<string> {
  const store = opts.store ?? 'gis';
  if ((await api.get(`/workspaces/${encodeURIComponent(ws)}.json`)).status === 404) await createWorkspace(api, ws);
  if ((await api.get(`/workspaces/${encodeURIComponent(ws)}/datastores/${encodeURIComponent(store)}.json`)).status === 404) {
    await createSpatialStore(api, db, ws, store);
  }
  const name = opts.name ?? table;
  await createFeatureType(api, ws, store, seedFeatureTypeXml(name, table, undefined, opts.crs ?? 'EPSG:4326'));
  return `${ws}:${name}`;
}

/** Every link has `href`, `rel` and `type` (OGC API - Features 1.0, /req/core/fc-rel-type). */
export function linkProblems(links: Array<Record<string, unknown>>): string[] {
  return links.filter((l) => typeof l.href !== 'string' || typeof l.rel !== 'string' || typeof l.type !== 'string').map((l) => JSON.stringify(l));
}

export function linkOf(doc: { links: Array<{ rel: string; type: string; href: string }> }, rel: string, type?: string): string | undefined {
  return doc.links.find((l) => l.rel === rel && (type === undefined || l.type === type))?.href;
}

/**
 * The pid of the api process listening on the server's port: the `node` process whose environment
 * has `PORT=<port>` and whose command line runs the built api (found in /proc; no app code).
 */
export function apiPid(server: ApiServer): number {
  const port = new URL(server.baseUrl).port;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('apps/api/src/main.js')) continue;
      const env = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (env.includes(`PORT=${port}`)) return Number(entry);
    } catch {
      // a process that ended while the directory was read
    }
  }
  throw new Error(`no api process found for port ${port}`);
}

/** Resident set size and its peak (VmHWM), in MiB. */
export function memoryMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}
