/**
 * A PostgreSQL cluster of its own for a test that stops and starts the catalog database: initdb
 * in a temporary directory, one port, trust auth on 127.0.0.1. PostgreSQL refuses to run as root,
 * so as root the binaries run as the `postgres` user (runuser).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './api-server';

const BIN = '/usr/lib/postgresql/15/bin';

/** True when this machine has the PostgreSQL 15 server binaries. */
export function throwawayPostgresAvailable(): boolean {
  return existsSync(join(BIN, 'initdb')) && existsSync(join(BIN, 'pg_ctl'));
}

export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  url: string;
  start(): void;
  /** An immediate shutdown: connections are cut, as when the database host dies. */
  stop(): void;
  remove(): void;
}

function run(args: string[]): void {
  const [command, ...rest] = args;
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...rest] : rest, { stdio: 'ignore', timeout: 60_000 });
}

export async function throwawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'gc-pg-'));
  if (process.getuid?.() === 0)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const port = await freePort();
  const data = join(dir, 'data');
  run([join(BIN, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const cluster: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run([join(BIN, 'pg_ctl'), '-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']),
    stop: () => run([join(BIN, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop']),
    remove: () => {
      try {
        cluster.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
