import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';

/**
 * The files under `dir` with paths relative to it (`/`-separated, sorted), leaving out every name
 * that starts with a dot (`.git`, `.gitignore`, `.DS_Store`) and whatever is below such a folder.
 * Symbolic links are followed; a link back to a folder already being read is not read twice.
 */
export function listFolderFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (absolute: string, relative: string, seen: ReadonlySet<string>) => {
    const real = realpathSync(absolute);
    if (seen.has(real)) return;
    const inside = new Set(seen).add(real);
    for (const name of readdirSync(absolute).sort()) {
      if (name.startsWith('.')) continue;
      const path = join(absolute, name);
      const rel = relative ? `${relative}/${name}` : name;
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path, rel, inside);
      else if (stat.isFile()) files.push(rel);
    }
  };
  walk(dir, '', new Set());
  return files;
}

/**
 * The top folders of a data directory an import reads: the catalog's configuration. A GeoServer
 * data directory also holds `data/` (shapefiles, rasters), `gwc/` (tile caches) and logs, which can
 * be gigabytes and are never imported.
 */
export const IMPORTED_FOLDERS = ['workspaces', 'styles', 'security'];

/**
 * A zip, in memory, of the files below `dir`'s {@link IMPORTED_FOLDERS} (as `listFolderFiles` lists
 * them), each at its path relative to `dir`; nothing else in `dir` is read.
 */
export function zipFolder(dir: string): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const top of IMPORTED_FOLDERS) {
    const folder = join(dir, top);
    if (!existsSync(folder) || !statSync(folder).isDirectory()) continue;
    for (const rel of listFolderFiles(folder)) entries[`${top}/${rel}`] = readFileSync(join(folder, ...rel.split('/')));
  }
  return zipSync(entries);
}
