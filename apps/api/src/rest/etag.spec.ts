import { CatalogError } from '@geocatalog/catalog-model';
import { checkIfMatch, noneMatchHits, versionTag } from './etag';

describe('versionTag', () => {
  it('is the own version, and the highest named version after a dot, in base 36', () => {
    expect(versionTag('35')).toBe('"z"');
    expect(versionTag('35', '10', null, '36', undefined)).toBe('"z.10"');
  });

  it('changes when a named record changes', () => {
    expect(versionTag('5', '7')).not.toBe(versionTag('5', '8'));
  });
});

describe('If-None-Match', () => {
  it('hits on the same tag, weak or strong, in a list, or *', () => {
    expect(noneMatchHits('"a"', '"a"')).toBe(true);
    expect(noneMatchHits('W/"a"', '"a"')).toBe(true);
    expect(noneMatchHits('"x", "a"', '"a"')).toBe(true);
    expect(noneMatchHits('*', '"a"')).toBe(true);
    expect(noneMatchHits('"b"', '"a"')).toBe(false);
    expect(noneMatchHits(undefined, '"a"')).toBe(false);
  });
});

describe('If-Match', () => {
  it('passes the current tag, a list holding it, * and no header', () => {
    expect(() => checkIfMatch('"a"', '"a"')).not.toThrow();
    expect(() => checkIfMatch('"x" , "a"', '"a"')).not.toThrow();
    expect(() => checkIfMatch('*', '"a"')).not.toThrow();
    expect(() => checkIfMatch(undefined, '"a"')).not.toThrow();
  });

  it('refuses a stale or weak tag with 412 carrying the current tag', () => {
    for (const header of ['"b"', 'W/"a"', 'garbage']) {
      try {
        checkIfMatch(header, '"a"');
        throw new Error('expected a refusal');
      } catch (err) {
        expect(err).toBeInstanceOf(CatalogError);
        expect((err as CatalogError).code).toBe('PRECONDITION_FAILED');
        expect((err as CatalogError).currentTag).toBe('"a"');
      }
    }
  });
});
