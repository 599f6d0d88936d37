import { decodeTwkb } from './twkb';

const hex = (h: string) => Uint8Array.from(Buffer.from(h.replace(/\s/g, ''), 'hex'));

describe('decodeTwkb', () => {
  it('decodes the examples PostGIS writes', () => {
    // SELECT ST_AsTWKB('POINT(1 2)'::geometry, 0) → \x01000204
    expect(decodeTwkb(hex('01000204'))).toEqual({ type: 'Point', coordinates: [1, 2] });
    // SELECT ST_AsTWKB('LINESTRING(1 1, 5 5)'::geometry, 0) → \x02000202020808
    expect(decodeTwkb(hex('02000202020808'))).toEqual({
      type: 'LineString',
      coordinates: [
        [1, 1],
        [5, 5],
      ],
    });
    // Precision 1 (header 0x22: type 2, zigzag(1) = 2): the same line in tenths.
    expect(decodeTwkb(hex('2200020a0a0a0a'))).toEqual({
      type: 'LineString',
      coordinates: [
        [0.5, 0.5],
        [1, 1],
      ],
    });
  });

  it('gives null for an empty geometry and refuses truncated input', () => {
    expect(decodeTwkb(hex('0110'))).toBeNull();
    expect(() => decodeTwkb(hex('0200020202'))).toThrow('TWKB: unexpected end of input');
    expect(() => decodeTwkb(hex('0f00'))).toThrow('TWKB: unknown geometry type 15');
  });
});
