import { Module } from '@nestjs/common';
import { PostgisConnector } from '../datastores/postgis/postgis.connector';
import { DataStoreConnectionController } from './datastores/datastore-connection.controller';
import { DataStoreController } from './datastores/datastore.controller';
import { DataStoreService } from './datastores/datastore.service';
import { StoreSecrets } from '../datastores/store-secrets';
import { PasswordCipher } from './datastores/password-cipher';
import { StorePasswordUpgrade } from './datastores/store-password-upgrade';
import { StorePasswords } from './datastores/store-passwords';
import { CATALOG_REPOSITORIES } from './repositories';
import { FeatureTypeController } from './featuretypes/featuretype.controller';
import { FeatureTypeService } from './featuretypes/featuretype.service';
import { LayerController } from './layers/layer.controller';
import { LayerService } from './layers/layer.service';
import { MaintenanceController } from './maintenance/maintenance.controller';
import { NamespaceController } from './namespaces/namespace.controller';
import { StyleController } from './styles/style.controller';
import { StyleService } from './styles/style.service';
import { WorkspaceController } from './workspaces/workspace.controller';
import { WorkspaceService } from './workspaces/workspace.service';

/**
 * The catalog's REST endpoints: workspaces, namespaces, data stores (and their connection test),
 * feature types, layers, styles, and GeoServer's reset/reload.
 */
@Module({
  controllers: [
    WorkspaceController,
    NamespaceController,
    DataStoreController,
    DataStoreConnectionController,
    FeatureTypeController,
    LayerController,
    StyleController,
    MaintenanceController,
  ],
  providers: [
    ...CATALOG_REPOSITORIES,
    WorkspaceService,
    DataStoreService,
    FeatureTypeService,
    LayerService,
    StyleService,
    PasswordCipher,
    StorePasswords,
    StorePasswordUpgrade,
    { provide: StoreSecrets, useExisting: StorePasswords },
    PostgisConnector,
  ],
  exports: [
    ...CATALOG_REPOSITORIES,
    WorkspaceService,
    DataStoreService,
    FeatureTypeService,
    LayerService,
    StyleService,
    PasswordCipher,
    StorePasswords,
    PostgisConnector,
  ],
})
export class CatalogModule {}
