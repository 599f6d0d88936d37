import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CatalogError } from '@geocatalog/catalog-model';
import { DataSource } from 'typeorm';
import { storeConnection } from '../catalog/featuretypes/featuretype.service';
import { LayerEntity } from '../catalog/layers/layer.entity';
import { LayerName, layerPage, LayerPageQuery } from '../catalog/layers/layer-pages';
import { keysetPages, mapPages } from '../catalog/list-pages';
import { epsgNumber } from '../datastores/postgis/crs-code';
import type { FeatureSource } from '../datastores/postgis/feature-sql';
import { PostgisConnector } from '../datastores/postgis/postgis.connector';
import type { Box, StoreConnection } from '../datastores/postgis/postgis.types';
import type { CollectionInfo } from './features-documents';

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

/** A layer the feature and tile APIs serve, with what reading its data needs. */
export interface PublishedLayer {
  info: CollectionInfo;
  /** The layer's own name (without its workspace). */
  name: string;
  store: StoreConnection;
  nativeName: string;
  /** The declared CRS's SRID; 0 when there is none. */
  srid: number;
}

/**
 * The layers OGC APIs serve: enabled layers of enabled feature types in enabled stores, read from
 * the catalog database on every request (no cache: several api processes may share it), by id
 * `workspace:layer`.
 */
@Injectable()
export class PublishedLayers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly connector: PostgisConnector,
  ) {}

  /** Every advertised layer's collection, by workspace then layer name, read a page at a time. */
  advertised(): AsyncGenerator<CollectionInfo[]> {
    const pages = keysetPages<CollectionRow>((after, limit) => layerPage<CollectionRow>(this.db, after, limit, ADVERTISED));
    return mapPages(pages, (r) => ({ id: `${r.workspace}:${r.name}`, title: r.title ?? r.name, description: r.abstract, latLonBbox: r.latLonBbox }));
  }

  /** One layer by `workspace:layer`; NOT_FOUND when there is no such enabled layer. */
  async byId(id: string): Promise<PublishedLayer> {
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
  async source(layer: PublishedLayer): Promise<FeatureSource> {
    const table = await this.connector.describeTable(layer.store, layer.nativeName);
    return { table, srid: layer.srid || table.geometry?.srid || 0 };
  }

  private layers() {
    return this.db
      .getRepository(LayerEntity)
      .createQueryBuilder('l')
      .innerJoinAndSelect('l.featureType', 'f')
      .innerJoinAndSelect('f.workspace', 'w')
      .innerJoinAndSelect('f.dataStore', 'd')
      .where('l.enabled = true AND f.enabled = true AND d.enabled = true');
  }
}

function published(layer: LayerEntity): PublishedLayer {
  const ft = layer.featureType;
  const workspace = ft.workspace.name;
  const srid = epsgNumber(ft.srs ?? '') ?? 0;
  return {
    info: { id: `${workspace}:${ft.name}`, title: ft.title ?? ft.name, description: ft.abstract, latLonBbox: ft.latLonBbox },
    name: ft.name,
    store: storeConnection(ft.dataStore, workspace),
    nativeName: ft.nativeName,
    srid: srid === NO_CRS_SRID ? 0 : srid,
  };
}
