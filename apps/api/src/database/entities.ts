import { SessionEntity } from '../auth/session.entity';
import { UserEntity, UserRoleEntity } from '../auth/user.entity';
import { DataStoreEntity } from '../catalog/datastores/datastore.entity';
import { FeatureTypeEntity } from '../catalog/featuretypes/featuretype.entity';
import { LayerEntity, LayerStyleEntity } from '../catalog/layers/layer.entity';
import { LayerGroupEntity, LayerGroupMemberEntity } from '../catalog/layergroups/layergroup.entity';
import { StyleEntity } from '../catalog/styles/style.entity';
import { WorkspaceEntity } from '../catalog/workspaces/workspace.entity';
import { ServiceSettingsEntity, SettingsEntity } from '../settings/settings.entity';

/** Every TypeORM entity of the catalog. */
export const ENTITIES = [
  WorkspaceEntity,
  DataStoreEntity,
  StyleEntity,
  FeatureTypeEntity,
  LayerEntity,
  LayerStyleEntity,
  LayerGroupEntity,
  LayerGroupMemberEntity,
  UserEntity,
  UserRoleEntity,
  SessionEntity,
  SettingsEntity,
  ServiceSettingsEntity,
];
