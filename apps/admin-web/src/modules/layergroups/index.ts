// The layer groups module's public face.
export { layerGroupPagePath, newLayerGroupPath } from './group-paths';
export { useAllLayerGroups, useLayerGroup } from './hooks/use-layer-groups';
export { LayerGroupPage } from './pages/layer-group-page';
export { LayerGroupsPage } from './pages/layer-groups-page';
