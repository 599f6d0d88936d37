import type { Style as GeoStylerStyle } from 'geostyler-style';
import ImageState from 'ol/ImageState';
import Icon from 'ol/style/Icon';

/**
 * Loads the style's ExternalGraphic images (data: URIs after compileSld) into OpenLayers' shared
 * icon cache before drawing: a GraphicFill pattern is made from its icon only if that icon has
 * already loaded, and a map is drawn in one pass. Rejects naming the element when one cannot be
 * decoded.
 */
export async function preloadIcons(style: GeoStylerStyle): Promise<void> {
  const sources = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    // A templated source (`{{attribute}}`) is different per feature: loaded when drawn.
    if (record.kind === 'Icon' && typeof record.image === 'string' && !record.image.includes('{{')) sources.add(record.image);
    Object.values(record).forEach(visit);
  };
  visit(style.rules);
  await Promise.all(
    [...sources].map(async (src) => {
      const icon = new Icon({ src, crossOrigin: 'anonymous' });
      await iconLoaded(icon);
    }),
  );
}

/** Waits for an image style to load (marks are drawn at once); throws when it cannot be decoded. */
export async function iconLoaded(image: { getImageState(): number; load(): void; ready(): Promise<void> }): Promise<void> {
  if (image.getImageState() !== ImageState.LOADED && image.getImageState() !== ImageState.ERROR) {
    image.load();
    await image.ready();
  }
  if (image.getImageState() === ImageState.ERROR) throw new Error('ExternalGraphic: the image could not be decoded.');
}
