/**
 * Above this many features the preview draws vector tiles instead of loading features: a few tens
 * of thousands of GeoJSON features are what a browser loads and draws at ease, and more would be
 * capped anyway (see feature-loader.ts).
 */
export const TILES_ABOVE_FEATURES = 50_000;

/** How the preview draws a layer. */
export type PreviewMode = 'features' | 'tiles';

/**
 * The mode for a layer of `count` features; null when the server did not count (it stops after a
 * while, so the layer is large); undefined while the count is not known yet.
 */
export function previewMode(count: number | null | undefined): PreviewMode | undefined {
  if (count === undefined) return undefined;
  return count === null || count > TILES_ABOVE_FEATURES ? 'tiles' : 'features';
}
