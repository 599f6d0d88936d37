import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { FeaturesModule } from '../ogc-features/features.module';
import { TilesController } from './tiles.controller';
import { TilesService } from './tiles.service';

/** Vector tiles (contract §9) at `{base}/ogc/tiles/v1`, for the layers the feature API serves. */
@Module({
  imports: [CatalogModule, FeaturesModule],
  controllers: [TilesController],
  providers: [TilesService],
})
export class TilesModule {}
