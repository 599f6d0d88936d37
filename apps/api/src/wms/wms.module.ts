import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { MAP_RENDERER, mapRenderer } from './map-renderer';
import { WmsCatalog } from './wms-catalog';
import { WMS_SERVICE_METADATA } from './wms-service-metadata';
import { SettingsWmsMetadata } from './wms-settings-source';
import { WmsController } from './wms.controller';
import { WmsService } from './wms.service';

/**
 * The Web Map Service (contract §10): GetCapabilities 1.1.1/1.3.0 and GetMap at `{base}/wms`,
 * `{base}/ows` and the workspaces' virtual services. The service settings come through
 * {@link WMS_SERVICE_METADATA}, read from the WMS settings (`/rest/services/wms/settings`).
 */
@Module({
  imports: [CatalogModule],
  controllers: [WmsController],
  providers: [WmsService, WmsCatalog, { provide: WMS_SERVICE_METADATA, useClass: SettingsWmsMetadata }, { provide: MAP_RENDERER, useValue: mapRenderer }],
})
export class WmsModule {}
