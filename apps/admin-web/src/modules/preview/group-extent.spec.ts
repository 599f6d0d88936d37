import { describe, expect, it } from 'vitest';
import { groupLonLatBox } from './group-extent';

describe('groupLonLatBox', () => {
  it('takes geographic bounds as they are', () => {
    expect(groupLonLatBox({ minx: -10, miny: 40, maxx: 5, maxy: 50, crs: 'EPSG:4326' })).toEqual([-10, 40, 5, 50]);
  });

  it('brings Web Mercator bounds back to degrees', () => {
    const box = groupLonLatBox({ minx: -20037508.34, miny: 0, maxx: 0, maxy: 0, crs: 'EPSG:3857' })!;
    expect(box.map((v) => Math.round(v))).toEqual([-180, 0, 0, 0]);
  });

  it('gives nothing for a CRS the browser cannot transform, or no bounds', () => {
    expect(groupLonLatBox({ minx: 0, miny: 0, maxx: 1, maxy: 1, crs: 'EPSG:2154' })).toBeNull();
    expect(groupLonLatBox(null)).toBeNull();
  });
});
