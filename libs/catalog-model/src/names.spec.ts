import { CatalogError, checkName, isValidName, nameProblem } from './index';

describe('name rule', () => {
  it.each(['acme', 'été_地图', '_x', 'a.b-c_1', 'Ωmega', 'x'.repeat(255), 'नमस्ते'])('accepts %s', (name) => {
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
});
