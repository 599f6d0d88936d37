import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { CliFailure } from './cli-failure';

/** The folders of an export that `writeExportIntoFolder` replaces as a whole. */
export const EXPORT_FOLDERS: readonly string[] = ['workspaces', 'styles'];

/**
 * Unpacks an export zip into `dir` (created when missing): `dir/workspaces/` and `dir/styles/` are
 * removed first, so records deleted from the catalog disappear from the folder; nothing else in
 * `dir` (`.git`, a README, CI files) is touched. Entries whose path would leave `dir` are refused
 * before anything is removed. Returns how many files were written.
 */
export function writeExportIntoFolder(dir: string, zip: Uint8Array): number {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip);
  } catch (e) {
    throw new CliFailure(`the server's export is not a readable zip (${(e as Error).message})`);
  }
  const files = Object.entries(entries).filter(([name]) => !name.endsWith('/'));
  for (const [name] of files) {
    if (!safeEntryName(name)) throw new CliFailure(`the server's export holds an entry outside its folder: ${JSON.stringify(name)}`);
  }
  mkdirSync(dir, { recursive: true });
  for (const folder of EXPORT_FOLDERS) rmSync(join(dir, folder), { recursive: true, force: true });
  for (const [name, bytes] of files) {
    const path = join(dir, ...name.split('/'));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
  }
  return files.length;
}

/** A relative `/`-separated path without `..`, `.`, empty segments, backslashes or a drive. */
function safeEntryName(name: string): boolean {
  if (name.includes('\\') || name.includes('\0') || /^[a-zA-Z]:/.test(name)) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}
