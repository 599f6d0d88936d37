import { caseInsensitiveNameKey, CatalogError, checkName, isValidName, nameProblem, normalizeName } from './index';

describe('name rule', () => {
  it.each(['acme', 'été_地图', '_x', 'a.b-c_1', 'Ωμέγα', 'x'.repeat(255), 'नमस्ते'])('accepts %s', (name) => {
    expect(nameProblem(name)).toBeNull();
  });

  it.each([
    ['', 'it is empty'],
    ['1abc', "it must start with a letter or '_' and contain only letters, digits, '_', '-' and '.'"],
    ['a/b', expect.stringContaining('only letters')],
    ['a:b', expect.stringContaining('only letters')],
    ['a b', expect.stringContaining('only letters')],
    ['a..b', "it must not contain '..'"],
    ['smile😀', expect.stringContaining('only letters')],
    ['a\u200bb', expect.stringContaining('only letters')],
    ['a\u0000', expect.stringContaining('only letters')],
    ['-abc', expect.stringContaining('start with')],
    ['x'.repeat(256), 'it is longer than 255 characters'],
  ])('refuses %j', (name, reason) => {
    expect(nameProblem(name)).toEqual(reason);
    expect(isValidName(name)).toBe(false);
  });

  it('throws a CatalogError with code INVALID_NAME naming the kind', () => {
    expect(() => checkName('workspace', 'a b')).toThrow(CatalogError);
    try {
      checkName('data store', 'a/b');
    } catch (e) {
      expect((e as CatalogError).code).toBe('INVALID_NAME');
      expect((e as CatalogError).message).toMatch(/^Invalid data store name 'a\/b': /);
    }
  });

  describe('NFC', () => {
    it('takes precomposed and decomposed forms as one name, stored precomposed', () => {
      const nfd = 'sece\u0301';
      expect(nameProblem(nfd)).toBeNull();
      expect(checkName('workspace', nfd)).toBe('sec\u00e9');
      expect(checkName('workspace', 'sec\u00e9')).toBe('sec\u00e9');
      expect(normalizeName(nfd)).toBe(normalizeName('sec\u00e9'));
    });
  });

  describe('compatibility characters', () => {
    it.each([
      ['sec\uff57s', 'secws'],
      ['\ufb01le', 'file'],
      ['\u210cx', 'Hx'],
      ['\uff53\uff45\uff43', 'sec'],
    ])('refuses %j and names its plain form', (name, plain) => {
      expect(nameProblem(name)).toBe(`it contains compatibility characters (full-width forms, ligatures, superscripts); write '${plain}' instead`);
    });
  });

  describe('mixed scripts (TR39 highly restrictive)', () => {
    it.each([
      'été_地图',
      'secws',
      'сеть',
      '東京_tokyo',
      'とうきょう東京_tokyo',
      'カタカナ_漢字_latin',
      'ㄅㄆ_漢字_latin',
      '한국어_漢字_latin',
      'data_2024-v1.0',
      'Ωμέγα_1',
      'नमस्ते_1',
    ])('accepts %s', (name) => {
      expect(nameProblem(name)).toBeNull();
    });

    it.each([
      ['s\u0435cws', 'Latin, Cyrillic'],
      ['\u0430dmin', 'Cyrillic, Latin'],
      ['abcΩ', 'Latin, Greek'],
      ['Ωmega', 'Greek, Latin'],
      ['ひらがな_한국어', 'Hiragana, Hangul'],
      ['ㄅㄆ_カタカナ', 'Bopomofo, Katakana'],
      ['latin_नमस्ते', 'Latin, Devanagari'],
    ])('refuses %s (%s)', (name, scripts) => {
      expect(nameProblem(name)).toBe(`it mixes the scripts ${scripts}; use one script (Latin may go with Han and Japanese kana, Bopomofo or Hangul)`);
    });
  });

  describe('case-insensitive key', () => {
    it('folds case after NFC', () => {
      expect(caseInsensitiveNameKey('Admin')).toBe('admin');
      expect(caseInsensitiveNameKey('ADMIN')).toBe(caseInsensitiveNameKey('admin'));
      expect(caseInsensitiveNameKey('STRASSE')).toBe(caseInsensitiveNameKey('straße'));
      expect(caseInsensitiveNameKey('SECE\u0301')).toBe(caseInsensitiveNameKey('sec\u00e9'));
      expect(caseInsensitiveNameKey('\u0430dmin')).not.toBe(caseInsensitiveNameKey('admin'));
    });
  });
});
