import { CatalogError } from '@geocatalog/catalog-model';
import type { StoreConnection } from './postgis.types';

/**
 * How long a data store has to answer: to connect, to run one statement (server-side
 * `statement_timeout`), and to complete one connector call as a whole (contract §5: 502 in 10 s).
 * The default of `STORE_TIMEOUT_SECONDS` (config.ts), which tests set shorter.
 */
export const STORE_TIMEOUT_MS = 10_000;

/** No stream connection freed within STREAM_WAIT_MS. */
export class StoreBusy extends Error {}

export class StoreDeadline extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs / 1000} s`);
  }
}

/**
 * A store that failed (contract §5): "unreachable" whatever answered on its port — refused, silent,
 * another protocol, a PostgreSQL that broke off — so no answer tells one service from another; "wrong
 * user or password" only when the server spoke PostgreSQL and refused the login (SQLSTATE class 28).
 */
export function unreachable(qualifiedName: string, err: unknown): CatalogError {
  const login = isServerError(err) && err.code.startsWith('28');
  return new CatalogError(
    'STORE_UNAVAILABLE',
    login ? `Data store '${qualifiedName}' refused the login: wrong user or password` : `Data store '${qualifiedName}' is unreachable`,
  );
}

export function noSuchTable(store: StoreConnection, schema: string, table: string): CatalogError {
  return new CatalogError('NOT_FOUND', `No such table: '${schema}.${table}' in data store '${store.qualifiedName}'`);
}

export function noPostgis(store: StoreConnection): CatalogError {
  return new CatalogError('INVALID_VALUE', `Data store '${store.qualifiedName}' has no PostGIS: its CRS definitions are unknown`);
}

export function unknownCrs(code: string, why: string): CatalogError {
  const shown = code.length > 80 ? code.slice(0, 77) + '...' : code;
  return new CatalogError('INVALID_VALUE', `Unknown CRS code '${shown}': ${why}`);
}

/** pg's messages when `connectionTimeoutMillis` runs out (client and pool). */
export const PG_CONNECT_TIMEOUTS = new Set(['Connection terminated due to connection timeout', 'timeout exceeded when trying to connect']);

/**
 * The driver's reason for a failure, in one line. Duck-typed: errors made by Node's core (sockets,
 * DNS) are not `instanceof Error` of every realm (Jest's sandbox).
 */
export function reasonOf(err: unknown, timeoutMs = STORE_TIMEOUT_MS): string {
  const e = err as { message?: unknown; code?: unknown; name?: unknown; errors?: unknown } | null;
  // pg's connect timeout and the call deadline are the same bound and race each other;
  // either way the store did not answer in time, so both say so in the same words.
  if (e && typeof e.message === 'string' && PG_CONNECT_TIMEOUTS.has(e.message)) return new StoreDeadline(timeoutMs).message;
  if (e && Array.isArray(e.errors) && e.errors.length) {
    // Node's connection to every address of a host failed (AggregateError, empty message).
    return [...new Set(e.errors.map((one) => reasonOf(one, timeoutMs)))].join('; ');
  }
  if (e && typeof e === 'object') {
    const text = typeof e.message === 'string' ? e.message.trim() : '';
    return (text || (typeof e.code === 'string' && e.code) || (typeof e.name === 'string' && e.name) || 'unknown error').replace(/\s+/g, ' ');
  }
  return String(err);
}

/** SQLSTATEs of numeric data exceptions: 22003 out of range, 2201F/2201G invalid power, 2201E invalid logarithm. */
const FILTER_DATA_ERRORS = new Set(['22003', '2201F', '2201G', '2201E']);

/**
 * What only a client's filter computes, told apart from the store failing: arithmetic out of range,
 * an undefined power, GEOS refusing an invalid geometry (INVALID_VALUE naming the table); null for
 * any other error. Both the feature and the map readers ask it, so a filter is judged alike on
 * every read path.
 */
export function filterEvaluationError(err: unknown, schema: string, table: string): CatalogError | null {
  if (!isServerError(err) || !(FILTER_DATA_ERRORS.has(err.code) || /GEOS|TopologyException/.test(err.message))) return null;
  return new CatalogError('INVALID_VALUE', `The filter cannot be evaluated on the features of '${schema}.${table}': ${err.message}`);
}

export function isProgrammingError(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TypeError' || name === 'ReferenceError' || name === 'RangeError' || name === 'SyntaxError';
}

/** An error PostgreSQL reported (it has a SQLSTATE), as opposed to a connection failure. */
export function isServerError(err: unknown): err is { code: string; message: string } {
  const e = err as { code?: unknown; severity?: unknown; message?: unknown } | null;
  return !!e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string' && typeof e.message === 'string';
}

/**
 * SQLSTATEs of a statement written from a table description that no longer fits the table: a table,
 * column, type or function (of a column's new type) that is not there, a type mismatch.
 */
const DESCRIPTION_MISMATCH = new Set(['42P01', '42703', '42804', '42883', '42846']);
const staleDescriptions = new WeakSet<object>();

/**
 * Marks `error` as a failure that a fresh description of the table may avoid (see `table-cache.ts`):
 * the caller describes the table again and retries once. Returns `error`.
 */
export function markStaleDescription<E extends object>(error: E): E {
  staleDescriptions.add(error);
  return error;
}

/** True when `error` was marked by {@link markStaleDescription}. */
export function isStaleDescription(error: unknown): boolean {
  return typeof error === 'object' && error !== null && staleDescriptions.has(error);
}

/** A driver error that says the statement did not fit the table as described (see DESCRIPTION_MISMATCH). */
export function isDescriptionMismatch(err: unknown): boolean {
  return isServerError(err) && (DESCRIPTION_MISMATCH.has(err.code) || /mixed SRID/i.test(err.message));
}
