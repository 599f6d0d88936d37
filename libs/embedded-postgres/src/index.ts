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
import * as path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { errorText } from './errors';
import { acquireLock } from './lock';
import { loadExtensions, pgliteLibs } from './pglite-libs';
import { WireServer } from './wire-server';
import { scramVerifier } from './wire-auth';

export { EMBEDDED_PG_LOCK_FILE } from './lock';

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
