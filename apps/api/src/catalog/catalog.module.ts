import { Module } from '@nestjs/common';
import { DataStoreController } from './datastores/datastore.controller';
import { DataStoreService } from './datastores/datastore.service';
import { PasswordCipher } from './datastores/password-cipher';
import { NamespaceController } from './namespaces/namespace.controller';
import { StyleController } from './styles/style.controller';
import { StyleService } from './styles/style.service';
import { WorkspaceController } from './workspaces/workspace.controller';
import { WorkspaceService } from './workspaces/workspace.service';

/** The catalog's REST endpoints: workspaces, namespaces, data stores, styles. */
@Module({
  controllers: [WorkspaceController, NamespaceController, DataStoreController, StyleController],
  providers: [WorkspaceService, DataStoreService, StyleService, PasswordCipher],
  exports: [WorkspaceService, DataStoreService, StyleService, PasswordCipher],
})
export class CatalogModule {}
