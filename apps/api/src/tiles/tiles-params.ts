import { CatalogError } from '@geocatalog/catalog-model';
import { parseItemsFilter, type ItemsFilter } from '../ogc-features/items-filter';
import { TilesMediaKey } from './tiles-links';

/** The tile API's documents; each takes `f` only. */
export type TilesResource = 'landing' | 'conformance' | 'api' | 'collections' | 'collection' | 'tilesets' | 'tileset' | 'tileMatrixSets' | 'tileMatrixSet';

/** Values of `f` each document understands (the first is its default), and the media type each gives. */
const FORMATS: Record<TilesResource, Array<[string, TilesMediaKey]>> = {
  landing: [['json', 'json']],
  conformance: [['json', 'json']],
  api: [
    ['openapi', 'openapi'],
    ['json', 'json'],
  ],
  collections: [['json', 'json']],
  collection: [['json', 'json']],
  tilesets: [['json', 'json']],
  tileset: [
    ['json', 'json'],
    ['tilejson', 'tilejson'],
  ],
  tileMatrixSets: [['json', 'json']],
  tileMatrixSet: [['json', 'json']],
};

/**
 * The format a request to `resource` asks for with `f` (a short name), or the
 * resource's default. Any other parameter, a repeated `f` or an unknown format is INVALID_VALUE
 * (400), as the feature API answers.
 */
export function tilesFormatOf(query: URLSearchParams, resource: TilesResource): TilesMediaKey {
  const formats = FORMATS[resource];
  let chosen: TilesMediaKey | undefined;
  for (const [name, value] of query) {
    if (name !== 'f') throw new CatalogError('INVALID_VALUE', `Unknown query parameter '${shorten(name)}'; this resource accepts f`);
    if (chosen) throw new CatalogError('INVALID_VALUE', "The query parameter 'f' is given more than once");
    const hit = formats.find(([short]) => short === value.toLowerCase());
    if (!hit) throw new CatalogError('INVALID_VALUE', `Unsupported format f='${shorten(value)}'; this resource offers ${formats.map(([f]) => f).join(', ')}`);
    chosen = hit[1];
  }
  return chosen ?? formats[0][1];
}

/**
 * A tile's optional client filter: `filter`, `filter-lang` and `filter-crs` as the feature API's
 * items read them (OGC API - Features Part 3), ANDed with the layer's cqlFilter, so that a map
 * drawn from tiles shows what the same filter selects from items. Other parameters are ignored,
 * as before.
 */
export function tileFilterOf(query: URLSearchParams): ItemsFilter | undefined {
  const params = new Map<string, string>();
  for (const name of ['filter', 'filter-lang', 'filter-crs']) {
    const values = query.getAll(name);
    if (values.length > 1) throw new CatalogError('INVALID_VALUE', `The query parameter '${name}' is given more than once`);
    if (values.length) params.set(name, values[0]);
  }
  return parseItemsFilter(params);
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
