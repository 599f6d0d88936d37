import RenderFeature from 'ol/render/Feature';
import { describe, expect, it } from 'vitest';
import { get as getProjection } from 'ol/proj';
import { RestClient } from '../../api';
import { createTileLayer, nearestPoints, tileFeatureProperties, TILE_LAYER_NAME_ATTRIBUTE } from './tile-layer';

const point = (x: number, y: number, id: number) => new RenderFeature('Point', [x, y], [2], 2, { id }, id);

describe('nearestPoints', () => {
  it('keeps the points within the radius, nearest first, and leaves other geometries to hit detection', () => {
    const line = new RenderFeature('LineString', [0, 0, 10, 10], [4], 2, {}, 9);
    const multi = new RenderFeature('Point', [50, 50, 2, 1], [2, 4], 2, { id: 4 }, 4);
    const found = nearestPoints([point(3, 0, 1), point(1, 1, 2), point(20, 0, 3), multi, line], [0, 0], 5);
    expect(found.map((f) => f.getId())).toEqual([2, 4, 1]);
    expect(nearestPoints([point(6, 0, 1)], [0, 0], 5)).toEqual([]);
  });
});

describe('tileFeatureProperties', () => {
  it('shows the attributes without the tile layer name the reader adds', () => {
    const feature = new RenderFeature('Point', [0, 0], [2], 2, { name: 'p1', rank: 3, [TILE_LAYER_NAME_ATTRIBUTE]: 'points' }, 1);
    expect(tileFeatureProperties(feature)).toEqual({ name: 'p1', rank: 3 });
  });
});

describe('createTileLayer', () => {
  it('asks each tile with the filter current when its URL is made', () => {
    let filter = '';
    const client = new RestClient({ restBase: '/geoserver/ogc/tiles/v1' });
    const layer = createTileLayer(
      client,
      'a:b',
      null,
      () => undefined,
      new AbortController().signal,
      () => filter,
    );
    const source = layer.getSource()!;
    const url = () => source.getTileUrlFunction()([2, 1, 3], 1, getProjection('EPSG:3857')!);
    expect(url()).toBe('/collections/a%3Ab/tiles/WebMercatorQuad/2/3/1');
    filter = "name = 'x'";
    expect(url()).toBe("/collections/a%3Ab/tiles/WebMercatorQuad/2/3/1?filter=name%20%3D%20'x'&filter-lang=cql2-text");
  });
});
