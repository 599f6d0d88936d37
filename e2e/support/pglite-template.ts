/**
 * An empty PGlite cluster, made once per machine and PGlite version, that the embedded pass
 * (jest.embedded.config.js) copies into each fresh DATA_DIR as `catalog-db`: the api then opens a
 * cluster instead of making one (PGlite's initdb costs 10–40 s of CPU, per api start). The api still
 * runs every migration on it and creates its admin: the catalog is as fresh as before. The first
 * pass and the specs that always run embedded (restart, crash safety, `security-embedded`) start
 * on an empty DATA_DIR, so PGlite's own first start stays tested there.
 *
 * Made by PGlite itself in a child process (it loads its wasm with a dynamic import, which Jest's
 * sandbox refuses), in a directory of its own, then renamed into place: two workers that make it
 * at the same time both succeed, and one keeps its copy.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A file of every PostgreSQL cluster (the template is renamed into place only once PGlite closed it). */
const MADE = 'PG_VERSION';

let made: Promise<string> | undefined;

/** The template's directory, made on first use. */
function template(repoRoot: string): Promise<string> {
  made ??= (async () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    const dir = join(tmpdir(), `gc-e2e-empty-pglite-${version}`);
    if (existsSync(join(dir, MADE))) return dir;
    const building = `${dir}.${process.pid}.${Date.now()}`;
    const script = `const { PGlite } = require('@electric-sql/pglite');
      PGlite.create({ dataDir: process.argv[1] }).then((db) => db.close()).catch((e) => { console.error(e); process.exit(1); });`;
    await promisify(execFile)(process.execPath, ['-e', script, building], { cwd: repoRoot });
    if (!existsSync(join(building, MADE))) throw new Error(`PGlite made no cluster in ${building}`);
    try {
      renameSync(building, dir);
    } catch {
      // Another worker put its template there first.
      rmSync(building, { recursive: true, force: true });
    }
    return dir;
  })();
  return made;
}

/** Copies the empty cluster to `${dataDir}/catalog-db`, where the api opens its embedded catalog. */
export async function seedEmptyCatalog(repoRoot: string, dataDir: string): Promise<void> {
  cpSync(await template(repoRoot), join(dataDir, 'catalog-db'), { recursive: true });
}
