/**
 * Speaking to one worker of an api started with `workers` > 1: the primary hands each new
 * connection to a worker and the connection stays with it, so a keep-alive connection is a line to
 * one worker, named by the `X-Geocatalog-Worker` header of every answer. And the workers as the
 * operating system sees them: the primary's child processes, from /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { HttpResponse, rawRequest, RequestOptions } from './http';

export const WORKER_HEADER = 'x-geocatalog-worker';

/** One keep-alive connection, and the worker at its end. */
export interface Pinned {
  /** The worker's number, as its answers name it. */
  worker: string;
  /** A request on this connection; throws if another worker answered (the connection was lost). */
  request(url: string, opts?: RequestOptions): Promise<HttpResponse>;
  close(): void;
}

function pinned(agent: Agent, worker: string): Pinned {
  return {
    worker,
    async request(url, opts = {}) {
      const res = await rawRequest(url, { ...opts, agent });
      const by = res.headers.get(WORKER_HEADER);
      if (by !== worker) throw new Error(`Expected worker ${worker} to answer on its connection, got ${by ?? 'no worker header'}`);
      return res;
    },
    close: () => agent.destroy(),
  };
}

/**
 * `count` connections, each to a different worker: new connections are opened (and extra ones
 * closed) until that many workers answered. `probeUrl` must answer without credentials.
 */
export async function pinToWorkers(probeUrl: string, count: number): Promise<Pinned[]> {
  const found = new Map<string, Pinned>();
  for (let tries = 0; found.size < count; tries++) {
    if (tries >= 20 * count) throw new Error(`Only workers ${[...found.keys()].join(', ')} answered ${tries} connections`);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const res = await rawRequest(probeUrl, { agent });
    const worker = res.headers.get(WORKER_HEADER);
    if (!worker) throw new Error(`No ${WORKER_HEADER} header in the answer to ${probeUrl}: ${res.status}`);
    if (found.has(worker)) agent.destroy();
    else found.set(worker, pinned(agent, worker));
  }
  return [...found.values()];
}

/** The processes whose parent is `pid` (the primary's workers), from /proc. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended while /proc was read.
    }
  }
  return children.sort((a, b) => a - b);
}

/** Whether process `pid` exists (and is not a zombie). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
