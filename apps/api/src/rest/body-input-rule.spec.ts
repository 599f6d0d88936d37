import { CatalogError, FeatureType, readDeclared } from '@geocatalog/catalog-model';
import { parseJsonBody, parseXmlBody } from './body-node';

function refusal(read: () => unknown, code: CatalogError['code'] = 'INVALID_VALUE'): string {
  try {
    read();
  } catch (e) {
    expect(e).toBeInstanceOf(CatalogError);
    expect((e as CatalogError).code).toBe(code);
    return (e as CatalogError).message;
  }
  throw new Error('expected a refusal');
}

describe('body text under the input rule', () => {
  it('refuses a JSON description with \\u0001, naming the field', () => {
    expect(refusal(() => parseJsonBody('{"workspace":{"name":"a","description":"x\\u0001y"}}'))).toBe(
      "The body's 'workspace/description' contains U+0001, a control or non-character that XML 1.0 cannot carry; it is not accepted",
    );
  });

  it('refuses NUL in a JSON key, an attribute and a lone surrogate in text', () => {
    expect(refusal(() => parseJsonBody('{"workspace":{"na\\u0000me":"a"}}'))).toContain("element name under 'workspace'");
    expect(refusal(() => parseJsonBody('{"workspace":{"entry":{"@key":"k\\u0000","$":"v"}}}'))).toContain("attribute 'key' of 'workspace/entry'");
    expect(refusal(() => parseJsonBody('{"workspace":{"name":"\\ud800"}}'))).toContain('U+D800');
  });

  it('refuses XML with a control character, raw or as a character reference', () => {
    // The strict XML parser already refuses these as not well-formed.
    expect(refusal(() => parseXmlBody('<workspace><description>x&#1;y</description></workspace>'), 'MALFORMED_BODY')).toMatch(/^Malformed XML: /);
    expect(refusal(() => parseXmlBody('<dataStore><entry key="a&#0;">v</entry></dataStore>'), 'MALFORMED_BODY')).toMatch(/^Malformed XML: /);
    // Raw, too: the one XML parser (the SLD one) refuses them, naming line and column.
    expect(refusal(() => parseXmlBody('<workspace><description>x\u0001y</description></workspace>'), 'MALFORMED_BODY')).toMatch(
      /U\+0001.* at line 1, column 26$/,
    );
    expect(refusal(() => parseXmlBody('<workspace><name a="\u0002">n</name></workspace>'), 'MALFORMED_BODY')).toMatch(/U\+0002.* at line 1, column \d+$/);
  });

  it('keeps tab, newline and any script', () => {
    const node = parseJsonBody('{"workspace":{"name":"été_地图","description":"a\\tb\\nc 😀"}}');
    expect(node.children.map((c) => c.text)).toEqual(['été_地图', 'a\tb\nc 😀']);
  });
});

/** An integer field read the way every declared `integer` field is. */
function intOf(node: ReturnType<typeof parseJsonBody>, name: 'maxFeatures' | 'numDecimals'): number | undefined {
  return readDeclared(FeatureType, node)[name];
}

describe('declared integer fields', () => {
  const body = (value: string) => parseJsonBody(JSON.stringify({ featureType: { maxFeatures: value } }));

  it.each(['0', '-2147483648', '2147483647', '42'])('reads %s', (value) => {
    expect(intOf(body(value), 'maxFeatures')).toBe(Number(value));
  });

  it.each(['2147483648', '-2147483649', '99999999999999999999'])('refuses %s as outside the integer column', (value) => {
    expect(refusal(() => intOf(body(value), 'maxFeatures'))).toBe(`Invalid value for maxFeatures: '${value}' is outside -2147483648..2147483647`);
  });

  it('refuses a JSON number too large for the column', () => {
    const node = parseJsonBody('{"featureType":{"numDecimals":2147483648}}');
    expect(refusal(() => intOf(node, 'numDecimals'))).toContain('is outside -2147483648..2147483647');
  });
});

describe('a declared integer field given a very long number', () => {
  it('names the field and shows the value shortened', () => {
    const node = parseJsonBody(JSON.stringify({ featureType: { maxFeatures: '9'.repeat(100_000) } }));
    expect(refusal(() => intOf(node, 'maxFeatures'))).toBe(`Invalid value for maxFeatures: '${'9'.repeat(37)}...' is outside -2147483648..2147483647`);
  });
});
