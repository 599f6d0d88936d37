import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Makes `dir` readable by its owner only: itself and every directory below 0700, every file 0600
 * (the embedded catalog's files hold every user's password hash). Created when missing. Symbolic
 * links are not followed. Together with the process umask 077 (set in main.ts) whatever is
 * written later is private too.
 */
export function makePrivate(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (at: string) => {
    const stat = fs.lstatSync(at);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) fs.chmodSync(at, 0o700);
      for (const entry of fs.readdirSync(at)) walk(path.join(at, entry));
    } else if ((stat.mode & 0o077) !== 0) {
      fs.chmodSync(at, stat.mode & 0o700);
    }
  };
  walk(dir);
}
