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

/** Who draws the preview: the server (WMS GetMap images, the default) or the browser (features or tiles with the SLD). */
export type DrawMode = 'wms' | 'client';

/** The `?mode=` of a preview link: `client` draws in the browser; anything else (or nothing) asks the WMS. */
export function drawModeOf(param: string | null): DrawMode {
  return param === 'client' ? 'client' : 'wms';
}
