/**
 * Embedded PostgreSQL for the catalog when DATABASE_URL is unset (contract §2): PGlite persisted in a
 * directory, served over the PostgreSQL wire protocol on 127.0.0.1 so `pg` and TypeORM
 * (`type: 'postgres'`) use it exactly like a real server.
 *
 * PGlite is ONE backend in ONE process. What this module adds on top of `@electric-sql/pglite-socket`
 * (0.2.11, whose per-connection protocol framing — PGLiteSocketHandler — is reused as is):
 *
 * - A protocol-aware scheduler instead of pglite-socket's QueryQueueManager. That queue interleaves the
 *   messages of different connections one by one, so an extended-protocol query (Parse/Bind/Execute/
 *   Sync, which `pg` uses for every parameterised query) whose bytes arrive in more than one TCP read
 *   can have another connection's Parse slipped in between: the first connection's Bind then runs the
 *   other connection's SQL with its own parameters (reproduced with a 4 MB parameter and concurrent
 *   small queries: "invalid input syntax for type integer"). Here a connection owns the backend from
 *   its first message until PostgreSQL answers ReadyForQuery with status 'I' (idle): a whole
 *   Parse…Sync sequence, a simple query, or a whole transaction (BEGIN…COMMIT/ROLLBACK) runs without
 *   any other connection's message in between. Other connections wait (FIFO).
 * - Session reset when a connection goes away while owning the backend (socket closed, Terminate,
 *   error): an unfinished extended-protocol sequence gets a Sync, an open transaction a ROLLBACK, so
 *   nobody else is left stuck behind it.
 * - Idle-in-transaction timeout: a connection that holds an open transaction (or an unfinished
 *   sequence) without sending anything for `idleInTransactionTimeoutMs` WHILE other connections wait
 *   is terminated (FATAL 25P03) and rolled back. This turns the classic single-backend deadlock —
 *   code that, inside a transaction, awaits a query on another pool client — into an error.
 * - Connection slots freed reliably: pglite-socket forgets a connection only on its 'close' path, so
 *   slots leak after socket errors (ECONNRESET); here both the 'close' and 'error' paths, and a
 *   Terminate message, free the slot. "Too many connections" is a proper ErrorResponse (53300).
 * - A lock file (`<dataDir>/geocatalog-embedded-pg.lock`) so a second process (or a second open in
 *   this process) cannot open the same directory; a stale lock (dead PID, or a previous incarnation
 *   with the same PID, e.g. PID 1 in a restarted container) is taken over.
 *
 * Limits (single backend): session state is shared by all connections — a non-LOCAL `SET`, named
 * prepared statements (pg's `{ name: … }` queries; TypeORM does not use them), temporary tables,
 * LISTEN. CancelRequest is ignored. Inside a transaction, every query must go through that
 * transaction's client/EntityManager; a query on another pool client waits for the transaction to end.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';
import type { Extensions, PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketHandler, PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';
import { authenticate, ScramVerifier, scramVerifier } from './wire-auth';

/**
 * Node's own `require`, from the main context. PGlite's CommonJS build loads its wasm and helpers with
 * dynamic `import()`, which throws ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG inside Jest's module
 * sandbox (and Jest's `module`/`getBuiltinModule` hand out its sandboxed require). Outside Jest this is
 * just the ordinary require. Values cross the realm boundary in Jest, so this module passes PGlite only
 * Buffers (outer-realm typed arrays) and never relies on `instanceof` for what PGlite returns or throws.
 */
function nativeRequire(): NodeRequire {
  const outer = vm.runInThisContext('process') as { getBuiltinModule?: (id: string) => unknown };
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the fallback outside Jest is exactly Node's own require
  const mod = (outer.getBuiltinModule?.('node:module') ?? require('node:module')) as typeof import('node:module');
  return mod.createRequire(__filename);
}

let libs: { PGlite: typeof PGlite; PGLiteSocketHandler: typeof PGLiteSocketHandler } | undefined;
function pgliteLibs(): NonNullable<typeof libs> {
  if (!libs) {
    const req = nativeRequire();
    libs = {
      PGlite: (req('@electric-sql/pglite') as typeof import('@electric-sql/pglite')).PGlite,
      PGLiteSocketHandler: (req('@electric-sql/pglite-socket') as typeof import('@electric-sql/pglite-socket')).PGLiteSocketHandler,
    };
  }
  return libs;
}

/** `{ name: package }` → `{ name: <the package's export of that name> }`, from the main realm. */
function loadExtensions(spec: Record<string, string>): Extensions {
  const req = nativeRequire();
  const out: Extensions = {};
  for (const [name, pkg] of Object.entries(spec)) {
    const ext = (req(pkg) as Record<string, unknown>)[name];
    if (!ext) throw new Error(`the package ${pkg} exports no PGlite extension named ${name}`);
    out[name] = ext as Extensions[string];
  }
  return out;
}

export interface EmbeddedPostgresOptions {
  /** PGlite data directory (created if absent), e.g. `${DATA_DIR}/catalog-db`. */
  dataDir: string;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** TCP port; 0 (default) = an ephemeral port, reported in the result. */
  port?: number;
  /**
   * Pool size clients should use (`pg.Pool({ max })`, TypeORM `extra: { max }`); default 8. The server
   * accepts twice as many sockets, because a closed client's slot is freed asynchronously and a pool
   * that reconnects at once would otherwise hit the limit.
   */
  maxConnections?: number;
  /**
   * A connection that keeps the backend (open transaction / unfinished extended-protocol sequence)
   * idle this long while others wait is terminated and rolled back. Default 15000; 0 = never.
   */
  idleInTransactionTimeoutMs?: number;
  /**
   * PGlite extensions to load, as extension name → package exporting it under that name, e.g.
   * `{ postgis: '@electric-sql/pglite-postgis' }`. Loaded with Node's own require (see nativeRequire),
   * not passed as objects, so this also works under Jest. Default: none. `CREATE EXTENSION` is still
   * up to the caller.
   */
  extensions?: Record<string, string>;
  log?: (msg: string) => void;
  /**
   * The password clients must prove (SCRAM-SHA-256) as user `postgres`. Default: a random one made
   * at every start, known only to this process (it is in `url`).
   */
  password?: string;
}

export interface EmbeddedPostgres {
  /** `postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres`, for `pg` and TypeORM `type: 'postgres'`. */
  url: string;
  port: number;
  /** The pool size clients should use. */
  maxConnections: number;
  /** Stops the server, rolls back what is open, closes PGlite cleanly and releases the lock. Idempotent. */
  close(): Promise<void>;
}

const DEFAULT_MAX_CONNECTIONS = 8;
const DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 15_000;
export const EMBEDDED_PG_LOCK_FILE = 'geocatalog-embedded-pg.lock';

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => undefined);
  const dataDir = path.resolve(opts.dataDir);
  const host = opts.host ?? '127.0.0.1';
  const maxConnections = opts.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  if (!Number.isInteger(maxConnections) || maxConnections < 1) {
    throw new Error(`maxConnections must be a positive integer, got ${maxConnections}`);
  }
  const idleTimeoutMs = opts.idleInTransactionTimeoutMs ?? DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS;
  const password = opts.password ?? randomBytes(24).toString('base64url');

  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireLock(dataDir, log);
  const t0 = Date.now();
  let db: PGlite;
  try {
    const extensions = opts.extensions ? loadExtensions(opts.extensions) : undefined;
    db = await pgliteLibs().PGlite.create(extensions ? { dataDir, extensions } : { dataDir });
  } catch (err) {
    lock.release();
    throw new Error(`Cannot open the embedded PostgreSQL (PGlite) data directory ${dataDir}: ${errorText(err)}`, { cause: err });
  }
  const openMs = Date.now() - t0;

  let server: WireServer;
  try {
    server = new WireServer(db, { hardLimit: maxConnections * 2, idleTimeoutMs, log, user: 'postgres', verifier: scramVerifier(password) });
    await server.listen(host, opts.port ?? 0);
  } catch (err) {
    await db.close().catch(() => undefined);
    lock.release();
    throw new Error(`Cannot serve the embedded PostgreSQL on ${host}:${opts.port ?? 0}: ${errorText(err)}`, { cause: err });
  }
  const port = server.port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  log(`embedded PostgreSQL (PGlite) opened ${dataDir} in ${openMs} ms, listening on ${host}:${port}`);

  let closing: Promise<void> | undefined;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@${urlHost}:${port}/postgres`,
    port,
    maxConnections,
    close() {
      closing ??= (async () => {
        try {
          await server.close();
          await db.close();
          log(`embedded PostgreSQL closed (${dataDir})`);
        } finally {
          lock.release();
        }
      })();
      return closing;
    },
  };
}

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

function acquireLock(dataDir: string, log: (msg: string) => void): { release(): void } {
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

// ---------------------------------------------------------------------------------------------------
// Wire protocol helpers

const MSG_TERMINATE = 0x58; // 'X'
const MSG_READY_FOR_QUERY = 0x5a; // 'Z'
const MSG_COPY_IN_RESPONSE = 0x47; // 'G'
const STATUS_IDLE = 0x49; // 'I'

function frontendMessage(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const b = Buffer.alloc(5 + body.length);
  b.write(type, 0, 'latin1');
  b.writeInt32BE(4 + body.length, 1);
  body.copy(b, 5);
  return b;
}

const SYNC = frontendMessage('S');
const ROLLBACK = frontendMessage('Q', Buffer.from('ROLLBACK\0', 'utf8'));
const COPY_FAIL = frontendMessage('f', Buffer.from('client disconnected\0', 'utf8'));

/** A backend ErrorResponse. */
function errorResponse(severity: 'FATAL' | 'ERROR', code: string, message: string): Buffer {
  const fields = Buffer.from(`S${severity}\0V${severity}\0C${code}\0M${message}\0\0`, 'utf8');
  const b = Buffer.alloc(5 + fields.length);
  b.write('E', 0, 'latin1');
  b.writeInt32BE(4 + fields.length, 1);
  fields.copy(b, 5);
  return b;
}

/** Follows the framing of backend output across chunks: last message type and ReadyForQuery status. */
class BackendScanner {
  private header = Buffer.alloc(5);
  private headerLen = 0;
  private remaining = 0;
  private type = 0;
  private bodyOffset = 0;
  /** Status byte of the last ReadyForQuery seen since {@link reset}, or null. */
  readyStatus: number | null = null;
  lastType = 0;

  reset(): void {
    this.readyStatus = null;
  }

  feed(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.remaining === 0) {
        const n = Math.min(5 - this.headerLen, chunk.length - i);
        this.header.set(chunk.subarray(i, i + n), this.headerLen);
        this.headerLen += n;
        i += n;
        if (this.headerLen < 5) return;
        this.headerLen = 0;
        this.type = this.header[0];
        this.lastType = this.type;
        this.remaining = this.header.readInt32BE(1) - 4;
        this.bodyOffset = 0;
        if (this.remaining <= 0) this.remaining = 0;
        continue;
      }
      const n = Math.min(this.remaining, chunk.length - i);
      if (this.type === MSG_READY_FOR_QUERY && this.bodyOffset === 0) this.readyStatus = chunk[i];
      this.bodyOffset += n;
      this.remaining -= n;
      i += n;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Scheduler: hands the single backend to one connection at a time

interface Job {
  handlerId: number;
  /** null = reset the session of handlerId (Sync / ROLLBACK) if it still owns the backend. */
  message: Uint8Array | null;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: Error) => void;
}

interface SchedulerHooks {
  /** The connection sent Terminate: its slot can be reused. */
  onTerminate(handlerId: number): void;
  /** Terminate the connection with this ErrorResponse (idle-in-transaction timeout). */
  kill(handlerId: number, error: Buffer): void;
  log(msg: string): void;
}

/** Duck-types pglite-socket's QueryQueueManager, the only thing PGLiteSocketHandler talks to. */
class BackendScheduler {
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

// ---------------------------------------------------------------------------------------------------
// TCP server

class WireServer {
  private readonly server: net.Server;
  private readonly scheduler: BackendScheduler;
  private readonly connections = new Map<number, { handler: PGLiteSocketHandler; socket: net.Socket }>();
  /** Every open socket, also refused/killed ones still flushing, so close() can destroy them all. */
  private readonly sockets = new Set<net.Socket>();
  private closing = false;
  port = 0;

  constructor(
    db: PGlite,
    private readonly opts: { hardLimit: number; idleTimeoutMs: number; log: (msg: string) => void; user: string; verifier: ScramVerifier },
  ) {
    this.scheduler = new BackendScheduler(db, opts.idleTimeoutMs, {
      onTerminate: (id) => this.connections.delete(id),
      kill: (id, error) => this.kill(id, error),
      log: opts.log,
    });
    this.server = net.createServer((socket) => this.accept(socket));
  }

  listen(host: string, port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        this.server.on('error', (err) => this.opts.log(`embedded PostgreSQL server error: ${err.message}`));
        this.port = (this.server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  private accept(socket: net.Socket): void {
    socket.on('error', () => undefined); // errors are handled through 'close'; never crash the process
    if (this.closing) {
      socket.destroy();
      return;
    }
    for (const s of this.sockets) if (s.destroyed) this.sockets.delete(s);
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket)); // (PGLiteSocketHandler.detach removes it: pruned above)
    if (this.connections.size >= this.opts.hardLimit || this.sockets.size > this.opts.hardLimit * 4) {
      this.opts.log(`embedded PostgreSQL: refusing a connection, ${this.connections.size} open`);
      socket.end(errorResponse('FATAL', '53300', `sorry, too many clients already (${this.opts.hardLimit})`));
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    // Nothing reaches PGlite before the client has proven it knows the password.
    authenticate(socket, this.opts.user, this.opts.verifier).then(
      (startup) => this.serve(socket, startup),
      (err: unknown) => this.opts.log(`embedded PostgreSQL: login refused from ${socket.remoteAddress ?? '?'}: ${errorText(err)}`),
    );
  }

  /** Hands a logged-in connection to PGlite, replaying its StartupMessage. */
  private serve(socket: net.Socket, startup: Buffer): void {
    if (this.closing || socket.destroyed) {
      socket.destroy();
      return;
    }
    const handler = new (pgliteLibs().PGLiteSocketHandler)({
      queryQueue: this.scheduler as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    });
    const id = handler.handlerId;
    this.connections.set(id, { handler, socket });
    let forgotten = false;
    const gone = () => {
      this.connections.delete(id);
      if (socket.destroyed) this.sockets.delete(socket);
      if (forgotten) return;
      forgotten = true;
      // detach() (run by the handler on close/error) resets the session; forget the id afterwards.
      setTimeout(() => this.scheduler.forget(id), 1000).unref();
    };
    handler.addEventListener('close', gone);
    handler.addEventListener('error', gone);
    socket.once('close', gone);
    handler
      .attach(socket)
      .then(() => socket.emit('data', startup))
      .catch((err: unknown) => {
        this.opts.log(`embedded PostgreSQL: cannot attach a connection: ${errorText(err)}`);
        gone();
        socket.destroy();
      });
  }

  private kill(id: number, error: Buffer): void {
    const conn = this.connections.get(id);
    this.connections.delete(id);
    if (!conn) return;
    const { socket } = conn;
    if (socket.writable) socket.end(error, () => socket.destroy());
    else socket.destroy();
    setTimeout(() => socket.destroy(), 1000).unref();
  }

  async close(): Promise<void> {
    this.closing = true;
    const serverClosed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    const conns = [...this.connections.values()];
    this.connections.clear();
    await Promise.allSettled(conns.map(({ handler }) => handler.detach(true)));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    try {
      await this.scheduler.close();
    } catch (err) {
      this.opts.log(`embedded PostgreSQL: could not reset the last session before closing: ${errorText(err)}`);
    }
    await serverClosed;
  }
}

function errorText(err: unknown): string {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(err);
}
