/**
 * geoserver-node-client, unmodified from the npm registry, driven from a spec: it runs in a child
 * process (`node-client-driver.mjs`; the package is ESM and uses node-fetch, which Jest's module
 * system does not load) and each call returns what the library returned, or rejects with the
 * library's `GeoServerResponseError` (name, message, geoServerOutput).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ApiServer } from './api-server';

/** An error the library threw, as it threw it. */
export class NodeClientError extends Error {
  constructor(
    readonly libraryName: string | undefined,
    message: string,
    /** The body GeoServer answered, as the library passes it on. */
    readonly geoServerOutput: string | undefined,
  ) {
    super(message);
  }
}

export interface NodeClient {
  /** `client[target][method](...args)`, e.g. `call('workspaces', 'create', 'acme')`. */
  call<T = any>(target: string, method: string, ...args: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

const DRIVER = join(__dirname, 'node-client-driver.mjs');
const CALL_TIMEOUT_MS = 20_000;

/** Starts the library against `server.restUrl` with the admin's credentials. */
export function startNodeClient(server: Pick<ApiServer, 'restUrl' | 'admin'>): NodeClient {
  const child: ChildProcess = spawn(process.execPath, [DRIVER, server.restUrl, server.admin.user, server.admin.password], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4000)));
  const pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  let nextId = 1;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const message = JSON.parse(line) as { id: number; ok: boolean; result?: unknown; error?: { name?: string; message?: string; geoServerOutput?: string } };
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    clearTimeout(waiter.timer);
    if (message.ok) waiter.resolve('result' in message ? message.result : undefined);
    else waiter.reject(new NodeClientError(message.error?.name, message.error?.message ?? 'error', message.error?.geoServerOutput));
  });
  child.once('exit', (code) => {
    for (const waiter of pending.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error(`the geoserver-node-client driver exited (${code}): ${stderr}`));
    }
    pending.clear();
  });
  return {
    call(target, method, ...args) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${target}.${method}() did not answer within ${CALL_TIMEOUT_MS} ms ${stderr}`));
        }, CALL_TIMEOUT_MS);
        pending.set(id, { resolve, reject, timer });
        child.stdin!.write(JSON.stringify({ id, target, method, args }) + '\n');
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin!.end();
      child.kill('SIGTERM');
      await exited;
    },
  };
}
