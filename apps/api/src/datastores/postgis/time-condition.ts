/**
 * A time range as a SQL condition on a table's time columns (OGC API's `datetime` on a layer's
 * time dimension, see ogc-features/items-datetime.ts). Pure: builds SQL text and parameters.
 *
 * - A feature of one instant (no end column) matches an instant it equals, and an interval that
 *   holds it (ends included; an open end is unbounded).
 * - A feature of a period [start, end] matches when its period meets the asked one (a null end is
 *   its start).
 * - Values are compared as `timestamptz`; a date (asked, or in a date column) is its midnight UTC.
 */
import { escapeIdentifier } from 'pg';
import { CatalogError } from '@geocatalog/catalog-model';
import type { TableInfo } from './postgis.types';
import type { SqlCondition } from './published-scope';

/** The columns of a layer's time dimension. */
export interface TimeDimension {
  attribute: string;
  endAttribute?: string;
}

/** A range of time as RFC 3339 texts (an instant is both ends); an open end is absent. */
export interface TimeRange {
  start?: string;
  end?: string;
}

const TIME_BINDINGS = new Set(['java.sql.Date', 'java.sql.Timestamp']);

/**
 * `datetime` as a condition on the layer's time columns. CANNOT_APPLY (409) when its dimension
 * names a column the table lacks, or one of no date or timestamp type (the layer's configuration
 * is at fault, not the request).
 */
export function timeCondition(layerId: string, dimension: TimeDimension, table: TableInfo, range: TimeRange): SqlCondition {
  const start = timeColumn(layerId, table, dimension.attribute);
  const end = dimension.endAttribute ? `COALESCE(${timeColumn(layerId, table, dimension.endAttribute)}, ${start})` : start;
  return (params) => {
    const value = (text: string) => `$${params.push(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text)}::timestamptz`;
    if (range.start !== undefined && range.start === range.end && !dimension.endAttribute) return `${start} = ${value(range.start)}`;
    const tests: string[] = [];
    // The feature's period [start, end] meets [range.start, range.end].
    if (range.end !== undefined) tests.push(`${start} <= ${value(range.end)}`);
    if (range.start !== undefined) tests.push(`${end} >= ${value(range.start)}`);
    return tests.join(' AND ');
  };
}

/** A time column of the table, as SQL over the row alias `t` (read as timestamptz: no index on it applies). */
function timeColumn(layerId: string, table: TableInfo, name: string): string {
  const column = table.attributes.find((a) => a.name === name);
  if (!column || !TIME_BINDINGS.has(column.binding)) {
    const why = column ? `is of no date or timestamp type (${column.binding})` : `is no column of '${table.schema}.${table.table}'`;
    throw new CatalogError(
      'CANNOT_APPLY',
      `Layer '${layerId}' cannot select features by time: the attribute '${name}' of its time dimension ${why}; correct the dimension`,
    );
  }
  // A date is its midnight UTC whatever the session's time zone, as the asked dates are.
  return column.binding === 'java.sql.Date' ? `(t.${escapeIdentifier(name)}::timestamp AT TIME ZONE 'UTC')` : `t.${escapeIdentifier(name)}::timestamptz`;
}
