import { FeatureType } from '../resources/feature-type';
import { Layer } from '../resources/layer';
import { formProblem } from './form';
import { nodesFromJson, WireNode } from './node';
import { mergeDeclared, readDeclared, withDefaults } from './read';
import { declaredRep } from './write';

const json = (root: string, value: unknown): WireNode => nodesFromJson(root, value, 16, () => new Error('too deep'))[0];

describe('reading by declaration', () => {
  it('ignores elements nobody declared, matches names in any case and coerces JSON scalars', () => {
    const sent = readDeclared(
      FeatureType,
      json('featureType', { NATIVENAME: 't', maxfeatures: 7, enabled: 'TRUE', frobnicate: { x: 1 }, serviceConfiguration: true }),
    );
    expect(sent).toEqual({ nativeName: 't', maxFeatures: 7, enabled: true });
  });

  it('keeps spaces where the declaration says so and trims elsewhere', () => {
    expect(readDeclared(FeatureType, json('featureType', { title: '  A title ', srs: ' EPSG:4326 ' }))).toEqual({ title: '  A title ', srs: 'EPSG:4326' });
  });

  it('reads a nested declaration and checks its rules', () => {
    expect(readDeclared(Layer, json('layer', { attribution: { title: 'Me', logoWidth: '20' } })).attribution).toEqual({ title: 'Me', logoWidth: 20 });
    expect(() => readDeclared(Layer, json('layer', { attribution: { logoHeight: 'tall' } }))).toThrow(
      "Invalid value for logoHeight: 'tall' is not a whole number",
    );
  });
});

describe('the PUT merge', () => {
  it('copies what was sent, leaves the rest, and leaves service-decided fields to the service', () => {
    const record = Object.assign(new FeatureType(), { name: 'a', title: 'Old', maxFeatures: 5, srs: 'EPSG:4326', metadata: { k: 'v' } });
    const changed = mergeDeclared(FeatureType, record, { name: 'b', title: 'New', srs: 'EPSG:3857', cqlFilter: 'x = 1' });
    expect(changed).toEqual(['title', 'cqlFilter']);
    expect(record).toMatchObject({ name: 'a', title: 'New', maxFeatures: 5, srs: 'EPSG:4326', metadata: { k: 'v' }, cqlFilter: 'x = 1' });
  });

  it('merges a nested declaration field by field', () => {
    const record = Object.assign(new Layer(), { attribution: { title: 'Kept', logoWidth: 10, logoHeight: 10 } });
    mergeDeclared(Layer, record, { attribution: { href: 'https://x', logoWidth: 20 } as never });
    expect(record.attribution).toEqual({ title: 'Kept', href: 'https://x', logoWidth: 20, logoHeight: 10 });
  });
});

describe('defaults and writing', () => {
  it('fills a new record with the declared column defaults, empty lists and maps', () => {
    expect(withDefaults(FeatureType, { name: 'a' })).toMatchObject({
      name: 'a',
      projectionPolicy: 'FORCE_DECLARED',
      enabled: true,
      maxFeatures: 0,
      keywords: [],
      metadata: {},
      responseSrs: [],
    });
  });

  it('writes fields in declared order, omitting nulls and empty lists, with constants and given values in place', () => {
    const rep = declaredRep(FeatureType, Object.assign(new FeatureType(), { name: 'a', title: null, keywords: [], enabled: true, advertised: true }), {
      store: 'given',
    });
    expect(rep.fields.filter(([, v]) => v !== undefined && v !== null).map(([k]) => k)).toEqual([
      'name',
      'enabled',
      'store',
      'serviceConfiguration',
      'simpleConversionEnabled',
      'padWithZeros',
      'forcedDecimal',
      'skipNumberMatched',
    ]);
  });
});

describe('formProblem', () => {
  it('answers null for acceptable values and the api’s sentence otherwise', () => {
    expect(formProblem(FeatureType, { name: 'roads', maxFeatures: '10' })).toBeNull();
    expect(formProblem(FeatureType, { projectionPolicy: 'none' })).toBeNull();
    expect(formProblem(FeatureType, { numDecimals: 'six' })).toBe("Invalid value for numDecimals: 'six' is not a whole number");
  });
});
