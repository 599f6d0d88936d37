import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { FeaturesController } from './features.controller';
import { FeaturesService } from './features.service';

/** OGC API - Features at `{base}/ogc/features/v1`: the catalog's layers as collections, read through the PostGIS connector. */
@Module({
  imports: [CatalogModule],
  controllers: [FeaturesController],
  providers: [FeaturesService],
})
export class FeaturesModule {}
