import { Injectable } from '@nestjs/common';
import { sourceProperties } from '../datastores/postgis/feature-sql';
import { PostgisConnector } from '../datastores/postgis/postgis.connector';
import type { AttributeInfo } from '../datastores/postgis/postgis.types';
import type { CollectionInfo } from '../ogc-features/features-documents';
import { filterCondition, type ItemsFilter } from '../ogc-features/items-filter';
import { PublishedLayers, sourceOf } from '../ogc-features/published-layers';
import { encodeTile } from './geojson-tile';
import type { TileAddress } from './tile-address';
import type { TileFields } from './tiles-documents';

/**
 * Features per tile, at most. A 256-pixel tile holds far fewer distinguishable points; the cap keeps
 * a low-zoom tile of a huge table (every row in one tile) from costing seconds and megabytes.
 */
export const MAX_TILE_FEATURES = 20_000;

/** A layer as the tile API describes it: its collection and the name of its one MVT layer. */
export interface TileLayer {
  info: CollectionInfo;
  name: string;
}

/**
 * Vector tiles of the layers the feature API serves (same lookup, `PublishedLayers`: enabled layers
 * of enabled feature types in enabled stores, read from the catalog on every request, so one
 * decision point says which layers both APIs offer). PostGIS writes the tile when it can;
 * otherwise the api encodes the features the store returns for it.
 */
@Injectable()
export class TilesService {
  constructor(
    private readonly published: PublishedLayers,
    private readonly connector: PostgisConnector,
  ) {}

  /** Every advertised layer's collection, by workspace then layer name, read a page at a time. */
  collections(): AsyncGenerator<CollectionInfo[]> {
    return this.published.advertised();
  }

  /** One layer by `workspace:layer`; NOT_FOUND when there is no such enabled layer. */
  async layer(collectionId: string): Promise<TileLayer> {
    const layer = await this.published.byId(collectionId);
    return { info: layer.info, name: layer.name };
  }

  /** The layer with the attributes its tiles carry (its published ones), for TileJSON. */
  async layerWithFields(collectionId: string): Promise<TileLayer & { fields: TileFields }> {
    const layer = await this.published.byId(collectionId);
    const attributes = await this.connector.withTable(layer.store, layer.nativeName, async (table) => sourceProperties(sourceOf(layer, table)));
    return { info: layer.info, name: layer.name, fields: Object.fromEntries(attributes.map((a) => [a.name, fieldType(a)])) };
  }

  /**
   * The tile as Mapbox Vector Tile bytes; empty when no feature reaches it. NOT_FOUND for an unknown
   * layer. A client `filter` (checked against the published scope: a 400 naming its position) is
   * ANDed with the layer's cqlFilter.
   */
  async tile(collectionId: string, address: TileAddress, filter?: ItemsFilter): Promise<Buffer> {
    const layer = await this.published.byId(collectionId);
    const data = await this.connector.withTable(layer.store, layer.nativeName, (table) => {
      const source = sourceOf(layer, table);
      const where = filter && filterCondition(filter, source.scope.cql);
      const restriction = where
        ? (params: unknown[]) =>
            [source.restriction?.(params), where(params)]
              .filter((t) => t !== undefined)
              .map((t) => `(${t})`)
              .join(' AND ')
        : source.restriction;
      return this.connector.readTile(layer.store, { ...source, restriction }, { ...address, layerName: layer.name, maxFeatures: MAX_TILE_FEATURES });
    });
    return data.kind === 'mvt' ? data.bytes : encodeTile(data.features, address, layer.name);
  }
}

const NUMBERS = new Set([
  'java.lang.Short',
  'java.lang.Integer',
  'java.lang.Long',
  'java.lang.Float',
  'java.lang.Double',
  'java.math.BigDecimal',
  'java.math.BigInteger',
]);

/** How an attribute's values come out in a tile, in TileJSON's words. */
function fieldType(a: AttributeInfo): string {
  if (NUMBERS.has(a.binding)) return 'Number';
  return a.binding === 'java.lang.Boolean' ? 'Boolean' : 'String';
}
