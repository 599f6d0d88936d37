import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { EXCHANGE_FILES, RECORD_FOLDERS, SECURITY_FOLDER, ZIP_LIMITS, type ZipLimits } from '@geocatalog/catalog-exchange';
import { CliFailure } from './cli-failure';
import { readFileNoFollow } from './no-follow';

/** The files under a folder, and the symbolic links left out of them. */
export interface FolderListing {
  /** Regular files, `/`-separated paths relative to the folder, sorted. */
  files: string[];
  /** Symbolic links met on the way (to files or folders), by the same paths: never read or followed. */
  links: string[];
}

/**
 * The files under `dir` (`lstat`, so a symbolic link is never followed and is listed in `links`),
 * leaving out every name that starts with a dot (`.git`, `.gitignore`, `.DS_Store`) and whatever is
 * below such a folder, and anything that is neither a file, a folder nor a link (a socket, a FIFO).
 */
export function listFolderFiles(dir: string): FolderListing {
  const listing: FolderListing = { files: [], links: [] };
  const walk = (absolute: string, relative: string) => {
    for (const name of readdirSync(absolute).sort()) {
      if (name.startsWith('.')) continue;
      const path = join(absolute, name);
      const rel = relative ? `${relative}/${name}` : name;
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) listing.links.push(rel);
      else if (stat.isDirectory()) walk(path, rel);
      else if (stat.isFile()) listing.files.push(rel);
    }
  };
  walk(dir, '');
  return listing;
}

/**
 * The top folders of a data directory an import reads (catalog-exchange's declaration): the
 * catalog's configuration. A GeoServer data directory also holds `data/` (shapefiles, rasters),
 * `gwc/` (tile caches) and logs, which can be gigabytes and are never imported.
 */
export const IMPORTED_FOLDERS: readonly string[] = [...RECORD_FOLDERS, SECURITY_FOLDER];

/** The files at the top of a data directory an import reads: the global, WMS and WFS settings. */
export const IMPORTED_TOP_FILES: readonly string[] = EXCHANGE_FILES.filter((file) => !file.includes('/'));

/** A folder zipped for an import, and the links left out of it (paths relative to the folder). */
export interface FolderZip {
  zip: Uint8Array;
  links: string[];
}

/**
 * A zip, in memory, of the files below `dir`'s {@link IMPORTED_FOLDERS} (as `listFolderFiles` lists
 * them) and of its {@link IMPORTED_TOP_FILES}, each at its path relative to `dir`; nothing else in
 * `dir` is read, and no symbolic link is zipped or followed (a top folder or file that is one
 * included). The server's zip limits are checked on the files' sizes before any is read, so a
 * folder the server would refuse is not read into memory.
 */
export function zipFolder(dir: string, limits: ZipLimits = ZIP_LIMITS): FolderZip {
  const entries: Record<string, Uint8Array> = {};
  const links: string[] = [];
  const files: string[] = [];
  for (const top of IMPORTED_FOLDERS) {
    const stat = lstatSync(join(dir, top), { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) links.push(top);
    if (!stat?.isDirectory()) continue;
    const listing = listFolderFiles(join(dir, top));
    files.push(...listing.files.map((rel) => `${top}/${rel}`));
    links.push(...listing.links.map((rel) => `${top}/${rel}`));
  }
  for (const top of IMPORTED_TOP_FILES) {
    const stat = lstatSync(join(dir, top), { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) links.push(top);
    else if (stat?.isFile()) files.push(top);
  }
  checkLimits(dir, files, limits);
  for (const rel of files) entries[rel] = readFileNoFollow(join(dir, ...rel.split('/')));
  const zip = zipSync(entries);
  if (zip.length > limits.zipBytes) throw new CliFailure(`the files to import zip to more than ${limits.zipBytes} bytes, more than the server takes`);
  return { zip, links };
}

/** The server's limits on what it is sent, checked on the folder (sizes from `lstat`). */
function checkLimits(dir: string, files: readonly string[], limits: ZipLimits): void {
  if (files.length > limits.entries) throw new CliFailure(`${dir} holds more than ${limits.entries} files to import, more than the server takes`);
  let total = 0;
  for (const rel of files) {
    const size = lstatSync(join(dir, ...rel.split('/'))).size;
    if (size > limits.fileBytes) throw new CliFailure(`${rel} is larger than ${limits.fileBytes} bytes, more than the server takes`);
    total += size;
    if (total > limits.totalBytes) throw new CliFailure(`the files to import are larger than ${limits.totalBytes} bytes together, more than the server takes`);
  }
}
