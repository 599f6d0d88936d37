import type { TypeDefinition } from './schema-grammar';
import { checkSimpleValue, compilePattern, describeType, type SimpleTypeContext } from './simple-types';

const TYPES: Record<string, TypeDefinition> = {
  direction: { kind: 'simple', base: 'xs:token', enumeration: ['toUpper', 'toLower'] },
  service: { kind: 'simple', base: 'xs:string', enumeration: ['WFS', 'WCS'] },
  doubles: { kind: 'simple', list: 'xs:double' },
  pair: { kind: 'simple', base: 'doubles', length: 2 },
  nullOrNumber: { kind: 'simple', union: ['xs:double', 'nullReason'] },
  nullReason: { kind: 'simple', base: 'xs:string', pattern: ['other:\\w{2,}'] },
  percent: { kind: 'simple', base: 'xs:integer', minInclusive: '0', maxInclusive: '100' },
  role: { kind: 'simple', base: 'xs:anyURI', minLength: 1 },
};

const context: SimpleTypeContext = {
  lookup: (key) => TYPES[key],
  resolvePrefix: (prefix) => (prefix === 'ogc' ? 'http://www.opengis.net/ogc' : undefined),
};

const valid = (type: string, value: string) => checkSimpleValue(type, value, context) === null;

describe('checkSimpleValue: built-in types', () => {
  it.each([
    ['xs:double', ['1', '-1.5', '.5', '5.', '1e3', '1E-3', ' 2 ', 'INF', '-INF', 'NaN', '\n7\t'], ['', '.', '1:5', '1,5', 'abc', '+INF', 'inf', '1 2', '0x1F']],
    ['xs:decimal', ['1', '-0.5', '+3.'], ['1e3', 'NaN', '']],
    ['xs:integer', ['0', '-12', '+7', ' 42 '], ['1.5', '', '1e2']],
    ['xs:nonNegativeInteger', ['0', '-0', '12'], ['-1']],
    ['xs:positiveInteger', ['1', '007'], ['0', '-3']],
    ['xs:int', ['2147483647', '-2147483648'], ['2147483648']],
    ['xs:boolean', ['true', 'false', '1', '0', ' true '], ['TRUE', 'yes', '']],
    ['xs:NCName', ['a', 'a-b.c_d', 'été'], ['1a', 'a:b', '', 'a b']],
    ['xs:ID', ['x1'], ['1x']],
    ['xs:QName', ['a', 'ogc:Filter'], ['zz:x', ':a', 'a:', 'a b']],
    ['xs:language', ['en', 'en-GB'], ['toolongprimary', 'en_GB']],
    ['xs:dateTime', ['2024-01-31T12:00:00Z', '2024-01-31T12:00:00.5+01:00'], ['2024-01-31', '2024-13-01T00:00:00']],
    ['xs:date', ['2024-01-31'], ['31/01/2024']],
    ['xs:duration', ['P1Y2M', 'PT5M', '-P1D'], ['P', 'PT', '1D']],
    ['xs:string', ['', ' anything <at> all '], []],
  ])('%s', (type, good, bad) => {
    for (const value of good) expect([value, valid(type, value)]).toEqual([value, true]);
    for (const value of bad) expect([value, valid(type, value)]).toEqual([value, false]);
  });

  it('checks xs:anyURI as libxml2 does: characters a URI cannot hold are tolerated, structure is not', () => {
    for (const value of [
      '',
      'a b.png',
      'http://example.com:8080/a?x=1#y',
      'file:./icons/x.svg',
      'C:\\icons\\x.png',
      'été.png',
      'mailto:x@y',
      '//host/p',
      'http://[::1]/x',
    ]) {
      expect([value, valid('xs:anyURI', value)]).toEqual([value, true]);
    }
    for (const value of ['http://[::1/x', 'a%2.png', 'a%zz', 'x#a#b', 'http://h:80a/', '1a:b']) {
      expect([value, valid('xs:anyURI', value)]).toEqual([value, false]);
    }
  });

  it('stays fast on a huge URI', () => {
    const start = performance.now();
    expect(valid('xs:anyURI', `//${'a:'.repeat(500_000)}`)).toBe(false);
    expect(valid('xs:anyURI', `data:image/png;base64,${'A'.repeat(1_000_000)}`)).toBe(true);
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe('checkSimpleValue: derived types', () => {
  it('checks enumerations after the base type’s whitespace handling', () => {
    expect(valid('direction', ' toUpper ')).toBe(true); // token: collapsed
    expect(valid('service', ' WFS')).toBe(false); // string: preserved
    expect(valid('service', 'WMS')).toBe(false);
  });

  it('checks lists item by item, and their length', () => {
    expect(valid('doubles', ' 1 2\n3 ')).toBe(true);
    expect(valid('doubles', '1 a')).toBe(false);
    expect(valid('pair', '1 2')).toBe(true);
    expect(valid('pair', '1 2 3')).toBe(false);
  });

  it('accepts a union value any member accepts', () => {
    expect(valid('nullOrNumber', '12')).toBe(true);
    expect(valid('nullOrNumber', 'other:reason')).toBe(true);
    expect(valid('nullOrNumber', 'other:x')).toBe(false);
  });

  it('checks bounds and lengths', () => {
    expect(valid('percent', '100')).toBe(true);
    expect(valid('percent', '101')).toBe(false);
    expect(valid('role', '')).toBe(false);
  });

  it('says what a value should be', () => {
    expect(checkSimpleValue('xs:double', 'x', context)).toBe('a number');
    expect(checkSimpleValue('service', 'WMS', context)).toBe("one of 'WFS', 'WCS'");
    expect(describeType('direction', context)).toBe("one of 'toUpper', 'toLower'");
  });
});

describe('compilePattern', () => {
  it('anchors XSD patterns and translates their escapes', () => {
    expect(compilePattern('other:\\w{2,}').test('other:ab')).toBe(true);
    expect(compilePattern('other:\\w{2,}').test('xother:ab')).toBe(false);
    expect(compilePattern('\\i\\c*').test('gml:id')).toBe(true);
    expect(compilePattern('\\i\\c*').test('1abc')).toBe(false);
    expect(compilePattern('a^b$').test('a^b$')).toBe(true);
    expect(compilePattern('[0-9]+').test('12x')).toBe(false);
  });
});
