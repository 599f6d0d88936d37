import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { FeaturesController } from './features.controller';
import { FeaturesService } from './features.service';
import { PublishedLayers } from './published-layers';

/**
 * OGC API - Features at `{base}/ogc/features/v1`: the catalog's layers as collections, read through
 * the PostGIS connector. Exports the published layers, which the tile API serves too.
 */
@Module({
  imports: [CatalogModule],
  controllers: [FeaturesController],
  providers: [FeaturesService, PublishedLayers],
  exports: [PublishedLayers],
})
export class FeaturesModule {}
