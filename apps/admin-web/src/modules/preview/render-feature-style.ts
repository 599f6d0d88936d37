import type { FeatureLike } from 'ol/Feature';
import RenderFeature, { toFeature } from 'ol/render/Feature';
import type { StyleFunction, StyleLike } from 'ol/style/Style';

/**
 * The SLD's OpenLayers style made fit for a vector tile layer, whose features are RenderFeatures:
 * light read-only features with `get`, `getProperties` and a flat geometry. Rule filters and
 * labels only read attributes, so most style functions take them as they are; a symbolizer that
 * needs a real geometry (a graphic stroke cuts the line into segments) throws on one, and is then
 * given the feature converted to a full one (costly, so only then). Plain styles pass unchanged.
 */
export function styleForRenderFeatures(style: StyleLike): StyleLike {
  if (typeof style !== 'function') return style;
  const wrapped: StyleFunction = (feature: FeatureLike, resolution: number) => {
    if (!(feature instanceof RenderFeature)) return style(feature, resolution);
    try {
      return style(feature, resolution);
    } catch {
      return style(toFeature(feature), resolution);
    }
  };
  return wrapped;
}
