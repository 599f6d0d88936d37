import { Injectable } from '@nestjs/common';
import { CatalogError } from '@geocatalog/catalog-model';
import { propertyAttributes } from '../datastores/postgis/attribute-subset';
import { FeatureFilter, FeatureSource, SortKey, sourceProperties } from '../datastores/postgis/feature-sql';
import { ONE_QUERY_MAX_ROWS, PostgisConnector } from '../datastores/postgis/postgis.connector';
import { searchBoxes } from './crs84-box';
import { featureCollectionText, FeatureCollectionStream, PageFrame } from './feature-collection.stream';
import { CollectionInfo, featureCollectionLinks, featureLinks } from './features-documents';
import { FeaturesLinks } from './features-links';
import { filterCondition } from './items-filter';
import { datetimeCondition, requireTimeDimension } from './items-datetime';
import type { SqlCondition } from '../datastores/postgis/published-scope';
import type { ItemQuery, ItemsQuery } from './features-params';
import { PublishedLayer, PublishedLayers, sourceOf } from './published-layers';
import { queryablesDocument, sortableNames } from './queryables';

/**
 * The largest selection an items page counts for its `numberMatched` (a count that stops after this
 * many rows plus one, run only when the page itself does not tell): above it, numberMatched is left
 * out, as pygeoapi and GeoServer skip counts that cost more than the page.
 */
export const NUMBER_MATCHED_MAX = 10_000;

/**
 * OGC API - Features over the catalog: collections are the enabled layers of enabled feature types
 * in enabled stores (read from the catalog database on every request: no cache, several api
 * processes may share it); features are read live from the layer's table through the connector,
 * with the table's description reused for a few seconds and renewed when a read shows it stale
 * (`PostgisConnector.withTable`). Layers that are not advertised are left out of `/collections`
 * but can be read by their id.
 */
@Injectable()
export class FeaturesService {
  constructor(
    private readonly published: PublishedLayers,
    private readonly connector: PostgisConnector,
  ) {}

  /** Every advertised collection, by workspace then layer name, read a page at a time. */
  collections(): AsyncGenerator<CollectionInfo[]> {
    return this.published.advertised();
  }

  /** One collection by `workspace:layer`; NOT_FOUND when there is no such enabled layer. */
  async collection(id: string): Promise<CollectionInfo> {
    return (await this.published.byId(id)).info;
  }

  /**
   * One page of a collection's features as GeoJSON: a text for a page of at most 1,000 features
   * (one SELECT, sent in one write), a stream for a bigger one (a cursor, memory bounded). The store
   * is asked before this returns (cursor opened, first batch read), so its failures are statuses.
   */
  async items(id: string, query: ItemsQuery, links: FeaturesLinks): Promise<string | FeatureCollectionStream> {
    const layer = await this.published.byId(id);
    // No time dimension: refused before the store is asked (contract §11).
    const time = query.datetime && requireTimeDimension(layer.info.id, layer.timeDimension);
    const frame: PageFrame = {
      limit: query.limit,
      offset: query.offset,
      timeStamp: timeStamp(),
      links: (more) => featureCollectionLinks(links, layer.info.id, { ...query, more }),
    };
    // One row more than the page: it tells whether there is a next page.
    const page = { limit: query.limit + 1, offset: query.offset };
    return this.connector.withTable(layer.store, layer.nativeName, async (table) => {
      const source = sourceOf(layer, table);
      const properties = this.checkProperties(layer, source, query.properties);
      const sortBy = query.sortBy && checkSortBy(layer, source, query.sortBy);
      const transformed = !source.table.geometry?.geography && source.srid !== 4326 && source.srid > 0;
      const where = allOf(
        query.filter && filterCondition(query.filter, source.scope.cql),
        time && query.datetime && datetimeCondition(layer.info.id, time, table, query.datetime),
      );
      const filter: FeatureFilter = { boxes: query.boxes && searchBoxes(query.boxes, layer.info.latLonBbox, transformed), properties, sortBy, where };
      if (page.limit <= ONE_QUERY_MAX_ROWS) {
        // numberMatched, when the page does not tell it, is counted in the same statement where the count is cheap;
        // not on a whole table known to be big (the commonest page: a plain statement, planned faster).
        const whole = !where && !filter.boxes && !source.restriction;
        if (whole && (table.estimatedRows ?? 0) > 2 * NUMBER_MATCHED_MAX) {
          return featureCollectionText(await this.connector.readFeaturePage(layer.store, source, filter, page), frame);
        }
        const { features, matched } = await this.connector.readPageWithCount(layer.store, source, filter, page, NUMBER_MATCHED_MAX);
        return featureCollectionText(features, { ...frame, matched });
      }
      return new FeatureCollectionStream(await this.connector.openFeatures(layer.store, source, filter, page), frame);
    });
  }

  /** One feature as GeoJSON text with its links; NOT_FOUND when the collection has no such feature. */
  async item(id: string, featureId: string, query: ItemQuery, links: FeaturesLinks): Promise<string> {
    const layer = await this.published.byId(id);
    const feature = await this.connector.withTable(layer.store, layer.nativeName, async (table) => {
      const source = sourceOf(layer, table);
      const properties = this.checkProperties(layer, source, query.properties);
      return this.connector.readFeature(layer.store, source, { properties }, featureId);
    });
    if (feature === null) throw new CatalogError('NOT_FOUND', `No such feature: '${featureId}' in collection '${layer.info.id}'`);
    // The feature's text is PostgreSQL's `{…}`: the links go in before its closing brace.
    return `${feature.slice(0, -1)},"links":${JSON.stringify(featureLinks(links, layer.info.id, featureId, query))}}`;
  }

  /**
   * The collection's queryables (JSON Schema of what it publishes, the geometry included), read
   * from its table's description; `withDraftList` adds the list GDAL 3.6 reads.
   */
  async queryables(id: string, links: FeaturesLinks, withDraftList: boolean): Promise<object> {
    const layer = await this.published.byId(id);
    return this.connector.withTable(layer.store, layer.nativeName, async (table) => {
      const source = sourceOf(layer, table);
      return queryablesDocument(
        { url: links.queryables(layer.info.id), title: layer.info.title, attributes: sourceProperties(source), geometry: table.geometry },
        withDraftList,
      );
    });
  }

  // ---------------------------------------------------------------------------------------------

  /**
   * The requested properties, each checked against those the layer publishes; undefined for all. A
   * column its attribute subset leaves out is no property of it (400, as an unknown name). An
   * unknown one may be a column added since the table was described: the error says so to
   * `withTable` (a column the table has, but the subset hides, is not worth describing again).
   */
  private checkProperties(layer: PublishedLayer, source: FeatureSource, requested: string[] | undefined): string[] | undefined {
    if (requested === undefined) return undefined;
    const known = sourceProperties(source).map((a) => a.name);
    const unknown = requested.filter((p) => !known.includes(p));
    if (unknown.length) {
      const error = new CatalogError(
        'INVALID_VALUE',
        `No such property in collection '${layer.info.id}': ${unknown.map((p) => `'${p}'`).join(', ')}; it has ${known.join(', ') || 'none'}`,
      );
      const inTable = propertyAttributes(source.table).map((a) => a.name);
      throw unknown.every((p) => inTable.includes(p)) ? error : this.connector.staleDescription(error);
    }
    return requested;
  }
}

/** The sort keys, each a property the layer publishes and can compare; INVALID_VALUE (400) naming those it can. */
function checkSortBy(layer: PublishedLayer, source: FeatureSource, keys: SortKey[]): SortKey[] {
  const sortable = sortableNames(sourceProperties(source));
  const unknown = keys.filter((k) => !sortable.includes(k.column));
  if (unknown.length) {
    throw new CatalogError(
      'INVALID_VALUE',
      `Invalid sortby: collection '${layer.info.id}' cannot be sorted by ${unknown.map((k) => `'${k.column}'`).join(', ')}; it can by ${sortable.join(', ') || 'none'}`,
    );
  }
  return keys;
}

/** The conditions given, ANDed; undefined when none is. */
function allOf(...conditions: Array<SqlCondition | undefined>): SqlCondition | undefined {
  const given = conditions.filter((c): c is SqlCondition => c !== undefined);
  if (given.length <= 1) return given[0];
  return (params) => given.map((c) => `(${c(params)})`).join(' AND ');
}

/** Now, to the second (RFC 3339). */
function timeStamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}
