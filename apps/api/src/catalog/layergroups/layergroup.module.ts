import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog.module';
import { LayerGroupController } from './layergroup.controller';
import { LayerGroupService } from './layergroup.service';

/** Layer groups (contract §10): `/rest/layergroups` and `/rest/workspaces/{ws}/layergroups`. */
@Module({
  imports: [CatalogModule],
  controllers: [LayerGroupController],
  providers: [LayerGroupService],
  exports: [LayerGroupService],
})
export class LayerGroupModule {}
