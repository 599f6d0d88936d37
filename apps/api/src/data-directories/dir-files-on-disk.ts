import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DirFiles } from './data-directory';

/**
 * The files of a folder on disk as {@link DirFiles} (paths relative to `folder`, `/`-separated),
 * for a data directory kept in git or unpacked by hand. Symbolic links are not followed, so a
 * link cannot pull files from outside the folder into an import.
 */
export function readDirFiles(folder: string): DirFiles {
  const files: DirFiles = new Map();
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path, `${prefix}${name}/`);
      else if (stat.isFile()) files.set(prefix + name, readFileSync(path));
    }
  };
  walk(folder, '');
  return files;
}
