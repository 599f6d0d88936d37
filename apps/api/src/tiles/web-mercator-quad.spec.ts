import { MAX_ZOOM } from './tile-address';
import { allTileLimits, HALF_WORLD, MAX_LATITUDE, mercatorBox, tileLimits, tileMatrixSetDocument, toMercator } from './web-mercator-quad';

type Matrix = {
  id: string;
  identifier: string;
  scaleDenominator: number;
  cellSize: number;
  pointOfOrigin: number[];
  topLeftCorner: number[];
  matrixWidth: number;
};

describe('Web Mercator arithmetic', () => {
  it('maps CRS84 to EPSG:3857 metres, clamping the poles to the square', () => {
    expect(toMercator(0, 0)[0]).toBe(0);
    expect(toMercator(0, 0)[1]).toBeCloseTo(0, 6);
    expect(toMercator(180, 0)[0]).toBeCloseTo(HALF_WORLD, 6);
    expect(toMercator(-74.006, 40.7128)[0]).toBeCloseTo(-8238310.24, 1);
    expect(toMercator(-74.006, 40.7128)[1]).toBeCloseTo(4970071.58, 1);
    expect(toMercator(0, 90)[1]).toBeCloseTo(HALF_WORLD, 6);
    expect(toMercator(0, -90)[1]).toBeCloseTo(-HALF_WORLD, 6);
    expect(MAX_LATITUDE).toBeCloseTo(85.0511287798, 9);
  });

  it('takes the whole width for a box across the antimeridian', () => {
    const [minx, , maxx] = mercatorBox([170, -10, -170, 10]);
    expect(minx).toBeCloseTo(-HALF_WORLD, 6);
    expect(maxx).toBeCloseTo(HALF_WORLD, 6);
  });

  it('gives the rows and columns a box touches at each zoom', () => {
    // Colorado to New York: at zoom 3 columns 1..2, rows 2..3 (as the tile arithmetic of any slippy map).
    expect(tileLimits([-109.05, 37, -74, 41], 3)).toEqual({ tileMatrix: '3', minTileRow: 2, maxTileRow: 3, minTileCol: 1, maxTileCol: 2 });
    expect(tileLimits([-10, -10, 10, 10], 1)).toEqual({ tileMatrix: '1', minTileRow: 0, maxTileRow: 1, minTileCol: 0, maxTileCol: 1 });
    expect(tileLimits(null, 2)).toEqual({ tileMatrix: '2', minTileRow: 0, maxTileRow: 3, minTileCol: 0, maxTileCol: 3 });
    expect(tileLimits([-180, -90, 180, 90], 4)).toEqual({ tileMatrix: '4', minTileRow: 0, maxTileRow: 15, minTileCol: 0, maxTileCol: 15 });
    expect(allTileLimits(null).map((l) => l.tileMatrix)).toEqual(Array.from({ length: MAX_ZOOM + 1 }, (_, z) => String(z)));
  });
});

describe('tileMatrixSetDocument', () => {
  const doc = tileMatrixSetDocument([]) as {
    id: string;
    identifier: string;
    crs: string;
    supportedCRS: string;
    boundingBox: Record<string, unknown>;
    tileMatrices: Matrix[];
  };

  it('is WebMercatorQuad as TMS 2.0 names it, with the TMS 1.0 names GDAL before 3.8 reads', () => {
    expect([doc.id, doc.identifier]).toEqual(['WebMercatorQuad', 'WebMercatorQuad']);
    expect([doc.crs, doc.supportedCRS]).toEqual(['http://www.opengis.net/def/crs/EPSG/0/3857', 'http://www.opengis.net/def/crs/EPSG/0/3857']);
    expect(doc.boundingBox).toMatchObject({
      lowerLeft: [-HALF_WORLD, -HALF_WORLD],
      lowerCorner: [-HALF_WORLD, -HALF_WORLD],
      upperRight: [HALF_WORLD, HALF_WORLD],
    });
    expect(doc.tileMatrices).toHaveLength(MAX_ZOOM + 1);
  });

  it("has OGC's scale denominators and cell sizes, halving at each zoom", () => {
    // OGC 17-083r4 Annex D.1: zoom 0 is 559082264.0287178 at 156543.0339280410 m per cell.
    expect(doc.tileMatrices[0].scaleDenominator).toBeCloseTo(559082264.0287178, 4);
    expect(doc.tileMatrices[0].cellSize).toBeCloseTo(156543.033928041, 6);
    expect(doc.tileMatrices[24].matrixWidth).toBe(2 ** 24);
    for (const m of doc.tileMatrices.slice(1)) {
      const previous = doc.tileMatrices[Number(m.id) - 1];
      expect(previous.scaleDenominator / m.scaleDenominator).toBeCloseTo(2, 12);
      expect([m.identifier, m.pointOfOrigin, m.topLeftCorner]).toEqual([m.id, [-HALF_WORLD, HALF_WORLD], [-HALF_WORLD, HALF_WORLD]]);
    }
  });
});
