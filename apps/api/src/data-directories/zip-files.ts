import { CatalogError } from '@geocatalog/catalog-model';
import { zipSync, type Zippable } from 'fflate';
import type { DirFiles } from './data-directory';
import { unzipWithinLimits, ZIP_LIMITS, ZipTooLarge } from '@geocatalog/catalog-exchange';

/** Every entry's time in a written zip, so one catalog always zips to the same bytes. */
const FIXED_TIME = new Date('2000-01-01T00:00:00Z');

/**
 * The files of a zip, by `/`-separated relative path. Refuses (400) what is not a zip, paths that
 * climb out of it (`..`, absolute, drive letters), and (413) a zip past the limits
 * (`unzipWithinLimits`: checked on the zip's directory before anything is inflated).
 */
export function filesFromZip(bytes: Uint8Array, limits = ZIP_LIMITS): DirFiles {
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw new CatalogError('MALFORMED_BODY', 'The body is not a zip file');
  }
  let unzipped: Record<string, Uint8Array>;
  try {
    unzipped = unzipWithinLimits(bytes, limits, safePath);
  } catch (err) {
    if (err instanceof CatalogError) throw err;
    if (err instanceof ZipTooLarge) throw new CatalogError('TOO_LARGE', err.message);
    throw new CatalogError('MALFORMED_BODY', `The body is not a readable zip file: ${(err as Error).message}`);
  }
  const files: DirFiles = new Map();
  for (const [name, content] of Object.entries(unzipped)) files.set(safePath(name), content);
  return files;
}

/** A zip entry's name as a relative path; 400 for one that leaves the zip's folder. */
function safePath(name: string): string {
  const path = name.replace(/\\/g, '/');
  const parts = path.split('/');
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path) || parts.includes('..') || path.includes('\0')) {
    throw new CatalogError('MALFORMED_BODY', `The zip entry '${name.replace(/[^\x20-\x7e]/g, '?')}' is not a path inside the zip`);
  }
  return parts.filter((p) => p !== '' && p !== '.').join('/');
}

/** The files as a zip, entries in path order with a fixed time: the same files give the same bytes. */
export function zipFiles(files: DirFiles): Uint8Array {
  const tree: Zippable = {};
  for (const path of [...files.keys()].sort()) tree[path] = [files.get(path)!, { mtime: FIXED_TIME }];
  return zipSync(tree, { level: 6 });
}
