import { FeatureType } from '../resources/feature-type';
import { Layer } from '../resources/layer';
import { changedDeclared, declaredOf, sameValue } from './read';

describe('changedDeclared', () => {
  const stored = Object.assign(new FeatureType(), {
    name: 'roads',
    nativeName: 'roads',
    title: 'Roads',
    abstract: null,
    keywords: ['features', 'roads'],
    metadata: { a: '1', b: '2' },
    enabled: true,
    projectionPolicy: 'FORCE_DECLARED',
  });

  it('names only the fields whose sent value differs', () => {
    expect(changedDeclared(FeatureType, stored, { title: 'Roads', keywords: ['features', 'roads'], enabled: true })).toEqual([]);
    expect(changedDeclared(FeatureType, stored, { title: 'Streets', keywords: ['roads', 'features'], enabled: true })).toEqual(['title', 'keywords']);
  });

  it('compares maps regardless of key order, and null as absent', () => {
    expect(changedDeclared(FeatureType, stored, { metadata: { b: '2', a: '1' }, abstract: null })).toEqual([]);
    expect(changedDeclared(FeatureType, stored, { metadata: { a: '1' } })).toEqual(['metadata']);
  });

  it('leaves out what the service decides (names, CRS, boxes) and references', () => {
    expect(changedDeclared(FeatureType, stored, { name: 'other', srs: 'EPSG:3857', nativeBbox: { minx: 0, maxx: 1, miny: 0, maxy: 1 } })).toEqual([]);
    const layer = Object.assign(new Layer(), { enabled: true, advertised: true, attribution: { logoWidth: 0, logoHeight: 0 } });
    expect(changedDeclared(Layer, layer, { defaultStyleRef: { name: 'x' }, attribution: { logoWidth: 0, logoHeight: 0 } })).toEqual([]);
    expect(changedDeclared(Layer, layer, { attribution: { logoWidth: 0, logoHeight: 0, title: 'OSM' } })).toEqual(['attribution']);
  });
});

describe('declaredOf', () => {
  it('gives the stored declared fields, without dates, constants and references', () => {
    const out = declaredOf(
      FeatureType,
      Object.assign(new FeatureType(), { title: 'T', enabled: false, dateCreated: new Date(), serviceConfiguration: true, store: 'pg' }),
    );
    expect(out).toEqual({ title: 'T', enabled: false });
  });
});

describe('sameValue', () => {
  it('is deep equality with maps unordered', () => {
    expect(sameValue({ a: [1, { c: 1, d: 2 }] }, { a: [1, { d: 2, c: 1 }] })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue(undefined, null)).toBe(true);
  });
});
