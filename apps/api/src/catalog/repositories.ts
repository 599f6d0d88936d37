import { DataStoreRepository } from './datastores/datastore.repository';
import { FeatureTypeRepository } from './featuretypes/featuretype.repository';
import { LayerRepository } from './layers/layer.repository';
import { StyleRepository } from './styles/style.repository';
import { WorkspaceRepository } from './workspaces/workspace.repository';

/** One repository per kind of catalog record: each owns its table's SQL and row mapping. */
export const CATALOG_REPOSITORIES = [WorkspaceRepository, DataStoreRepository, FeatureTypeRepository, LayerRepository, StyleRepository];
