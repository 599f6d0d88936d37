import { compileSld, type CompiledStyle } from '@geocatalog/map-render';
import type { Style as GeoStylerStyle } from 'geostyler-style';
import type { StyleLike } from 'ol/style/Style';

export { legendEntries, type LegendEntry } from '@geocatalog/map-render';

/**
 * The SLD text compiled by libs/map-render — the same style model and OpenLayers style functions
 * the server's GetMap draws with, so the preview shows what every WMS client gets. The SLD stays
 * the source of truth: nothing here is ever written back to the server.
 */
export interface MapStyle {
  /** The style for the vector layer; null when the SLD could not be read. */
  style: StyleLike | null;
  /** The compiled style (for the legend); null when the SLD could not be read. */
  compiled: CompiledStyle | null;
  /** The intermediate GeoStyler style. */
  geostyler: GeoStylerStyle | null;
  /** Why the SLD could not be drawn. */
  errors: string[];
  /** What the map cannot draw (GetMap refuses it too), then what it draws approximately. */
  warnings: string[];
}

/** Reads an SLD and writes the OpenLayers style. Never throws: problems come back as `errors`. */
export async function sldToMapStyle(sld: string): Promise<MapStyle> {
  const result = await compileSld(sld);
  const warnings = [...result.unsupported.map((element) => `${element}: not drawn`), ...result.approximated];
  const compiled = result.errors.length ? null : result.style;
  return { style: compiled?.olStyle ?? null, compiled, geostyler: compiled?.geostyler ?? null, errors: result.errors, warnings };
}
