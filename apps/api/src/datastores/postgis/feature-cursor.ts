import type { PoolClient } from 'pg';
import type { FeatureSql } from './feature-sql';
import { PortalRead, type ColumnParser } from './portal-read';

/**
 * A read of features in progress, batch by batch: for a big page a server-side cursor
 * (`DECLARE … CURSOR` in a read-only, repeatable-read transaction) on one pooled connection, so
 * that no more than one batch of rows is ever held in the api whatever the page size; for a small
 * page the rows of one SELECT, already read (see `feature-reads.ts`).
 */
export interface FeatureCursor<T = string> {
  /** The next batch of rows (GeoJSON Feature texts unless told otherwise), in order; an empty array once the page is read. */
  next(): Promise<T[]>;
  /** Ends the read and hands the connection back (if it still holds one). Idempotent; never rejects. */
  close(): Promise<void>;
}

/** Rows in the first batch: small, so the first bytes leave soon. */
export const FIRST_BATCH_ROWS = 100;
/** Later batches aim at this many bytes of GeoJSON (sized from the rows read so far). */
export const BATCH_TARGET_BYTES = 256 * 1024;
export const MIN_BATCH_ROWS = 10;
export const MAX_BATCH_ROWS = 5_000;
/**
 * A cursor nobody reads from for this long (a client that stopped reading its response) is closed
 * and its connection handed back, so stalled clients cannot hold a store's small pool.
 */
export const CURSOR_IDLE_MS = 10_000;

export const CURSOR_NAME = 'geocatalog_features';

/** The transaction a read runs in: one snapshot across its batches, writing nothing. */
const TRANSACTION = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

/** Rows of the next batch, from the bytes per row seen so far. */
export function nextBatchRows(bytesRead: number, rowsRead: number): number {
  if (rowsRead === 0) return FIRST_BATCH_ROWS;
  const perRow = Math.max(1, bytesRead / rowsRead);
  return Math.min(MAX_BATCH_ROWS, Math.max(MIN_BATCH_ROWS, Math.floor(BATCH_TARGET_BYTES / perRow)));
}

/**
 * A read that may be one round trip: `expected`, the first batch also ends the transaction, so a
 * read whose rows all fit in it leaves nothing to roll back (when they do not, the read starts
 * again: a batch more read); `told` hears, after the first batch, whether every row fitted in it,
 * so the caller expects what the last read of the same source gave.
 */
export interface OneTrip {
  expected: boolean;
  told(fitted: boolean): void;
}

/** How the connector names a failure for the caller (store and driver reason). */
export type ErrorMapper = (err: unknown) => Error;

/**
 * The cursor over a checked-out pool client. The connector opens the transaction and declares the
 * cursor; this class fetches and ends it. Operations run one at a time on the client.
 */
export class PooledFeatureCursor<T extends { length: number } = string> implements FeatureCursor<T> {
  private queue: Promise<unknown> = Promise.resolve();
  private closing?: Promise<void>;
  private broken?: Error;
  private exhausted = false;
  private bytesRead = 0;
  private rowsRead = 0;
  private idleTimer?: NodeJS.Timeout;
  /** Read through the unnamed portal (`openPortal`): the SELECT not yet sent, then the columns' parsers. */
  private portal?: { select?: FeatureSql; parsers: ColumnParser[]; oneTrip?: OneTrip };
  /** A transaction was begun on the connection (ROLLBACK at close). */
  private begun = false;
  private closedBecause = 'the feature read was closed';
  private readonly onClientError = (err: Error) => {
    this.broken ??= err;
  };

  constructor(
    private readonly client: PoolClient,
    private readonly mapError: ErrorMapper,
    /** What a row (its columns in order) is handed out as: its first column unless told otherwise. */
    private readonly rowOf: (row: unknown[]) => T = (row) => row[0] as T,
  ) {
    // A connection lost while checked out emits 'error' on the client: never let it reach Node.
    client.on('error', this.onClientError);
  }

  /** Starts the transaction and declares the cursor over `select`. */
  async open(select: FeatureSql): Promise<void> {
    await this.serial(async () => {
      this.begun = true;
      await this.client.query(TRANSACTION);
      await this.client.query(`DECLARE ${CURSOR_NAME} NO SCROLL CURSOR FOR ${select.text}`, select.params);
    });
  }

  /**
   * Reads `select` through the unnamed portal of the extended protocol instead of a declared
   * cursor: the first `next` begins the transaction, binds the SELECT and reads the first batch
   * in one round trip (`portal-read.ts`), each later one reads the next batch in one. Nothing is
   * sent before that first `next`.
   */
  openPortal(select: FeatureSql, oneTrip?: OneTrip): void {
    this.portal = { select, parsers: [], oneTrip };
  }

  next(): Promise<T[]> {
    return this.serial(async () => {
      if (this.exhausted) return [];
      const rows = nextBatchRows(this.bytesRead, this.rowsRead);
      const read = this.portal
        ? await this.readPortal(rows)
        : (await this.client.query<unknown[]>({ text: `FETCH ${rows} FROM ${CURSOR_NAME}`, rowMode: 'array' })).rows;
      const features = read.map(this.rowOf);
      if (features.length < rows) this.exhausted = true;
      this.rowsRead += features.length;
      for (const f of features) this.bytesRead += f.length;
      return features;
    });
  }

  /** The next `rows` rows of the portal (the first read binds the SELECT; see {@link OneTrip}). */
  private async readPortal(rows: number): Promise<unknown[][]> {
    const { select, parsers, oneTrip } = this.portal!;
    const end = select && oneTrip?.expected ? 'COMMIT' : undefined;
    this.begun = true;
    const portalRead = new PortalRead(rows, select && { begin: TRANSACTION, text: select.text, params: select.params, end }, parsers);
    this.portal = { parsers };
    this.client.query(portalRead);
    const batch = await portalRead.result;
    if (select) oneTrip?.told(!batch.more);
    if (end) {
      // The transaction ended with the batch: nothing to roll back. Rows beyond the batch went
      // with the portal: the read starts again, batch by batch.
      this.begun = false;
      if (batch.more) {
        this.portal = { select, parsers: batch.parsers };
        return this.readPortal(rows);
      }
    }
    this.portal.parsers = batch.parsers;
    if (!batch.more) this.exhausted = true;
    return batch.rows;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      clearTimeout(this.idleTimer);
      // Waits for an operation in flight (a FETCH when the client went away).
      await this.queue.catch(() => undefined);
      if (!this.broken && this.begun) {
        try {
          await this.client.query('ROLLBACK');
        } catch (err) {
          this.broken = err as Error;
        }
      }
      this.client.off('error', this.onClientError);
      // Releasing with an error discards the connection instead of returning it to the pool.
      this.client.release(this.broken);
    })();
    return this.closing;
  }

  /** Runs `op` after the previous operation; any failure closes the cursor. Re-arms the idle timer. */
  private serial<T>(op: () => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(this.mapError(new Error(this.closedBecause)));
    clearTimeout(this.idleTimer);
    const run = this.queue.then(op);
    this.queue = run.catch(() => undefined);
    return run.then(
      (value) => {
        if (!this.closing) {
          this.idleTimer = setTimeout(() => {
            this.closedBecause = `the feature read was closed after ${CURSOR_IDLE_MS / 1000} s without a reader`;
            void this.close();
          }, CURSOR_IDLE_MS);
          this.idleTimer.unref();
        }
        return value;
      },
      async (err: unknown) => {
        // After an error PostgreSQL reported, the connection is sound (ROLLBACK ends the failed
        // transaction); after any other (network, timeout) it is discarded.
        if (!isServerError(err)) this.broken ??= err as Error;
        await this.close();
        throw this.mapError(err);
      },
    );
  }
}

/** The rows of a page read at once, handed out as one batch. Holds no connection. */
export function readRows(rows: string[]): FeatureCursor {
  let pending: string[] | undefined = rows;
  return {
    next: async () => {
      const batch = pending ?? [];
      pending = undefined;
      return batch;
    },
    close: async () => {
      pending = undefined;
    },
  };
}

/** An error PostgreSQL reported (it has a SQLSTATE), as opposed to a connection failure. */
function isServerError(err: unknown): boolean {
  const e = err as { code?: unknown; severity?: unknown } | null;
  return !!e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
}
