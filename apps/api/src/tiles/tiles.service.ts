import { Injectable } from '@nestjs/common';
import { PostgisConnector } from '../datastores/postgis/postgis.connector';
import { PublishedLayers, sourceOf } from '../ogc-features/published-layers';
import { encodeTile } from './geojson-tile';
import type { TileAddress } from './tile-address';

/**
 * Features per tile, at most. A 256-pixel tile holds far fewer distinguishable points; the cap keeps
 * a low-zoom tile of a huge table (every row in one tile) from costing seconds and megabytes.
 */
export const MAX_TILE_FEATURES = 20_000;

/**
 * Vector tiles of the layers the feature API serves (same lookup: enabled layers of enabled feature
 * types in enabled stores, read from the catalog on every request). PostGIS writes the tile when it
 * can; otherwise the api encodes the features the store returns for it.
 */
@Injectable()
export class TilesService {
  constructor(
    private readonly published: PublishedLayers,
    private readonly connector: PostgisConnector,
  ) {}

  /** The tile as Mapbox Vector Tile bytes; empty when no feature reaches it. NOT_FOUND for an unknown layer. */
  async tile(collectionId: string, address: TileAddress): Promise<Buffer> {
    const layer = await this.published.byId(collectionId);
    const data = await this.connector.withTable(layer.store, layer.nativeName, (table) =>
      this.connector.readTile(layer.store, sourceOf(layer, table), { ...address, layerName: layer.name, maxFeatures: MAX_TILE_FEATURES }),
    );
    return data.kind === 'mvt' ? data.bytes : encodeTile(data.features, address, layer.name);
  }
}
