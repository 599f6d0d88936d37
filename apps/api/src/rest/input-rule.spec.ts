import { inputProblem, nfcPath } from './input-rule';
import { illegalCharacterIn, withoutIllegalCharacters } from './xml-characters';

const req = (url: string, headers: Record<string, string | string[]> = {}) => ({ url, headers });

describe('the character rule', () => {
  it.each([
    ['\u0000', 'U+0000'],
    ['a\u0001b', 'U+0001'],
    ['\u0008', 'U+0008'],
    ['\u000B', 'U+000B'],
    ['\u000C', 'U+000C'],
    ['\u000E', 'U+000E'],
    ['\u001F', 'U+001F'],
    ['\uFFFE', 'U+FFFE'],
    ['\uFFFF', 'U+FFFF'],
    ['lone \uD800 high', 'U+D800'],
    ['lone \uDC00 low', 'U+DC00'],
    ['\uDC00\uD800', 'U+DC00'],
  ])('refuses %j (%s)', (text, character) => {
    expect(illegalCharacterIn(text)).toBe(character);
  });

  it.each(['plain', 'tab\tlf\ncr\r', 'été_地图', 'emoji 😀', '\u007F\u0085\u00A0', '\uFFFD', '\u{10FFFD}'])('accepts %j', (text) => {
    expect(illegalCharacterIn(text)).toBeUndefined();
  });
});

describe('inputProblem', () => {
  it.each([
    ['/geoserver/rest/workspaces/x%00', 'The path contains U+0000, a control or non-character that XML 1.0 cannot carry; it is not accepted'],
    ['/geoserver/ogc/features/v1/collections/x%00', 'The path contains U+0000, a control or non-character that XML 1.0 cannot carry; it is not accepted'],
    ['/geoserver/rest/workspaces/a%01b.json', 'The path contains U+0001, a control or non-character that XML 1.0 cannot carry; it is not accepted'],
    ['/geoserver/rest/workspaces/%EF%BF%BE', 'The path contains U+FFFE, a control or non-character that XML 1.0 cannot carry; it is not accepted'],
    ['/geoserver/rest/workspaces/%C3', 'The path is not valid percent-encoded UTF-8'],
    ['/geoserver/rest/workspaces/%FF%FE', 'The path is not valid percent-encoded UTF-8'],
    ['/geoserver/rest/workspaces/%ED%A0%80', 'The path is not valid percent-encoded UTF-8'],
    ['/geoserver/rest/workspaces/%zz', 'The path is not valid percent-encoded UTF-8'],
    [
      '/geoserver/rest/workspaces?recurse=%00',
      "The query parameter 'recurse' contains U+0000, a control or non-character that XML 1.0 cannot carry; it is not accepted",
    ],
    ['/geoserver/rest/workspaces?a%1F=1', 'The query contains U+001F, a control or non-character that XML 1.0 cannot carry; it is not accepted'],
    ['/geoserver/ogc/features/v1/collections/a/items?limit=%C0%80', "The query parameter 'limit' is not valid percent-encoded UTF-8"],
  ])('refuses %s', (url, problem) => {
    expect(inputProblem(req(url))).toBe(problem);
  });

  it('refuses a header value with a control character', () => {
    expect(inputProblem(req('/geoserver/rest', { 'x-thing': 'a\u0001' }))).toBe(
      'The x-thing header contains U+0001, a control or non-character that XML 1.0 cannot carry; it is not accepted',
    );
    expect(inputProblem(req('/geoserver/rest', { 'x-list': ['ok', '\u0000'] }))).toContain('The x-list header contains U+0000');
  });

  it.each([
    '/geoserver/rest/workspaces/sec%C3%A9',
    '/geoserver/rest/workspaces/%E5%9C%B0%E5%9B%BE.json?quietOnNotFound=true&x=a+b%20c',
    '/geoserver/rest/workspaces?q=100%25',
    '/geoserver/web/',
    '/',
  ])('accepts %s', (url) => {
    expect(inputProblem(req(url, { accept: 'application/json', authorization: 'Basic YWRtaW46cHc=' }))).toBeUndefined();
  });
});

describe('nfcPath', () => {
  it('turns a decomposed segment into its precomposed form', () => {
    expect(nfcPath('/geoserver/rest/workspaces/sece%CC%81.json?x=e%CC%81')).toBe('/geoserver/rest/workspaces/sec%C3%A9.json?x=e%CC%81');
  });

  it('leaves segments already in NFC as they were sent', () => {
    expect(nfcPath('/geoserver/rest/workspaces/a%3Ab/sec%C3%A9')).toBe('/geoserver/rest/workspaces/a%3Ab/sec%C3%A9');
  });
});

describe('withoutIllegalCharacters', () => {
  it('replaces every character XML cannot carry by U+FFFD and keeps the rest', () => {
    expect(withoutIllegalCharacters('a\u0001b\u0000c\uD800d\tе😀')).toBe('a\uFFFDb\uFFFDc\uFFFDd\tе😀');
    expect(withoutIllegalCharacters('plain')).toBe('plain');
  });
});
