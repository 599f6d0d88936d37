import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { HttpResponse, RestClient } from './http';
import type { SpatialDb } from './postgis';

/** The GeoServer-written data directory of the import specs (see its README). */
export const FIXTURE_DIR = join(__dirname, '..', 'fixtures', 'geoserver-datadir');
/** The SQL that makes the fixture store's tables (run with search_path = the test schema). */
export const FIXTURE_SQL = readFileSync(join(__dirname, '..', 'fixtures', 'geoserver-datadir.sql'), 'utf8');
/** crypt1/foreign crypt2 values made by GeoServer's algorithms with the fixture's security/ folder. */
export const SECURITY_VALUES = JSON.parse(readFileSync(join(FIXTURE_DIR, 'security-values.json'), 'utf8')) as Record<string, string>;

/** The response, when it has the status; else an error showing what came instead. */
export function ok(res: HttpResponse, status = 200): HttpResponse {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${res.text.slice(0, 600)}`);
  return res;
}

/** The fixture for the test database with its own password in clear text. */
export function clearFixture(db: SpatialDb): DirText {
  return fixtureDirectory(db, { passwd: db.storeParams().passwd });
}

/** A data directory as files: relative path → text. */
export type DirText = Map<string, string>;

/** One plan entry as the import answers it. */
export interface PlanEntry {
  action: string;
  kind: string;
  resource: string;
  reason?: string;
}

/**
 * The fixture directory with its placeholders filled for the test database (`passwd` as given:
 * clear text, a `crypt1:` value, …), without its README and test values; `security/` only when asked.
 */
export function fixtureDirectory(db: SpatialDb, opts: { passwd: string; security?: boolean }): DirText {
  const params = db.storeParams();
  const values: Record<string, string> = {
    HOST: params.host,
    PORT: params.port,
    DATABASE: params.database,
    USER: params.user,
    PASSWD: opts.passwd,
    SCHEMA: db.schema,
  };
  const files: DirText = new Map();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const rel = relative(FIXTURE_DIR, path).split('\\').join('/');
      if (statSync(path).isDirectory()) walk(path);
      else if (rel !== 'README.md' && rel !== 'security-values.json' && (opts.security || !rel.startsWith('security/')))
        files.set(
          rel,
          rel.endsWith('.jceks')
            ? readFileSync(path).toString('latin1')
            : readFileSync(path, 'utf8').replace(/\$\{([A-Z]+)\}/g, (m, key: string) => values[key] ?? m),
        );
    }
  };
  walk(FIXTURE_DIR);
  return files;
}

/** Zips a directory (binary files were read as latin1 text). */
export function zipDirectory(files: DirText, prefix = ''): Buffer {
  const tree: Record<string, Uint8Array> = {};
  for (const [path, text] of files) tree[prefix + path] = path.endsWith('.jceks') ? Buffer.from(text, 'latin1') : strToU8(text);
  return Buffer.from(zipSync(tree));
}

/** The files of a zip as text (for comparing exports). */
export function unzipText(zip: Buffer): Map<string, string> {
  return new Map(
    Object.entries(unzipSync(zip))
      .filter(([name]) => !name.endsWith('/'))
      .map(([name, bytes]): [string, string] => [name, strFromU8(bytes)])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** POST /rest/catalog/import with a zip body. */
export function importZip(api: RestClient, zip: Buffer, query = ''): Promise<HttpResponse> {
  return api.post(`/catalog/import${query}`, zip, 'application/zip');
}

/** POST /rest/catalog/import as multipart: `datadir` and, when given, `secrets`. */
export function importMultipart(api: RestClient, zip: Buffer, secrets: Record<string, string> | undefined, query = ''): Promise<HttpResponse> {
  const boundary = `gc${Date.now().toString(36)}`;
  const parts = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="datadir"; filename="datadir.zip"\r\nContent-Type: application/zip\r\n\r\n`),
    zip,
  ];
  if (secrets) parts.push(Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="secrets"\r\n\r\n${JSON.stringify(secrets)}`));
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return api.post(`/catalog/import${query}`, Buffer.concat(parts), `multipart/form-data; boundary=${boundary}`);
}

/** The plan of an import answer, as `action kind resource` lines (reasons left out). */
export function planLines(res: HttpResponse): string[] {
  return (res.json().plan as PlanEntry[]).map((e) => `${e.action} ${e.kind} ${e.resource}`);
}

/** The plan entries with an action. */
export function entries(res: HttpResponse, action: string): PlanEntry[] {
  return (res.json().plan as PlanEntry[]).filter((e) => e.action === action);
}
