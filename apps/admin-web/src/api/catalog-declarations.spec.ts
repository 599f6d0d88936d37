import { FeatureType, formProblem, Layer, Style } from '@geocatalog/catalog-model';
import { describe, expect, it } from 'vitest';

// The resource declarations' class-validator rules run in the console build too (legacy
// decorators through libs/catalog-model/tsconfig.json): the same refusals as the api, same words.
describe('resource declarations in the console', () => {
  it('refuses what the api refuses, in its words', () => {
    expect(formProblem(FeatureType, { projectionPolicy: 'bogus' })).toBe("Invalid projectionPolicy 'BOGUS': use FORCE_DECLARED, REPROJECT_TO_DECLARED, NONE");
    expect(formProblem(FeatureType, { maxFeatures: 'x' })).toBe("Invalid value for maxFeatures: 'x' is not a whole number");
    expect(formProblem(Style, { filename: '../etc/passwd' })).toBe("Invalid style filename '../etc/passwd': it must be a plain file name");
    expect(formProblem(Layer, { queryable: 'maybe' })).toBe("Invalid value for queryable: 'maybe' is not true or false");
  });

  it('accepts what the api accepts', () => {
    expect(formProblem(FeatureType, { name: 'roads', maxFeatures: 3, responseSRS: { string: ['4326'] } })).toBeNull();
    expect(formProblem(Layer, { attribution: { title: 'NYC', logoWidth: '20' } })).toBeNull();
  });
});
