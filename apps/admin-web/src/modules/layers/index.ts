// The layers module's public face.
export { useFeatureTypeAt, useLayer, useLayerDetails, useLayerList, useUpdateLayer } from './hooks/use-layers';
export { useStyleChoices } from './hooks/use-style-choices';
export { formatBox, layerPagePath, previewPath } from './layer-paths';
export { LayerPage } from './pages/layer-page';
export { LayersPage } from './pages/layers-page';
export { PublishPage } from './pages/publish-page';
