import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CatalogError } from '@geocatalog/catalog-model';
import { DataSource } from 'typeorm';
import { storeConnection } from '../catalog/featuretypes/featuretype.service';
import { LayerEntity } from '../catalog/layers/layer.entity';
import { LayerName, layerPage, LayerPageQuery } from '../catalog/layers/layer-pages';
import { keysetPages, mapPages } from '../catalog/list-pages';
import { epsgNumber } from '../datastores/postgis/crs-code';
import { FeatureSource, propertyAttributes } from '../datastores/postgis/feature-sql';
import { PostgisConnector } from '../datastores/postgis/postgis.connector';
import type { Box, StoreConnection } from '../datastores/postgis/postgis.types';
import { searchBoxes } from './crs84-box';
import { FeatureCollectionStream } from './feature-collection.stream';
import { CollectionInfo, featureCollectionLinks, featureLinks } from './features-documents';
import { FeaturesLinks } from './features-links';
import type { ItemQuery, ItemsQuery } from './features-params';

/** GeoServer's code for "no CRS", given to tables without geometry. */
const NO_CRS_SRID = 404000;

/** Layers listed as collections: enabled and advertised, of enabled feature types in enabled stores. */
const ADVERTISED: LayerPageQuery = {
  columns: 'f.title, f.abstract, f.latlon_bbox AS "latLonBbox"',
  joins: 'JOIN data_store d ON d.id = f.data_store_id',
  where: 'l.enabled AND f.enabled AND d.enabled AND l.advertised AND f.advertised',
};

interface CollectionRow extends LayerName {
  title: string | null;
  abstract: string | null;
  latLonBbox: Box | null;
}

/** A collection with what reading its features needs. */
interface PublishedLayer {
  info: CollectionInfo;
  store: StoreConnection;
  nativeName: string;
  /** The declared CRS's SRID; 0 when there is none. */
  srid: number;
}

/**
 * OGC API - Features over the catalog: collections are the enabled layers of enabled feature types
 * in enabled stores (read from the catalog database on every request: no cache, several api
 * processes may share it); features are read live from the layer's table through the connector.
 * Layers that are not advertised are left out of `/collections` but can be read by their id.
 */
@Injectable()
export class FeaturesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly connector: PostgisConnector,
  ) {}

  /** Every advertised collection, by workspace then layer name, read a page at a time. */
  collections(): AsyncGenerator<CollectionInfo[]> {
    const pages = keysetPages<CollectionRow>((after, limit) => layerPage<CollectionRow>(this.db, after, limit, ADVERTISED));
    return mapPages(pages, (r) => ({ id: `${r.workspace}:${r.name}`, title: r.title ?? r.name, description: r.abstract, latLonBbox: r.latLonBbox }));
  }

  /** One collection by `workspace:layer`; NOT_FOUND when there is no such enabled layer. */
  async collection(id: string): Promise<CollectionInfo> {
    return (await this.layer(id)).info;
  }

  /**
   * One page of a collection's features as a stream of GeoJSON. The store is asked before this
   * returns (table described, cursor opened, first batch read), so its failures are statuses.
   */
  async items(id: string, query: ItemsQuery, links: FeaturesLinks): Promise<FeatureCollectionStream> {
    const layer = await this.layer(id);
    const source = await this.source(layer);
    const properties = checkProperties(layer, source, query.properties);
    const transformed = !source.table.geometry?.geography && source.srid !== 4326 && source.srid > 0;
    const boxes = query.boxes && searchBoxes(query.boxes, layer.info.latLonBbox, transformed);
    // One row more than the page: it tells whether there is a next page.
    const cursor = await this.connector.openFeatures(layer.store, source, { boxes, properties }, { limit: query.limit + 1, offset: query.offset });
    return new FeatureCollectionStream(cursor, {
      limit: query.limit,
      offset: query.offset,
      timeStamp: timeStamp(),
      links: (more) => featureCollectionLinks(links, layer.info.id, { ...query, more }),
    });
  }

  /** One feature as GeoJSON text with its links; NOT_FOUND when the collection has no such feature. */
  async item(id: string, featureId: string, query: ItemQuery, links: FeaturesLinks): Promise<string> {
    const layer = await this.layer(id);
    const source = await this.source(layer);
    const properties = checkProperties(layer, source, query.properties);
    const feature = await this.connector.readFeature(layer.store, source, { properties }, featureId);
    if (feature === null) throw new CatalogError('NOT_FOUND', `No such feature: '${featureId}' in collection '${layer.info.id}'`);
    // The feature's text is PostgreSQL's `{…}`: the links go in before its closing brace.
    return `${feature.slice(0, -1)},"links":${JSON.stringify(featureLinks(links, layer.info.id, featureId, query))}}`;
  }

  // ---------------------------------------------------------------------------------------------

  private layers() {
    return this.db
      .getRepository(LayerEntity)
      .createQueryBuilder('l')
      .innerJoinAndSelect('l.featureType', 'f')
      .innerJoinAndSelect('f.workspace', 'w')
      .innerJoinAndSelect('f.dataStore', 'd')
      .where('l.enabled = true AND f.enabled = true AND d.enabled = true');
  }

  private async layer(id: string): Promise<PublishedLayer> {
    const colon = id.indexOf(':');
    const found =
      colon > 0
        ? await this.layers()
            .andWhere('w.name = :ws AND f.name = :name', { ws: id.slice(0, colon), name: id.slice(colon + 1) })
            .getOne()
        : null;
    if (!found) throw new CatalogError('NOT_FOUND', `No such collection: '${id}'`);
    return published(found);
  }

  /** The layer's table described live (its columns may have changed since publication). */
  private async source(layer: PublishedLayer): Promise<FeatureSource> {
    const table = await this.connector.describeTable(layer.store, layer.nativeName);
    return { table, srid: layer.srid || table.geometry?.srid || 0 };
  }
}

function published(layer: LayerEntity): PublishedLayer {
  const ft = layer.featureType;
  const workspace = ft.workspace.name;
  const srid = epsgNumber(ft.srs ?? '') ?? 0;
  return {
    info: { id: `${workspace}:${ft.name}`, title: ft.title ?? ft.name, description: ft.abstract, latLonBbox: ft.latLonBbox },
    store: storeConnection(ft.dataStore, workspace),
    nativeName: ft.nativeName,
    srid: srid === NO_CRS_SRID ? 0 : srid,
  };
}

/** The requested properties, each checked against the table; undefined for all. */
function checkProperties(layer: PublishedLayer, source: FeatureSource, requested: string[] | undefined): string[] | undefined {
  if (requested === undefined) return undefined;
  const known = propertyAttributes(source.table).map((a) => a.name);
  const unknown = requested.filter((p) => !known.includes(p));
  if (unknown.length) {
    throw new CatalogError(
      'INVALID_VALUE',
      `No such property in collection '${layer.info.id}': ${unknown.map((p) => `'${p}'`).join(', ')}; it has ${known.join(', ') || 'none'}`,
    );
  }
  return requested;
}

/** Now, to the second (RFC 3339). */
function timeStamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}
