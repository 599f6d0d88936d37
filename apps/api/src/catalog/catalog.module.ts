import { Module } from '@nestjs/common';
import { PostgisConnector } from '../datastores/postgis/postgis.connector';
import { DataStoreController } from './datastores/datastore.controller';
import { DataStoreService } from './datastores/datastore.service';
import { PasswordCipher } from './datastores/password-cipher';
import { FeatureTypeController } from './featuretypes/featuretype.controller';
import { FeatureTypeService } from './featuretypes/featuretype.service';
import { LayerController } from './layers/layer.controller';
import { LayerService } from './layers/layer.service';
import { NamespaceController } from './namespaces/namespace.controller';
import { StyleController } from './styles/style.controller';
import { StyleService } from './styles/style.service';
import { WorkspaceController } from './workspaces/workspace.controller';
import { WorkspaceService } from './workspaces/workspace.service';

/** The catalog's REST endpoints: workspaces, namespaces, data stores, feature types, layers, styles. */
@Module({
  controllers: [WorkspaceController, NamespaceController, DataStoreController, FeatureTypeController, LayerController, StyleController],
  providers: [WorkspaceService, DataStoreService, FeatureTypeService, LayerService, StyleService, PasswordCipher, PostgisConnector],
  exports: [WorkspaceService, DataStoreService, FeatureTypeService, LayerService, StyleService, PasswordCipher, PostgisConnector],
})
export class CatalogModule {}
