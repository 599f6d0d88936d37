import type { Coordinate } from 'ol/coordinate';
import type { FeatureLike } from 'ol/Feature';
import MVT from 'ol/format/MVT';
import VectorTileLayer from 'ol/layer/VectorTile';
import RenderFeature from 'ol/render/Feature';
import VectorTileSource from 'ol/source/VectorTile';
import type { StyleLike } from 'ol/style/Style';
import type VectorTile from 'ol/VectorTile';
import { tilePath, VECTOR_TILE, type RestClient } from '../../api';
import { styleForRenderFeatures } from './render-feature-style';

/**
 * The attribute the MVT reader writes the tile layer's name to: not a name a table column is likely
 * to have, so it can be told apart from the data and left out of what identify shows.
 */
export const TILE_LAYER_NAME_ATTRIBUTE = '__tile_layer';

/** How the tile loads are going, for the map's status line. */
export interface TileLoadReport {
  /** Tiles asked for and not answered yet. */
  pending: number;
  /** The last failure's message, or null after a success. */
  error: string | null;
}

/**
 * A vector tile layer of `collectionId` from the service's tile API (`tiles` is a client on it,
 * with the session): tiles fetched with the session cookie, empty for 204, drawn with the SLD's
 * style adapted to tile features. `filter()` (read for each tile URL) narrows the tiles' features;
 * give the source a new key when it changes, to reload them.
 */
export function createTileLayer(
  tiles: RestClient,
  collectionId: string,
  style: StyleLike | null,
  onReport: (report: TileLoadReport) => void,
  signal: AbortSignal,
  filter: () => string = () => '',
): VectorTileLayer<VectorTileSource<RenderFeature>, RenderFeature> {
  const format = new MVT({ layerName: TILE_LAYER_NAME_ATTRIBUTE });
  const report: TileLoadReport = { pending: 0, error: null };
  const source = new VectorTileSource<RenderFeature>({
    format,
    maxZoom: 22,
    // A path below the tile API's base; the loader below fetches it through the client.
    tileUrlFunction: ([z, x, y]) => tilePath(collectionId, z, x, y, filter()),
    tileLoadFunction: (tile, url) => {
      const vectorTile = tile as VectorTile<RenderFeature>;
      vectorTile.setLoader((extent, _resolution, projection) => {
        tiles
          .getBytes(url, VECTOR_TILE, signal)
          .then((bytes) => {
            vectorTile.setFeatures(bytes ? (format.readFeatures(bytes, { extent, featureProjection: projection }) as RenderFeature[]) : []);
          })
          .catch((error: unknown) => {
            if (!signal.aborted) report.error = (error as Error).message;
            vectorTile.onError();
          });
      });
    },
  });
  source.on('tileloadstart', () => {
    report.pending++;
    onReport({ ...report });
  });
  const settled = (failed: boolean) => {
    report.pending = Math.max(0, report.pending - 1);
    if (!failed) report.error = null;
    if (!signal.aborted) onReport({ ...report });
  };
  source.on('tileloadend', () => settled(false));
  source.on('tileloaderror', () => settled(true));
  return new VectorTileLayer({ source, style: tileStyle(style) });
}

/** The SLD's style for tile features (OpenLayers' default when there is none). */
export function tileStyle(style: StyleLike | null): StyleLike | undefined {
  return style ? styleForRenderFeatures(style) : undefined;
}

/** A clicked feature's attributes, without the tile layer's name. */
export function tileFeatureProperties(feature: FeatureLike): Record<string, unknown> {
  const { [TILE_LAYER_NAME_ATTRIBUTE]: _layer, geometry: _geometry, ...properties } = feature.getProperties();
  return properties;
}

/**
 * The point features of the drawn tiles within `radius` (map units) of `coordinate`, nearest first.
 * Identify needs this beside the map's hit detection: OpenLayers 10 does not hit-detect point
 * (image) symbols of vector tile layers that do not declutter.
 */
export function tilePointsNear(
  layer: VectorTileLayer<VectorTileSource<RenderFeature>, RenderFeature>,
  coordinate: Coordinate,
  radius: number,
): RenderFeature[] {
  const [x, y] = coordinate;
  return nearestPoints(layer.getFeaturesInExtent([x - radius, y - radius, x + radius, y + radius]), coordinate, radius);
}

/** Of `features`, the points (and multipoints) with a position within `radius` of `coordinate`, nearest first. */
export function nearestPoints(features: RenderFeature[], coordinate: Coordinate, radius: number): RenderFeature[] {
  const near: Array<{ feature: RenderFeature; distance: number }> = [];
  for (const feature of features) {
    const type = feature.getType();
    if (type !== 'Point' && type !== 'MultiPoint') continue;
    const flat = feature.getFlatCoordinates();
    const stride = feature.getStride();
    let best = Infinity;
    for (let i = 0; i + 1 < flat.length; i += stride) best = Math.min(best, Math.hypot(flat[i] - coordinate[0], flat[i + 1] - coordinate[1]));
    if (best <= radius) near.push({ feature, distance: best });
  }
  return near.sort((a, b) => a.distance - b.distance).map((n) => n.feature);
}
