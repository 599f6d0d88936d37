/**
 * OGC API - Features Part 3 on items: `filter`, `filter-lang` and `filter-crs`, read into one
 * syntax tree by `@geocatalog/cql` and compiled against what the layer publishes (contract §11).
 * A filter that cannot be read or applied is INVALID_VALUE (400) naming the token and its 1-based
 * position; nothing of it is ever ignored. Pure.
 */
import { CatalogError } from '@geocatalog/catalog-model';
import { CQL_LANGUAGES, CqlError, compileCql, parseCql, type CqlLanguage, type CqlNode, type CqlScope } from '@geocatalog/cql';

/** `filter-lang` when absent (Part 3); it also takes ECQL's spellings. */
export const DEFAULT_FILTER_LANG: CqlLanguage = 'cql2-text';

/** OGC's URI of CRS84, the default `filter-crs`. */
export const CRS84_URI = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

/** A checked client filter. */
export interface ItemsFilter {
  node: CqlNode;
  lang: CqlLanguage;
  /** The EPSG code of `filter-crs`; undefined for CRS84 (the default). */
  crsSrid?: number;
}

/** `filter`, `filter-lang`, `filter-crs` of an items request; undefined without `filter`. */
export function parseItemsFilter(params: Map<string, string>): ItemsFilter | undefined {
  const text = params.get('filter');
  const langText = params.get('filter-lang');
  const crsText = params.get('filter-crs');
  if (text === undefined) {
    const given = ['filter-lang', 'filter-crs'].filter((p) => params.has(p));
    if (given.length)
      throw new CatalogError('INVALID_VALUE', `${given.join(' and ')} without filter: give the filter too, or leave ${given.length > 1 ? 'them' : 'it'} out`);
    return undefined;
  }
  const lang = (langText ?? DEFAULT_FILTER_LANG) as CqlLanguage;
  if (!CQL_LANGUAGES.includes(lang)) {
    throw new CatalogError('INVALID_VALUE', `Invalid filter-lang '${shorten(langText!)}': this API reads ${CQL_LANGUAGES.join(', ')}`);
  }
  const crsSrid = crsText === undefined ? undefined : filterCrs(crsText);
  try {
    return { node: parseCql(text, lang), lang, crsSrid };
  } catch (err) {
    throw invalidFilter(err);
  }
}

/** The filter as a SQL condition over the scope (its values appended to the statement's parameters). */
export function filterCondition(filter: ItemsFilter, scope: CqlScope): (params: unknown[]) => string {
  const cql: CqlScope = filter.crsSrid === undefined ? scope : { ...scope, filterCrsSrid: filter.crsSrid };
  // Compiled once now, so that an unknown property or a type mismatch is a 400 before any read.
  try {
    compileCql(filter.node, cql, []);
  } catch (err) {
    throw invalidFilter(err);
  }
  return (params) => compileCql(filter.node, cql, params);
}

/**
 * `filter-crs`: CRS84 or an EPSG code other than 4326 (`http://www.opengis.net/def/crs/EPSG/0/n`),
 * whose coordinates are read x/y. EPSG:4326 is latitude first, which this API does not read: CRS84
 * is the same datum in longitude/latitude order.
 */
export function filterCrs(text: string): number | undefined {
  if (text === CRS84_URI) return undefined;
  const m = /^https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/(\d{1,6})$/.exec(text);
  if (!m)
    throw new CatalogError('INVALID_VALUE', `Invalid filter-crs '${shorten(text)}': expected ${CRS84_URI} or http://www.opengis.net/def/crs/EPSG/0/{code}`);
  if (m[1] === '4326') {
    throw new CatalogError(
      'INVALID_VALUE',
      `Invalid filter-crs '${text}': EPSG:4326 is latitude first; write the geometries in ${CRS84_URI} (longitude first)`,
    );
  }
  return Number(m[1]);
}

function invalidFilter(err: unknown): unknown {
  return err instanceof CqlError ? new CatalogError('INVALID_VALUE', `Invalid filter: ${err.message}`) : err;
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
