import { lstatSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EXCHANGE_FILES, RECORD_FOLDERS, unzipWithinLimits, ZIP_LIMITS, ZipTooLarge } from '@geocatalog/catalog-exchange';
import { CliFailure } from './cli-failure';
import { writeFileNoFollow } from './no-follow';

/** All `geocatalog export DIR` ever writes (contract §6 and §8): what an exchange holds, as catalog-exchange declares it. */
const ALLOWED = `${RECORD_FOLDERS.map((f) => `${f}/`).join(', ')}, ${EXCHANGE_FILES.join(', ')}`;

/**
 * Unpacks an export zip into `dir` (created when missing). Everything is checked before anything
 * is removed or written, and a problem leaves `dir` as it was: the zip within the server's limits
 * (`ZIP_LIMITS`), every entry one of {@link RECORD_FOLDERS}/{@link EXCHANGE_FILES} by a plain relative
 * path (no `..`, `.`, empty or dot-file segment, backslash, control character or drive), no entry
 * both a file and a folder, and no symbolic link on any path it writes. Then the export folders are
 * removed and the files written one folder at a time, never through a link (`O_NOFOLLOW`); nothing
 * else in `dir` (`.git`, a README, CI files) is touched. `dir` itself may be a link: the user named
 * it. Returns how many files were written.
 */
export function writeExportIntoFolder(dir: string, zip: Uint8Array): number {
  const files = readExport(zip);
  const folders = new Set<string>(RECORD_FOLDERS);
  for (const name of files.keys()) {
    const segments = name.split('/');
    for (let i = 1; i < segments.length; i++) folders.add(segments.slice(0, i).join('/'));
  }
  for (const name of files.keys()) {
    if (folders.has(name)) throw new CliFailure(`the server's export holds ${JSON.stringify(name)} both as a file and as a folder; nothing was written`);
  }
  for (const path of [...folders, ...files.keys()]) refuseLink(dir, path);
  mkdirSync(dir, { recursive: true });
  for (const folder of RECORD_FOLDERS) rmSync(join(dir, folder), { recursive: true, force: true });
  for (const [name, bytes] of files) {
    const segments = name.split('/');
    for (let i = 1; i < segments.length; i++) makeFolder(join(dir, ...segments.slice(0, i)));
    // A file in a folder just emptied is new: exclusive, so nothing can have been put there meanwhile.
    writeFileNoFollow(join(dir, ...segments), bytes, RECORD_FOLDERS.includes(segments[0]));
  }
  return files.size;
}

/** The export's files by entry name, every name checked, within the zip limits. */
function readExport(zip: Uint8Array): Map<string, Uint8Array> {
  try {
    return new Map(Object.entries(unzipWithinLimits(zip, ZIP_LIMITS, checkEntryName)));
  } catch (e) {
    if (e instanceof CliFailure) throw e;
    if (e instanceof ZipTooLarge) throw new CliFailure(`the server's export is past the zip limits: ${e.message}; nothing was written`);
    throw new CliFailure(`the server's export is not a readable zip (${(e as Error).message})`);
  }
}

/** Refuses an entry that is not a plain relative path to a file an export holds. */
function checkEntryName(name: string): void {
  const segments = name.split('/');
  const plain = !/[\\\x00-\x1f\x7f]/.test(name) && !/^[a-zA-Z]:/.test(name) && segments.every((s) => s !== '' && !s.startsWith('.'));
  const allowed = (segments.length > 1 && RECORD_FOLDERS.includes(segments[0])) || EXCHANGE_FILES.includes(name);
  if (!plain || !allowed) {
    throw new CliFailure(`the server's export holds ${JSON.stringify(name)}, which no export holds (only ${ALLOWED}); nothing was written`);
  }
}

/** Refuses when `dir/path` exists as a symbolic link (each folder on the way is checked on its own). */
function refuseLink(dir: string, path: string): void {
  const absolute = join(dir, ...path.split('/'));
  if (lstatSync(absolute, { throwIfNoEntry: false })?.isSymbolicLink()) {
    throw new CliFailure(`${absolute} is a symbolic link: geocatalog export writes nothing through a link; nothing was written`);
  }
}

/** A folder, made when missing; an existing one must be a folder and no link. */
function makeFolder(path: string): void {
  try {
    mkdirSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const stat = lstatSync(path);
    if (stat.isSymbolicLink() || !stat.isDirectory())
      throw new CliFailure(`${path} is not a folder (a link or a file): geocatalog export writes nothing through it`);
  }
}
