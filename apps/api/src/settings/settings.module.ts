import { Global, Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { PublicBase } from './public-base';
import { ServiceSettingsController } from './service-settings.controller';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';
import { WmsSettingsService } from './wms-settings.service';

/**
 * Service settings (contract §10): the server's settings and contact, each workspace's, and the
 * WMS and WFS settings, global and per workspace. Global: every module's links start with
 * {@link PublicBase}, and the WMS reads {@link WmsSettingsService}.
 */
@Global()
@Module({
  imports: [CatalogModule],
  controllers: [SettingsController, ServiceSettingsController],
  providers: [SettingsService, WmsSettingsService, PublicBase],
  exports: [SettingsService, WmsSettingsService, PublicBase],
})
export class SettingsModule {}
