/**
 * The OGC scale denominator of a map (WMS 1.3.0 §7.2.4.6.9, SLD/SE): the map's ground width over
 * its width in "standardized rendering pixels" of 0.28 mm. One degree is 6378137·π/180 m for a
 * geographic CRS. With `FORMAT_OPTIONS=dpi:N` the pixel is 25.4/N mm instead. Pure.
 */

/** The standardized rendering pixel, in metres. */
export const OGC_PIXEL_METRES = 0.00028;
/** The dots per inch of that pixel (25.4 / 0.28). */
export const OGC_DPI = 25.4 / 0.28;
/** Metres per degree on the equator of the WGS84 ellipsoid's major axis. */
export const METRES_PER_DEGREE = (6378137 * Math.PI) / 180;

export interface ScaleInput {
  /** Map width in CRS units (maxx - minx). */
  spanX: number;
  /** Image width in pixels. */
  width: number;
  geographic: boolean;
  /** Metres per CRS unit of a projected CRS. */
  metresPerUnit: number;
  /** Dots per inch; the OGC pixel when absent. */
  dpi?: number;
}

export function scaleDenominator(s: ScaleInput): number {
  const metres = s.spanX * (s.geographic ? METRES_PER_DEGREE : s.metresPerUnit);
  const pixelMetres = 0.0254 / (s.dpi ?? OGC_DPI);
  return metres / s.width / pixelMetres;
}

/** The ratio of the requested dpi to the OGC pixel's: what symbol sizes are multiplied by. */
export function pixelRatio(dpi: number | undefined): number {
  return dpi === undefined ? 1 : dpi / OGC_DPI;
}
