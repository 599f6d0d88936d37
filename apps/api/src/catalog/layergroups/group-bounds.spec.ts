import { groupBounds } from './group-bounds';

const box = (minx: number, maxx: number, miny: number, maxy: number) => ({ minx, maxx, miny, maxy });

describe('a group’s bounds from its members', () => {
  it('unites the members’ own boxes when they share the first member’s CRS', () => {
    expect(
      groupBounds([
        { crs: 'EPSG:26713', projected: true, box: box(0, 10, 0, 10), lonLat: box(-104, -103, 44, 45) },
        { crs: 'EPSG:26713', projected: true, box: box(5, 20, -5, 5), lonLat: null },
      ]),
    ).toEqual({ ...box(0, 20, -5, 10), crs: 'EPSG:26713', projected: true });
  });

  it('brings other members into WGS84 or Web Mercator through their lat/lon boxes', () => {
    const utm = { crs: 'EPSG:26713', projected: true, box: box(0, 10, 0, 10), lonLat: box(-104, -103, 44, 45) };
    expect(groupBounds([{ crs: 'EPSG:4326', projected: false, box: box(-100, -90, 30, 40), lonLat: null }, utm])).toEqual({
      ...box(-104, -90, 30, 45),
      crs: 'EPSG:4326',
      projected: false,
    });
    const merc = groupBounds([
      { crs: 'EPSG:3857', projected: true, box: box(0, 1, 0, 1), lonLat: null },
      { ...utm, lonLat: box(0, 180, 0, 0) },
    ]);
    expect(merc).toMatchObject({ crs: 'EPSG:3857', minx: 0, projected: true });
    expect(merc!.miny).toBeCloseTo(0, 6);
    expect(merc!.maxx).toBeCloseTo(20037508.34, 1);
  });

  it('falls back to EPSG:4326 for a first CRS it cannot reproject into, and skips empty members', () => {
    expect(
      groupBounds([
        { crs: 'EPSG:2056', projected: true, box: box(0, -1, 0, -1), lonLat: null },
        { crs: 'EPSG:26713', projected: true, box: box(0, 10, 0, 10), lonLat: box(-104, -103, 44, 45) },
        { crs: 'EPSG:2056', projected: true, box: box(1, 2, 1, 2), lonLat: box(7, 8, 46, 47) },
      ]),
    ).toEqual({ ...box(-104, 8, 44, 47), crs: 'EPSG:4326', projected: false });
    expect(groupBounds([{ crs: null, projected: false, box: null, lonLat: null }])).toBeNull();
  });
});
