// The Layer Preview module's public face: the list of every layer and group with its map, PNG,
// GeoJSON and legend links (the maps themselves are the preview module's, loaded lazily).
export { LayerPreviewPage } from './pages/layer-preview-page';
