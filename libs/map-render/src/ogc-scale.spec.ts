import { dpiPixelRatio, METRES_PER_DEGREE, ogcScaleDenominator } from './ogc-scale';

describe('ogcScaleDenominator', () => {
  it('measures a projected map in 0.28 mm pixels', () => {
    // 256 px of 0.28 mm show 71.68 m → 1:1000.
    expect(ogcScaleDenominator({ bbox: [0, 0, 71.68, 71.68], width: 256, geographic: false })).toBeCloseTo(1000, 6);
  });

  it('counts a degree as 6378137·π/180 m in a geographic CRS', () => {
    expect(METRES_PER_DEGREE).toBeCloseTo(111319.49079327357, 6);
    // The whole world on 256 px: GeoServer's 1:559,082,264 (zoom 0).
    expect(ogcScaleDenominator({ bbox: [-180, -90, 180, 90], width: 256, geographic: true })).toBeCloseTo(559082264.03, 1);
  });

  it('scales by FORMAT_OPTIONS=dpi', () => {
    const base = ogcScaleDenominator({ bbox: [0, 0, 1000, 1000], width: 100, geographic: false });
    expect(ogcScaleDenominator({ bbox: [0, 0, 1000, 1000], width: 100, geographic: false, dpi: 180 })).toBeCloseTo((base * 180) / (0.0254 / 0.00028), 6);
    expect(dpiPixelRatio(undefined)).toBe(1);
    expect(dpiPixelRatio((0.0254 / 0.00028) * 2)).toBeCloseTo(2, 10);
  });
});
