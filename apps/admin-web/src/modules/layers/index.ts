// The layers module's public face.
export { useFeatureTypeAt, useLayer, useLayerDetails, useLayerList, useUpdateLayer } from './hooks/use-layers';
export { useStyleChoices } from './hooks/use-style-choices';
export { formatBox, layerPagePath, previewPath } from './layer-paths';
export { LayerPage } from './pages/layer-page';
export { LayersPage } from './pages/layers-page';
export { PublishPage } from './pages/publish-page';
export { checkFilter, problemOfRefusal, type FilterProblem } from './cql-check';
export { CqlFilterField } from './components/cql-filter-field';
export { useFeatureMatches } from './hooks/use-feature-filter';
