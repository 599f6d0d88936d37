import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { errorText } from './errors';

export const EMBEDDED_PG_LOCK_FILE = 'geocatalog-embedded-pg.lock';

// ---------------------------------------------------------------------------------------------------
// Lock file

interface LockInfo {
  pid: number;
  host: string;
  /** /proc start time of the owner (clock ticks since boot), to detect PID reuse; null off Linux. */
  start: number | null;
  token: string;
  since: string;
}

/** Lock tokens held by this process (a lock with our own PID but an unknown token is stale). */
const heldTokens = new Set<string>();

function processStartTime(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name (field 2) may contain spaces, so count after ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const v = Number(fields[19]);
    return Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why `info` still holds the directory, or null when the lock is stale. */
function liveOwner(info: LockInfo): string | null {
  const who = `process ${info.pid} on ${info.host} (since ${info.since})`;
  if (info.host !== os.hostname()) return who; // cannot check another host's processes: assume live
  if (info.pid === process.pid) return heldTokens.has(info.token) ? `this process (since ${info.since})` : null;
  if (!pidAlive(info.pid)) return null;
  const start = processStartTime(info.pid);
  if (info.start !== null && start !== null && start !== info.start) return null; // PID reused
  return who;
}

function readLock(file: string): LockInfo | null {
  try {
    const v = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockInfo>;
    if (typeof v.pid !== 'number' || typeof v.token !== 'string') return null;
    return {
      pid: v.pid,
      host: typeof v.host === 'string' ? v.host : os.hostname(),
      start: typeof v.start === 'number' ? v.start : null,
      token: v.token,
      since: typeof v.since === 'string' ? v.since : '?',
    };
  } catch {
    return null;
  }
}

export function acquireLock(dataDir: string, log: (msg: string) => void): { release(): void } {
  const file = path.join(dataDir, EMBEDDED_PG_LOCK_FILE);
  const mine: LockInfo = {
    pid: process.pid,
    host: os.hostname(),
    start: processStartTime(process.pid),
    token: randomBytes(12).toString('hex'),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine) + '\n', { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new Error(`Cannot create the lock file ${file} of the embedded PostgreSQL: ${errorText(err)}`, { cause: err });
      }
      const other = readLock(file);
      if (other === null) {
        // Empty/partial: another process may be writing it right now; give it a moment, then take over.
        const ageMs = Date.now() - safeMtime(file);
        if (ageMs < 2000 && attempt < 4) {
          sleepSync(100);
          continue;
        }
      } else {
        const owner = liveOwner(other);
        if (owner !== null) {
          throw new Error(
            `The embedded PostgreSQL data directory ${dataDir} is already in use by ${owner}: ` +
              `PGlite allows one process per directory. Stop that process, use another DATA_DIR, or set ` +
              `DATABASE_URL. If no such process is running, delete ${file}.`,
            { cause: err },
          );
        }
        log(`taking over the stale lock of process ${other.pid} on ${dataDir}`);
      }
      try {
        fs.unlinkSync(file);
      } catch {
        /* someone else removed it: retry */
      }
      continue;
    }
    // Two processes taking over the same stale lock at once: only one file survives; check it is ours.
    if (readLock(file)?.token !== mine.token) continue;
    heldTokens.add(mine.token);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        heldTokens.delete(mine.token);
        try {
          if (readLock(file)?.token === mine.token) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      },
    };
  }
  throw new Error(`Cannot lock the embedded PostgreSQL data directory ${dataDir} (${file} keeps changing)`);
}

function safeMtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
