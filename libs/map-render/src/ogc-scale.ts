/** OGC's standardized rendering pixel: 0.28 mm (WMS 1.3.0 §7.2.4.6.9, SLD/SE). */
export const OGC_PIXEL_SIZE_M = 0.00028;

/** The DPI of OGC's 0.28 mm pixel (≈ 90.714). */
export const OGC_DPI = 0.0254 / OGC_PIXEL_SIZE_M;

/** Metres per degree on the equator, as OGC (and GeoServer) measure a geographic CRS: 6378137·π/180. */
export const METRES_PER_DEGREE = (6378137 * Math.PI) / 180;

/**
 * The OGC scale denominator of a map: its width on the ground over its width on a screen of
 * 0.28 mm pixels (or of `dpi` pixels per inch, FORMAT_OPTIONS=dpi:N), as GeoServer computes it.
 * `geographic`: the CRS's unit is the degree (EPSG:4326, CRS:84); otherwise metres.
 */
export function ogcScaleDenominator(options: { bbox: readonly [number, number, number, number]; width: number; geographic: boolean; dpi?: number }): number {
  const { bbox, width, geographic, dpi = OGC_DPI } = options;
  const groundWidth = (bbox[2] - bbox[0]) * (geographic ? METRES_PER_DEGREE : 1);
  return groundWidth / ((width / dpi) * 0.0254);
}

/** How much larger symbols are drawn at `dpi` than at OGC's 0.28 mm pixel (GeoServer's dpi scaling). */
export function dpiPixelRatio(dpi: number | undefined): number {
  return dpi && dpi > 0 ? dpi / OGC_DPI : 1;
}
