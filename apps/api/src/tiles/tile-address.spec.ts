import { CatalogError } from '@geocatalog/catalog-model';
import { MAX_ZOOM, parseTileAddress } from './tile-address';

function codeOf(z: string, y: string, x: string): string {
  try {
    parseTileAddress(z, y, x);
    return 'OK';
  } catch (err) {
    return err instanceof CatalogError ? err.code : String(err);
  }
}

describe('parseTileAddress', () => {
  it('reads zoom, row and column in the URL order z/y/x', () => {
    expect(parseTileAddress('0', '0', '0')).toEqual({ z: 0, x: 0, y: 0 });
    expect(parseTileAddress('10', '510', '513')).toEqual({ z: 10, x: 513, y: 510 });
    expect(parseTileAddress(String(MAX_ZOOM), String(2 ** MAX_ZOOM - 1), '0')).toEqual({ z: MAX_ZOOM, x: 0, y: 2 ** MAX_ZOOM - 1 });
  });

  it('answers 404 for whole numbers outside the matrix', () => {
    for (const [z, y, x] of [
      ['25', '0', '0'],
      ['-1', '0', '0'],
      ['0', '1', '0'],
      ['0', '0', '1'],
      ['3', '8', '0'],
      ['3', '0', '-1'],
      ['999999999999', '0', '0'],
    ]) {
      expect([z, y, x, codeOf(z, y, x)]).toEqual([z, y, x, 'NOT_FOUND']);
    }
  });

  it('answers 400 for what is not a whole number', () => {
    for (const [z, y, x] of [
      ['1.5', '0', '0'],
      ['a', '0', '0'],
      ['1', '1e0', '0'],
      ['1', '0', ''],
      ['1', '0', '+1'],
      ['1', '0', ' 1'],
      ['1', '0', '0x1'],
      ['1', '0', '1'.repeat(13)],
    ]) {
      expect([z, y, x, codeOf(z, y, x)]).toEqual([z, y, x, 'INVALID_VALUE']);
    }
  });

  it('names the tile and the range in the message', () => {
    expect(() => parseTileAddress('3', '9', '0')).toThrow('No such tile in WebMercatorQuad: 3/9/0 (at zoom 3 rows and columns are 0 to 7)');
    expect(() => parseTileAddress('x', '0', '0')).toThrow("Invalid zoom level 'x': it must be a whole number");
  });
});
