import { describe, expect, it } from 'vitest';
import { toLonLat } from 'ol/proj';
import { formatLonLat, mercatorExtent } from './view-extent';

describe('mercatorExtent', () => {
  it('transforms a lat/lon box to EPSG:3857, clamping the poles', () => {
    const extent = mercatorExtent([-10, -90, 10, 90]);
    expect(extent).not.toBeNull();
    const [minx, miny] = toLonLat([extent![0], extent![1]]);
    const [maxx, maxy] = toLonLat([extent![2], extent![3]]);
    expect([minx, miny, maxx, maxy].map((v) => Math.round(v))).toEqual([-10, -85, 10, 85]);
  });

  it('takes a box crossing the antimeridian eastwards, a narrow box and not the whole world', () => {
    const extent = mercatorExtent([170, -20, -175, -10])!;
    const width = extent[2] - extent[0];
    expect(width).toBeGreaterThan(0);
    // 15 degrees of longitude, not 345.
    expect(width / (2 * 20037508.34)).toBeCloseTo(15 / 360, 5);
  });

  it('gives nothing for a box that is not one', () => {
    expect(mercatorExtent([Number.NaN, 0, 1, 1])).toBeNull();
  });
});

describe('formatLonLat', () => {
  it('writes five decimals and wraps the longitude into [-180, 180]', () => {
    expect(formatLonLat([12.3456789, -45])).toBe('Lon 12.34568, Lat -45.00000');
    expect(formatLonLat([190, 10])).toBe('Lon -170.00000, Lat 10.00000');
    expect(formatLonLat([-0.000001, 0])).toBe('Lon 0.00000, Lat 0.00000');
  });
});
