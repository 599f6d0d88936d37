import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MapRowData } from '../map-rows';
import { packRows, type FromWorker, type MapJob, type PackedRows, type ToWorker } from './render-job';

/** The render thread's script, beside this file once built (`render-worker.js`); absent under ts-jest/SWC. */
const WORKER_SCRIPT = path.join(__dirname, 'render-worker.js');

/**
 * How many render threads a process starts: `WMS_RENDER_THREADS` when set (0: draw on the main
 * thread), else one per core. The main thread keeps HTTP, the catalog and the store reads; the
 * threads draw and encode, so on two cores one process uses both.
 */
export function renderThreads(env: NodeJS.ProcessEnv = process.env): number {
  const set = env.WMS_RENDER_THREADS;
  if (set !== undefined && set !== '') {
    const n = Number(set);
    if (!Number.isInteger(n) || n < 0 || n > 64) throw new Error(`WMS_RENDER_THREADS must be a whole number from 0 to 64, not '${set}'`);
    return n;
  }
  return availableParallelism();
}

interface Pending {
  resolve(result: { body: Buffer; skipped: string[] }): void;
  reject(error: Error): void;
  /** Told when the map is answered (the pool's close waits for it). */
  settled?: () => void;
}

interface Thread {
  worker: Worker;
  /** Maps sent and not answered. */
  pending: Map<number, Pending>;
}

/**
 * The render threads of this process (`render-worker.ts`), started on first use. A map goes to the
 * thread with the fewest maps in hand; a thread that dies fails its maps and is replaced.
 */
export class RenderPool {
  private readonly threads: Thread[] = [];
  private nextId = 1;

  constructor(private readonly size: number) {}

  /** A pool when threads are wanted and the built script is there; null: draw on the main thread. */
  static create(size = renderThreads()): RenderPool | null {
    return size > 0 && existsSync(WORKER_SCRIPT) ? new RenderPool(size) : null;
  }

  /**
   * Draws and encodes a map on a render thread: the rows of layer i are read from `rows[i]` (on
   * this thread) and sent as they come. A failed read aborts the map and rejects with the read's
   * error; a failure to draw rejects with the thread's message.
   */
  async render(job: MapJob, rows: Array<() => AsyncIterable<MapRowData[]>>): Promise<{ body: Buffer; skipped: string[] }> {
    const thread = this.pick();
    const id = this.nextId++;
    const answer = new Promise<{ body: Buffer; skipped: string[] }>((resolve, reject) => thread.pending.set(id, { resolve, reject }));
    // The map goes with its first rows, and each layer's last batch with its end: a map of one
    // batch is one message (each message wakes the thread).
    let unsent: MapJob | undefined = job;
    const send = (layer: number, packed: PackedRows | undefined, end: boolean) => {
      const message: ToWorker = { type: 'rows', id, layer, end, ...(unsent && { job: unsent }), ...(packed && { rows: packed }) };
      unsent = undefined;
      // Row geometries may be views of shared buffers: packed into buffers of their own, handed over.
      thread.worker.postMessage(message, packed ? [packed.bytes.buffer as ArrayBuffer, packed.ends.buffer as ArrayBuffer] : []);
    };
    try {
      for (let layer = 0; layer < rows.length; layer++) {
        let held: PackedRows | undefined;
        for await (const batch of rows[layer]()) {
          if (held) send(layer, held, false);
          held = packRows(batch);
          if (!thread.pending.has(id)) break;
        }
        send(layer, held, true);
      }
    } catch (err) {
      if (!unsent) thread.worker.postMessage({ type: 'abort', id } satisfies ToWorker);
      thread.pending.delete(id);
      answer.catch(() => undefined);
      throw err;
    }
    return answer;
  }

  /** Ends the threads (at the process's shutdown), each after the maps it has in hand. */
  async close(): Promise<void> {
    const threads = this.threads.splice(0);
    await Promise.all(
      threads.map(async ({ worker, pending }) => {
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        await Promise.allSettled([...pending.values()].map((p) => new Promise<void>((resolve) => (p.settled = resolve))));
        worker.postMessage({ type: 'stop' } satisfies ToWorker);
        // A thread that does not end by itself within two seconds is stopped.
        const timer = setTimeout(() => void worker.terminate(), 2000);
        await exited;
        clearTimeout(timer);
      }),
    );
  }

  private pick(): Thread {
    if (this.threads.length < this.size) {
      const idle = this.threads.find((t) => t.pending.size === 0);
      if (idle) return idle;
      return this.start();
    }
    return this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  private start(): Thread {
    const worker = new Worker(WORKER_SCRIPT);
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (message: FromWorker) => {
      const p = thread.pending.get(message.id);
      if (!p) return;
      thread.pending.delete(message.id);
      p.settled?.();
      if (message.type === 'done')
        p.resolve({ body: Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength), skipped: message.skipped });
      else p.reject(new Error(message.message));
    });
    const fail = (error: Error) => {
      const i = this.threads.indexOf(thread);
      if (i >= 0) this.threads.splice(i, 1);
      for (const p of thread.pending.values()) {
        p.reject(new Error(`The render thread stopped: ${error.message}`));
        p.settled?.();
      }
      thread.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    // An idle thread does not keep the process alive.
    worker.unref();
    this.threads.push(thread);
    return thread;
  }
}
