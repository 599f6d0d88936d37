/**
 * `/collections/{id}/queryables` (OGC API - Features Part 3): a JSON Schema of what a filter or
 * `sortby` may name — the layer's published properties whose values a filter can compare, and its
 * geometry — taken from its published scope (datastores/postgis/published-scope.ts), so that it
 * never lists a column the layer does not publish. Pure.
 *
 * GDAL's OAPIF driver up to 3.6 reads an older draft's form, `{"queryables": [{"id": …}]}`, from
 * the collection's `queryables` link of type `application/json`: `f=json` answers the same schema
 * with that member beside it (JSON Schema ignores members it does not know).
 */
import type { AttributeInfo, GeometryInfo } from '../datastores/postgis/postgis.types';
import { scopeType, type ScopeColumnType } from '../datastores/postgis/published-scope';

/** The JSON Schema dialect of the document (Part 3 names 2019-09 or later). */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** What the queryables are built from. */
export interface QueryablesSource {
  /** Absolute URL of this document (its `$id`). */
  url: string;
  title: string;
  /** The published properties. */
  attributes: AttributeInfo[];
  geometry: GeometryInfo | null;
}

/** The queryables as JSON Schema; `withDraftList`: the `queryables` array GDAL 3.6 reads too. */
export function queryablesDocument(source: QueryablesSource, withDraftList: boolean): object {
  const properties: Record<string, object> = {};
  const draft: Array<{ id: string; type: string }> = [];
  if (source.geometry) {
    const format = `geometry-${geometryFormat(source.geometry.type)}`;
    properties[source.geometry.column] = { title: source.geometry.column, format, 'x-ogc-role': 'primary-geometry' };
    draft.push({ id: source.geometry.column, type: format });
  }
  for (const a of source.attributes) {
    const type = scopeType(a.binding);
    if (!type) continue;
    properties[a.name] = { title: a.name, ...schemaOf(type, a) };
    draft.push({ id: a.name, type: DRAFT_TYPES[type] });
  }
  return {
    $schema: JSON_SCHEMA_DIALECT,
    $id: source.url,
    type: 'object',
    title: source.title,
    properties,
    additionalProperties: false,
    ...(withDraftList ? { queryables: draft } : {}),
  };
}

/** The names `sortby` may use: the queryable properties but the geometry. */
export function sortableNames(attributes: AttributeInfo[]): string[] {
  return attributes.filter((a) => scopeType(a.binding) !== undefined).map((a) => a.name);
}

// ---------------------------------------------------------------------------------------------

const DRAFT_TYPES: Record<ScopeColumnType, string> = {
  string: 'string',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'dateTime',
  geometry: 'geometry',
};

function schemaOf(type: ScopeColumnType, a: AttributeInfo): object {
  switch (type) {
    case 'string':
      return a.length ? { type: 'string', maxLength: a.length } : { type: 'string' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'timestamp':
      return { type: 'string', format: 'date-time' };
    default:
      return { type };
  }
}

/** Part 5's geometry formats (`geometry-point`, …, `geometry-any`) by PostGIS type. */
function geometryFormat(postgisType: string): string {
  const type = postgisType.toUpperCase().replace(/M$/, '');
  const known: Record<string, string> = {
    POINT: 'point',
    MULTIPOINT: 'multipoint',
    LINESTRING: 'linestring',
    MULTILINESTRING: 'multilinestring',
    POLYGON: 'polygon',
    MULTIPOLYGON: 'multipolygon',
    GEOMETRYCOLLECTION: 'geometrycollection',
  };
  return known[type] ?? 'any';
}
