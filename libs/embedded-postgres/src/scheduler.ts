/**
 * The scheduler: hands PGlite's single backend to one connection at a time, from its first message
 * until ReadyForQuery 'I'. It replaces pglite-socket's QueryQueueManager, which interleaves the
 * extended-protocol messages of different connections and can deadlock its queue for good after one
 * internal throw — upstream issue electric-sql/pglite#1046 (open), fix proposed in
 * electric-sql/pglite#977 (open). When a pglite-socket release fixes both, this file can go.
 */
import type { PGlite } from '@electric-sql/pglite';
import { BackendScanner } from './backend-scanner';
import { errorText } from './errors';
import { COPY_FAIL, errorResponse, MSG_COPY_IN_RESPONSE, MSG_TERMINATE, ROLLBACK, STATUS_IDLE, SYNC } from './wire-protocol';

interface Job {
  handlerId: number;
  /** null = reset the session of handlerId (Sync / ROLLBACK) if it still owns the backend. */
  message: Uint8Array | null;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: Error) => void;
}

export interface SchedulerHooks {
  /** The connection sent Terminate: its slot can be reused. */
  onTerminate(handlerId: number): void;
  /** Terminate the connection with this ErrorResponse (idle-in-transaction timeout). */
  kill(handlerId: number, error: Buffer): void;
  log(msg: string): void;
}

/** Duck-types pglite-socket's QueryQueueManager, the only thing PGLiteSocketHandler talks to. */
export class BackendScheduler {
  private jobs: Job[] = [];
  private running: Promise<void> | null = null;
  /** Connection owning the backend, until ReadyForQuery 'I'. */
  private owner: number | null = null;
  /** The owner's last message did not end with ReadyForQuery (Parse…Sync sequence or COPY unfinished). */
  private midSequence = false;
  private readonly dead = new Set<number>();
  private readonly scanner = new BackendScanner();
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: PGlite,
    private readonly idleTimeoutMs: number,
    private readonly hooks: SchedulerHooks,
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    if (this.closed) return Promise.reject(new Error('embedded PostgreSQL is shutting down'));
    if (this.dead.has(handlerId)) return Promise.reject(new Error('connection terminated'));
    if (message[0] === MSG_TERMINATE) {
      this.dead.add(handlerId);
      this.hooks.onTerminate(handlerId);
      return this.resetSession(handlerId).then(() => 0);
    }
    return new Promise<number>((resolve, reject) => {
      this.jobs.push({ handlerId, message, onData, resolve, reject });
      this.pump();
    });
  }

  getQueueLength(): number {
    return this.jobs.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.dead.add(handlerId);
    const mine = this.jobs.filter((j) => j.handlerId === handlerId && j.message !== null);
    if (mine.length === 0) return;
    this.jobs = this.jobs.filter((j) => !mine.includes(j));
    for (const j of mine) j.reject(new Error('connection closed'));
  }

  /** Called by PGLiteSocketHandler.detach(): leave no transaction or half sequence behind. */
  clearTransactionIfNeeded(handlerId: number): Promise<void> {
    this.dead.add(handlerId);
    return this.resetSession(handlerId);
  }

  /** Forget a connection id for good (after its socket is gone). */
  forget(handlerId: number): void {
    if (this.owner !== handlerId) this.dead.delete(handlerId);
  }

  /** Rejects new work, resets the owner's session, waits for the backend to be idle. */
  async close(): Promise<void> {
    if (this.owner !== null) await this.resetSession(this.owner);
    this.closed = true;
    this.clearIdleTimer();
    for (const j of this.jobs.splice(0)) {
      if (j.message === null) j.resolve(0);
      else j.reject(new Error('embedded PostgreSQL is shutting down'));
    }
    while (this.running) await this.running;
  }

  private resetSession(handlerId: number): Promise<void> {
    if (this.owner !== handlerId || this.closed) return Promise.resolve();
    // Queued first: runs as soon as the owner's running message (if any) is done.
    return new Promise<void>((resolve, reject) => {
      this.jobs.unshift({ handlerId, message: null, onData: () => undefined, resolve: () => resolve(), reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running || this.closed) return;
    const idx = this.owner === null ? (this.jobs.length > 0 ? 0 : -1) : this.jobs.findIndex((j) => j.handlerId === this.owner);
    if (idx < 0) {
      this.armIdleTimer();
      return;
    }
    this.clearIdleTimer();
    const job = this.jobs.splice(idx, 1)[0];
    this.running = this.run(job).finally(() => {
      this.running = null;
      this.pump();
    });
  }

  private async run(job: Job): Promise<void> {
    if (job.message === null) {
      try {
        await this.reset(job.handlerId);
        job.resolve(0);
      } catch (err) {
        // PGlite itself failed; do not leave everyone else waiting on a session nobody can finish.
        this.owner = null;
        this.midSequence = false;
        job.reject(new Error(errorText(err)));
      }
      return;
    }
    this.owner = job.handlerId;
    this.scanner.reset();
    let bytes = 0;
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(job.message as Uint8Array, {
          onRawData: (data: Uint8Array) => {
            bytes += data.length;
            this.scanner.feed(data);
            job.onData(data);
          },
        }),
      );
    } catch (err) {
      // The backend state is unknown: keep the connection as owner so its reset (on detach) cleans up.
      this.midSequence = true;
      job.reject(new Error(errorText(err)));
      return;
    }
    if (this.scanner.readyStatus === null) {
      this.midSequence = true; // e.g. Parse/Bind/Execute before Sync: keep the backend
    } else {
      this.midSequence = false;
      if (this.scanner.readyStatus === STATUS_IDLE) this.owner = null;
    }
    job.resolve(bytes);
  }

  /** Ends whatever `handlerId` left open on the backend. */
  private async reset(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    await this.db.runExclusive(async () => {
      // execProtocolRawStream with a discarding callback: PGlite 0.5.8's execProtocolRaw would reuse the
      // callback of the previous stream call and send our output to the last client's socket.
      const discard = { onRawData: () => undefined };
      if (this.midSequence) {
        if (this.scanner.lastType === MSG_COPY_IN_RESPONSE) await this.db.execProtocolRawStream(COPY_FAIL, discard);
        await this.db.execProtocolRawStream(SYNC, discard);
      }
      if (this.db.isInTransaction()) {
        await this.db.execProtocolRawStream(ROLLBACK, discard);
        this.hooks.log(`rolled back the open transaction of a closed connection (#${handlerId})`);
      }
    });
    this.midSequence = false;
    this.owner = null;
  }

  private armIdleTimer(): void {
    if (this.idleTimer || this.idleTimeoutMs <= 0 || this.owner === null || this.jobs.length === 0) return;
    const owner = this.owner;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.owner !== owner || this.running || this.jobs.length === 0) {
        this.pump();
        return;
      }
      this.hooks.log(
        `terminating connection #${owner}: idle in transaction for ${this.idleTimeoutMs} ms while ` +
          `${this.jobs.length} message(s) of other connections waited for the single embedded backend`,
      );
      this.dead.add(owner);
      this.clearQueueForHandler(owner);
      this.hooks.kill(
        owner,
        errorResponse(
          'FATAL',
          '25P03',
          `terminating connection due to idle-in-transaction timeout (${this.idleTimeoutMs} ms): the embedded ` +
            `PostgreSQL runs one transaction at a time and other connections were waiting`,
        ),
      );
      void this.resetSession(owner).catch((err) => this.hooks.log(`reset failed: ${errorText(err)}`));
    }, this.idleTimeoutMs);
    this.idleTimer.unref();
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
