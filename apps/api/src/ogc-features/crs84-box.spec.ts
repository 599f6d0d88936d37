import { CatalogError } from '@geocatalog/catalog-model';
import { collectionBbox, parseBbox, searchBoxes } from './crs84-box';

function invalid(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof CatalogError && err.code === 'INVALID_VALUE') return err.message;
    throw err;
  }
  throw new Error('expected INVALID_VALUE');
}

describe('parseBbox', () => {
  it('reads 4 numbers, and the 2D part of 6', () => {
    expect(parseBbox('-105.5,39,-104,40.25')).toEqual([{ minx: -105.5, miny: 39, maxx: -104, maxy: 40.25 }]);
    expect(parseBbox('1,2,-10,3,4,100')).toEqual([{ minx: 1, miny: 2, maxx: 3, maxy: 4 }]);
    expect(parseBbox(' -1e1 , .5 ,+10, 20.')).toEqual([{ minx: -10, miny: 0.5, maxx: 10, maxy: 20 }]);
  });

  it('splits a box across the antimeridian in two', () => {
    expect(parseBbox('170,-10,-170,10')).toEqual([
      { minx: 170, miny: -10, maxx: 180, maxy: 10 },
      { minx: -180, miny: -10, maxx: -170, maxy: 10 },
    ]);
  });

  it.each([
    ['1,2,3', 'expected 4 or 6'],
    ['1,2,3,4,5', 'expected 4 or 6'],
    ['', 'expected 4 or 6'],
    ['a,2,3,4', 'every value must be a number'],
    ['1,2,3,', 'every value must be a number'],
    ['1,NaN,3,4', 'every value must be a number'],
    ['1,Infinity,3,4', 'every value must be a number'],
    ['0x10,2,3,4', 'every value must be a number'],
    ['0,10,1,5', 'south edge is north of the north edge'],
    ['0,-91,1,5', 'latitudes must lie within -90 and 90'],
    ['0,0,181,5', 'longitudes must lie within -180 and 180'],
    ['1,2,0,3,4,-1', 'lower height is above the upper height'],
  ])('refuses %p', (text, why) => {
    expect(invalid(() => parseBbox(text))).toContain(why);
  });
});

describe('searchBoxes', () => {
  const fiji = { minx: -181.5, miny: -18.5, maxx: -178.125, maxy: -15.75 };
  const colorado = { minx: -109.05, miny: 37, maxx: -102.04, maxy: 41 };

  it('keeps lon/lat boxes as they are, whatever the extent', () => {
    const world = [{ minx: -180, miny: -90, maxx: 180, maxy: 90 }];
    expect(searchBoxes(world, colorado, false)).toEqual(world);
    expect(searchBoxes(world, null, false)).toEqual(world);
  });

  it('adds the part beyond ±180 where lon/lat data is stored that way', () => {
    expect(searchBoxes([{ minx: 178, miny: -20, maxx: 180, maxy: -10 }], fiji, false)).toEqual([
      { minx: 178, miny: -20, maxx: 180, maxy: -10 },
      { minx: -181.5, miny: -18.5, maxx: -180, maxy: -15.75 },
    ]);
  });

  it('clips boxes to the extent for data that is transformed (EPSG:3857 at the poles)', () => {
    expect(searchBoxes([{ minx: -180, miny: -90, maxx: 180, maxy: 90 }], colorado, true)).toEqual([colorado]);
    expect(searchBoxes([{ minx: 0, miny: 0, maxx: 10, maxy: 10 }], colorado, true)).toEqual([]);
    expect(searchBoxes([{ minx: 178, miny: -20, maxx: 180, maxy: -10 }], fiji, true)).toEqual([{ minx: -181.5, miny: -18.5, maxx: -180, maxy: -15.75 }]);
  });

  it('uses the request as is when the extent is unknown or empty', () => {
    const box = [{ minx: 0, miny: 0, maxx: 10, maxy: 10 }];
    expect(searchBoxes(box, { minx: 0, maxx: -1, miny: 0, maxy: -1 }, true)).toEqual(box);
  });
});

describe('collectionBbox', () => {
  it('is the lat/lon box, latitudes clamped', () => {
    expect(collectionBbox({ minx: -109.05, miny: 37, maxx: -102.04, maxy: 41 })).toEqual([-109.05, 37, -102.04, 41]);
    expect(collectionBbox({ minx: -10, miny: -91, maxx: 10, maxy: 90.5 })).toEqual([-10, -90, 10, 90]);
  });

  it('writes a box passing ±180 with west > east', () => {
    expect(collectionBbox({ minx: -190, miny: -10, maxx: -170, maxy: 10 })).toEqual([170, -10, -170, 10]);
    expect(collectionBbox({ minx: 170, miny: -10, maxx: 190, maxy: 10 })).toEqual([170, -10, -170, 10]);
    expect(collectionBbox({ minx: -181.5, miny: -18.5, maxx: -178.125, maxy: -15.75 })).toEqual([178.5, -18.5, -178.125, -15.75]);
    expect(collectionBbox({ minx: -200, miny: 0, maxx: 180, maxy: 1 })).toEqual([-180, 0, 180, 1]);
  });

  it('is null for an unknown or empty box', () => {
    expect(collectionBbox(null)).toBeNull();
    expect(collectionBbox({ minx: 0, maxx: -1, miny: 0, maxy: -1 })).toBeNull();
  });
});
