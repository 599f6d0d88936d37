import { Module } from '@nestjs/common';
import { AboutController } from './about/about.controller';
import { AuthModule } from './auth/auth.module';
import { CatalogModule } from './catalog/catalog.module';
import { CatalogFilesModule } from './data-directories/catalog-files.module';
import { LayerGroupModule } from './catalog/layergroups/layergroup.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { FeaturesModule } from './ogc-features/features.module';
import { HealthController } from './health/health.controller';
import { HistoryModule } from './history/history.module';
import { OpenApiModule } from './openapi/openapi.module';
import { RestFallbackModule } from './rest/rest.module';
import { SampleDatabaseModule } from './sample-db/sample-db.module';
import { SecurityModule } from './security/security.module';
import { AccessModule } from './access/access.module';
import { SettingsModule } from './settings/settings.module';
import { TilesModule } from './tiles/tiles.module';
import { WmsModule } from './wms/wms.module';

@Module({
  // RestFallbackModule last: its catch-all route must be registered after every other.
  imports: [
    ConfigModule,
    DatabaseModule,
    SampleDatabaseModule,
    AuthModule,
    CatalogModule,
    LayerGroupModule,
    SettingsModule,
    CatalogFilesModule,
    SecurityModule,
    AccessModule,
    FeaturesModule,
    TilesModule,
    WmsModule,
    HistoryModule,
    OpenApiModule,
    RestFallbackModule,
  ],
  controllers: [AboutController, HealthController],
})
export class AppModule {}
