import { CreateCatalog1763740000000 } from './1763740000000-create-catalog';
import { CreateFeatureTypesAndLayers1763750000000 } from './1763750000000-create-feature-types-and-layers';
import { CreateSessions1763900000000 } from './1763900000000-create-sessions';
import { AddUserNameKey1763940000000 } from './1763940000000-add-user-name-key';
import { AddFeatureTypeSettings1764000000000 } from './1764000000000-add-feature-type-settings';
import { AddRecordVersions1764100000000 } from './1764100000000-add-record-versions';
import { CreateChangeHistory1764200000000 } from './1764200000000-create-change-history';
import { AddScaleIndexes1764300000000 } from './1764300000000-add-scale-indexes';
import { HistoryBulkCommit1764310000000 } from './1764310000000-history-bulk-commit';
import { DropHistoryUserHashes1764320000000 } from './1764320000000-drop-history-user-hashes';
import { RepairRevertedUpdates1764330000000 } from './1764330000000-repair-reverted-updates';
import { AddFeatureTypeAttributeSubset1764400000000 } from './1764400000000-add-feature-type-attribute-subset';
import { DeriveHistoryPaths1764500000000 } from './1764500000000-derive-history-paths';
import { CreateLayerGroups1764600000000 } from './1764600000000-create-layer-groups';
import { CreateSettings1764710000000 } from './1764710000000-create-settings';
import { CreateRolesAndRules1764800000000 } from './1764800000000-create-roles-and-rules';
import { RulesFollowRenames1764810000000 } from './1764810000000-rules-follow-renames';

/** Every migration, oldest first. The schema is only ever changed by adding one here. */
export const MIGRATIONS = [
  CreateCatalog1763740000000,
  CreateFeatureTypesAndLayers1763750000000,
  CreateSessions1763900000000,
  AddUserNameKey1763940000000,
  AddFeatureTypeSettings1764000000000,
  AddRecordVersions1764100000000,
  CreateChangeHistory1764200000000,
  AddScaleIndexes1764300000000,
  HistoryBulkCommit1764310000000,
  DropHistoryUserHashes1764320000000,
  RepairRevertedUpdates1764330000000,
  AddFeatureTypeAttributeSubset1764400000000,
  DeriveHistoryPaths1764500000000,
  CreateLayerGroups1764600000000,
  CreateSettings1764710000000,
  CreateRolesAndRules1764800000000,
  RulesFollowRenames1764810000000,
];
