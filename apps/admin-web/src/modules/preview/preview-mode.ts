/**
 * Above this many features the preview draws vector tiles instead of loading features: a few tens
 * of thousands of GeoJSON features are what a browser loads and draws at ease, and more would be
 * capped anyway (see feature-loader.ts).
 */
export const TILES_ABOVE_FEATURES = 50_000;

/** How the preview draws a layer. */
export type PreviewMode = 'features' | 'tiles';

/** The mode for a layer with more than {@link TILES_ABOVE_FEATURES} features or not; undefined while that is not known yet. */
export function previewMode(large: boolean | undefined): PreviewMode | undefined {
  if (large === undefined) return undefined;
  return large ? 'tiles' : 'features';
}
