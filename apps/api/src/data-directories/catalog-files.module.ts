import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { LayerGroupModule } from '../catalog/layergroups/layergroup.module';
import { CatalogFilesController } from './catalog-files.controller';
import { CatalogFilesService } from './catalog-files.service';

/** Import and export of the catalog as GeoServer data directory files (contract §8). */
@Module({
  imports: [CatalogModule, LayerGroupModule],
  controllers: [CatalogFilesController],
  providers: [CatalogFilesService],
})
export class CatalogFilesModule {}
