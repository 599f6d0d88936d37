import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Client, ClientConfig, escapeIdentifier, Pool, PoolClient } from 'pg';
import { CatalogError, isPasswordKey, loginPasswordKey } from '@geocatalog/catalog-model';
import type { StoreSecrets } from '../store-secrets';
import type { StoreConnection, StoreTarget } from './postgis.types';
import { isProgrammingError, reasonOf, STORE_TIMEOUT_MS, StoreBusy, StoreDeadline, unreachable } from './store-errors';
import type { StoreReach } from './store-reach';

/** Connections per store: enough for concurrent publishing, small enough not to flood a shared server. */
export const POOL_MAX = 4;
/**
 * Connections per store for feature streams, a pool apart from {@link POOL_MAX}: however many
 * clients read features (or stall reading them), introspection and publishing never wait on them.
 */
export const STREAM_POOL_MAX = 4;
/** How long a feature read waits for a stream connection before it is answered 503. */
export const STREAM_WAIT_MS = 2_000;
/**
 * Session settings of the feature-stream connections: no parallel workers and no JIT. A page of at
 * most 1,001 rows (cursors never run in parallel) costs a millisecond or two to run, where starting
 * workers on a busy server costs tens, and so does compiling it: PostGIS's predicates are costed
 * high enough to pass `jit_above_cost`. Measured on a filtered 100-feature page of a 1M-point
 * table (S_INTERSECTS, with its count): 63 ms with a Gather Merge, 24 ms of it JIT, 3 ms with neither.
 */
const STREAM_SETTINGS = ' -c max_parallel_workers_per_gather=0 -c jit=off';
/** Idle connections are closed after this, so a store nobody uses holds no connection. */
export const POOL_IDLE_MS = 30_000;

/** One store's pool, keyed by a hash of the parameters it was made from. */
export interface StorePool {
  key: string;
  pool: Pool;
  /** Quoted schema of the PostGIS extension (null when it is not installed), looked up once per pool. */
  postgis?: Promise<string | null>;
  /** Whether that PostGIS writes vector tiles (`ST_AsMVT`), looked up once per pool. */
  mvt?: Promise<boolean>;
  /** Quoted schema of the `unaccent` extension (null when it is not installed), looked up once per pool. */
  unaccent?: Promise<string | null>;
}

export type Row = Record<string, unknown>;

/** What a connector call sees of its connection. */
export interface Session {
  query<R extends Row = Row>(sql: string, params?: unknown[]): Promise<R[]>;
  /** The quoted schema holding PostGIS (`"public"`), or null when the database has no PostGIS. */
  postgis(): Promise<string | null>;
  /** True when the database's PostGIS writes vector tiles (it may be built without protobuf-c). */
  writesTiles(pg: string): Promise<boolean>;
  /** The quoted schema holding the `unaccent` extension (ACCENTI in filters), or null when it is not installed. */
  unaccent(): Promise<string | null>;
}

/**
 * Connections to data stores: two bounded pools per store (calls, and feature streams with a
 * budget of their own), each keyed by a hash of the connection parameters so a change made through
 * any api process gives a new pool; every call bounded by {@link timeoutMs}; the host checked
 * (STORE_HOSTS, link-local, the catalog's own database: {@link StoreReach}) and pinned before any
 * connection; the password opened through the injected secrets at connect time only. A failure
 * answers in one wording whatever answered on the port (see {@link unreachable}); the driver's
 * reason, passwords masked, goes to the log only.
 */
export class StoreAccess {
  private readonly pools = new Map<number, StorePool>();
  /** Pools for feature streams, apart from {@link pools}. */
  readonly streamPools = new Map<number, StorePool>();

  constructor(
    private readonly secrets: StoreSecrets,
    private readonly where: StoreReach,
    private readonly logger: Logger,
    /** How long a store has to answer (STORE_TIMEOUT_SECONDS). */
    readonly timeoutMs = STORE_TIMEOUT_MS,
  ) {}

  /**
   * Connects to a store's server and runs one query, without touching the pools: the console's
   * "Test connection". `target.names` is set when the parameters are those of a saved store (its
   * stored password is then opened for it); without them, a password must be plain text.
   * Returns the server's version (`PostgreSQL 15.8 …`); STORE_UNAVAILABLE on failure, INVALID_VALUE
   * when the parameters point where stores may not connect.
   */
  async testConnection(target: StoreTarget): Promise<string> {
    const attempt = (async () => {
      const client = new Client(this.clientConfig(target, await this.where.reach(target.params, true)));
      client.on('error', () => undefined);
      try {
        await client.connect();
        const { rows } = await client.query<{ version: string }>(`SELECT current_setting('server_version') AS version`);
        return `PostgreSQL ${rows[0].version}`;
      } finally {
        await client.end().catch(() => undefined);
      }
    })();
    return this.withDeadline(attempt, target);
  }

  /** Closes the pool of a store (deleted, or its parameters changed). */
  async release(storeId: number): Promise<void> {
    for (const pools of [this.pools, this.streamPools]) {
      const entry = pools.get(storeId);
      if (!entry) continue;
      pools.delete(storeId);
      await this.closePool(entry);
    }
  }

  /** Closes the pools of several stores (a workspace deleted with everything in it). */
  async releaseAll(storeIds: number[]): Promise<void> {
    await Promise.all(storeIds.map((id) => this.release(id)));
  }

  /** Pool sizes per store id, for diagnostics and tests. */
  poolStats(): Array<{ storeId: number; kind: 'calls' | 'streams'; total: number; idle: number; waiting: number }> {
    const stats = (kind: 'calls' | 'streams', pools: Map<number, StorePool>) =>
      [...pools].map(([storeId, { pool }]) => ({ storeId, kind, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    return [...stats('calls', this.pools), ...stats('streams', this.streamPools)];
  }

  async shutdown(): Promise<void> {
    const entries = [...this.pools.values(), ...this.streamPools.values()];
    this.pools.clear();
    this.streamPools.clear();
    await Promise.all(entries.map((e) => this.closePool(e)));
  }

  // ---------------------------------------------------------------------------------------------

  /**
   * Runs one call on one pooled connection, within the store deadline, mapping driver failures.
   * `streams`: on a connection of the feature-stream pool (its budget applies, see
   * {@link streamConnection}). The connection is discarded after any failure but a CatalogError (a
   * refusal, or an error PostgreSQL reported that `work` mapped: the connection is sound then).
   */
  async run<T>(store: StoreConnection, work: (db: Session, client: PoolClient) => Promise<T>, opts: { streams?: boolean } = {}): Promise<T> {
    let abandoned = false;
    const task = (async () => {
      const entry = opts.streams ? await this.poolFor(store, this.streamPools, STREAM_POOL_MAX) : await this.poolFor(store, this.pools, POOL_MAX);
      const client = opts.streams ? await this.streamConnection(store, entry) : await entry.pool.connect();
      if (abandoned) {
        // The caller has had its answer (the deadline): hand the connection back unused.
        client.release();
        throw new StoreDeadline(this.timeoutMs);
      }
      let broken: Error | undefined;
      // A connection lost while checked out emits 'error' on the client: never let it reach Node.
      const onError = (err: Error) => {
        broken = err;
      };
      client.on('error', onError);
      try {
        return await work(this.session(entry, client), client);
      } catch (err) {
        if (!(err instanceof CatalogError)) broken ??= err as Error;
        throw err;
      } finally {
        client.off('error', onError);
        // Releasing with an error discards the connection instead of returning it to the pool.
        client.release(broken);
      }
    })();
    return this.withDeadline(task, store, () => {
      abandoned = true;
    });
  }

  /** Awaits `work` for at most {@link timeoutMs}; anything but a CatalogError becomes STORE_UNAVAILABLE. */
  async withDeadline<T>(work: Promise<T>, target: StoreTarget, onExpire?: () => void): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        onExpire?.();
        reject(new StoreDeadline(this.timeoutMs));
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([work, deadline]);
    } catch (err) {
      // Domain refusals pass; so do bugs of this code, which are no fault of the store.
      if (err instanceof CatalogError || isProgrammingError(err)) throw err;
      throw this.failure(target, err);
    } finally {
      clearTimeout(timer);
      // The work goes on after the deadline until its own timeouts end it: its outcome is nobody's.
      work.catch(() => undefined);
    }
  }

  /**
   * The answer to a store's failure: one wording whatever answered on its port (contract §5), with
   * the driver's reason, passwords masked, in the log only.
   */
  failure(target: StoreTarget, err: unknown): CatalogError {
    this.logger.warn(`Data store '${target.qualifiedName}' failed: ${this.redact(reasonOf(err, this.timeoutMs), target)}`);
    return unreachable(target.qualifiedName, err);
  }

  session(entry: StorePool, client: PoolClient): Session {
    return {
      query: async <R extends Row>(sql: string, params?: unknown[]) => (await client.query<R>(sql, params)).rows,
      postgis: () => extensionSchema(entry, 'postgis', client),
      unaccent: () => extensionSchema(entry, 'unaccent', client),
      writesTiles: (pg: string) => {
        entry.mvt ??= probeTileWriting(client, pg).catch((err: unknown) => {
          entry.mvt = undefined;
          throw err;
        });
        return entry.mvt;
      },
    };
  }

  /**
   * The store's pool in `pools`, made on first use and remade when its connection parameters
   * changed. Where stores may not connect (STORE_HOSTS, now or since the store was saved; the
   * catalog's own database, should the host's name resolve there now) is refused here, before any connection.
   */
  async poolFor(store: StoreConnection, pools: Map<number, StorePool>, max: number): Promise<StorePool> {
    const key = connectionKey(store.params);
    const current = pools.get(store.storeId);
    if (current?.key === key) return current;
    let host: string;
    try {
      host = await this.where.reach(store.params, true);
    } catch (err) {
      // Not the reader's mistake: the store was saved before the allow-list said otherwise.
      if (err instanceof CatalogError) throw new CatalogError('STORE_UNAVAILABLE', `Data store '${store.qualifiedName}' is not reachable: ${err.message}`);
      throw err;
    }
    const again = pools.get(store.storeId);
    if (again?.key === key) return again;
    if (again) {
      pools.delete(store.storeId);
      void this.closePool(again);
    }
    const name = store.qualifiedName;
    const config = this.clientConfig(store, host, pools === this.streamPools ? STREAM_SETTINGS : '');
    const pool = new Pool({ ...config, max, idleTimeoutMillis: POOL_IDLE_MS, allowExitOnIdle: true });
    // An idle connection that dies (server restart, network) must not crash the api.
    pool.on('error', (err) => this.logger.warn(`Data store '${name}': a pooled connection failed: ${this.redact(reasonOf(err, this.timeoutMs), store)}`));
    const entry: StorePool = { key, pool };
    pools.set(store.storeId, entry);
    return entry;
  }

  /**
   * A connection for a feature stream: waits at most {@link STREAM_WAIT_MS} while all
   * {@link STREAM_POOL_MAX} are reading, then refuses with 503 and Retry-After (a connection that
   * frees later goes back to the pool unused).
   */
  async streamConnection(store: StoreConnection, entry: StorePool): Promise<PoolClient> {
    const pending = entry.pool.connect();
    let timer: NodeJS.Timeout | undefined;
    const busy = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StoreBusy()), STREAM_WAIT_MS);
    });
    try {
      return await Promise.race([pending, busy]);
    } catch (err) {
      if (!(err instanceof StoreBusy)) throw err;
      pending.then(
        (client) => client.release(),
        () => undefined,
      );
      throw new CatalogError(
        'STORE_BUSY',
        `Data store '${store.qualifiedName}' is serving ${STREAM_POOL_MAX} feature reads already: try again shortly`,
        [],
        Math.ceil(STREAM_WAIT_MS / 1000),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  private async closePool(entry: StorePool): Promise<void> {
    try {
      await entry.pool.end();
    } catch (err) {
      this.logger.warn(`Closing a data store pool failed: ${reasonOf(err)}`);
    }
  }

  /**
   * Driver configuration for a store. Every field is set explicitly so that nothing falls back to
   * the api's own PG* environment variables or ~/.pgpass (the password is a function for that).
   */
  private clientConfig(target: StoreTarget, connectTo: string, settings = ''): ClientConfig {
    const { params, qualifiedName: name } = target;
    const host = (params.host ?? '').trim() || 'localhost';
    const portText = (params.port ?? '').trim() || '5432';
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
      throw new CatalogError('STORE_UNAVAILABLE', `Data store '${name}' is unreachable: port '${portText}' is not a port number`);
    }
    const database = (params.database ?? '').trim();
    const user = (params.user ?? '').trim();
    if (!database || !user) {
      throw new CatalogError('STORE_UNAVAILABLE', `Data store '${name}' is unreachable: its ${database ? 'user' : 'database'} is not set`);
    }
    const ssl = sslOption(params['SSL mode'] ?? params.sslmode);
    return {
      // The checked address (see reach); TLS still verifies the name the store was saved with.
      host: connectTo,
      port,
      database,
      user,
      password: async () => this.password(target),
      ssl: ssl && typeof ssl === 'object' && connectTo !== host ? { ...ssl, servername: host } : ssl,
      application_name: 'geocatalog',
      options: `-c statement_timeout=${this.timeoutMs}${settings}`,
      connectionTimeoutMillis: this.timeoutMs,
      // Client-side backstop for a connection that goes silent mid-query.
      query_timeout: this.timeoutMs + 1_000,
      keepAlive: true,
    };
  }

  /** The clear password a store logs in with (see `loginPasswordKey`); '' when it has none. */
  private password(target: StoreTarget): string {
    const key = loginPasswordKey(target.params);
    const value = key ? target.params[key] : '';
    return value ? this.secrets.clearPassword(value, target.names && { ...target.names, params: target.params }) : '';
  }

  /** A message with the store's passwords (stored or clear) masked, should a driver ever echo one. */
  redact(message: string, target: StoreTarget): string {
    const secrets: string[] = [];
    for (const key of Object.keys(target.params).filter(isPasswordKey)) {
      const stored = target.params[key];
      secrets.push(stored);
      try {
        secrets.push(this.secrets.clearPassword(stored, target.names && { ...target.names, params: target.params }));
      } catch {
        // undecryptable: only the stored form can appear
      }
    }
    let out = message;
    for (const secret of secrets) {
      if (secret.length >= 3) out = out.split(secret).join('***');
    }
    return out;
  }
}

/**
 * The quoted schema an extension is installed in, or null, looked up once per pool. Only a found
 * extension is remembered: one created later is seen on the next call.
 */
function extensionSchema(entry: StorePool, extension: 'postgis' | 'unaccent', client: PoolClient): Promise<string | null> {
  entry[extension] ??= client
    .query<{ nspname: string }>(
      `SELECT n.nspname FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = $1`,
      [extension],
    )
    .then((r) => {
      if (!r.rows.length) entry[extension] = undefined;
      return r.rows.length ? escapeIdentifier(r.rows[0].nspname) : null;
    })
    .catch((err: unknown) => {
      entry[extension] = undefined;
      throw err;
    });
  return entry[extension];
}

/**
 * Asks PostGIS for a one-point tile. PostGIS built without protobuf-c (the embedded sample
 * database's PGlite) refuses with "Compiled without protobuf-c support"; one too old for
 * `ST_AsMVT` has no such function (42883). Any other failure is the store's and is thrown.
 */
async function probeTileWriting(client: PoolClient, pg: string): Promise<boolean> {
  try {
    await client.query(
      `SELECT ${pg}.ST_AsMVT(q, 'probe') FROM (SELECT ${pg}.ST_AsMVTGeom(${pg}.ST_Point(0, 0), ${pg}.ST_MakeBox2D(${pg}.ST_Point(-1, -1), ${pg}.ST_Point(1, 1))) AS geom) AS q`,
    );
    return true;
  } catch (err) {
    const e = err as { code?: unknown; message?: unknown };
    if (e.code === '42883' || (typeof e.message === 'string' && /protobuf/i.test(e.message))) return false;
    throw err;
  }
}

/** What identifies a connection: a change to any of these gives the store a new pool. */
export function connectionKey(params: Record<string, string>): string {
  const passwords = Object.keys(params)
    .filter(isPasswordKey)
    .map((k) => params[k]);
  const parts = [params.host, params.port, params.database, params.user, ...passwords, params['SSL mode'] ?? params.sslmode];
  return createHash('sha256')
    .update(JSON.stringify(parts.map((p) => (p ?? '').trim())))
    .digest('hex');
}

export function sslOption(mode: string | undefined): ClientConfig['ssl'] {
  switch ((mode ?? '').trim().toUpperCase().replace('-', '_')) {
    case 'REQUIRE':
      return { rejectUnauthorized: false };
    case 'VERIFY_CA':
      return { rejectUnauthorized: true, checkServerIdentity: () => undefined };
    case 'VERIFY_FULL':
      return { rejectUnauthorized: true };
    default:
      // DISABLE, ALLOW, PREFER (the driver cannot fall back between plain and TLS), or unset.
      return false;
  }
}
