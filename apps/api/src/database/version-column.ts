import type { ColumnOptions } from 'typeorm';

/**
 * The `version` of a catalog record (migration 1764100000000): set by the database on insert and
 * on every update, from one sequence; read for ETags, never written by the api. `bigint` arrives
 * as a string.
 */
export const VERSION_COLUMN: ColumnOptions = { type: 'bigint', insert: false, update: false };
