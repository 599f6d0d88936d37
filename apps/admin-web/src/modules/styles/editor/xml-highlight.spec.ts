import { describe, expect, it } from 'vitest';
import { issueRange, offsetOf, tokenizeXml } from './xml-highlight';

const kinds = (text: string) => tokenizeXml(text).map((t) => `${t.kind}:${t.text}`);

describe('tokenizeXml', () => {
  it('splits a tag into punctuation, name, attributes and values', () => {
    expect(kinds('<CssParameter name="fill">#4169E1</CssParameter>')).toEqual([
      'punct:<',
      'tag:CssParameter',
      'text: ',
      'attr:name',
      'punct:=',
      'value:"fill"',
      'punct:>',
      'text:#4169E1',
      'punct:</',
      'tag:CssParameter',
      'punct:>',
    ]);
  });

  it('knows declarations, comments, CDATA, entities and self-closing tags', () => {
    expect(kinds('<?xml version="1.0"?><!-- c --><a/><![CDATA[x<y]]>&amp;')).toEqual([
      'pi:<?xml version="1.0"?>',
      'comment:<!-- c -->',
      'punct:<',
      'tag:a',
      'punct:/>',
      'cdata:<![CDATA[x<y]]>',
      'entity:&amp;',
    ]);
  });

  it.each(['<StyledLayerDescriptor version="1.0.0"><Foo', '<a b="unclosed><c>', '<<>>&&;<!--', "<a\n  x = '1'\n>text</a", ''])(
    'keeps every character of %j',
    (text) => {
      expect(
        tokenizeXml(text)
          .map((t) => t.text)
          .join(''),
      ).toBe(text);
    },
  );
});

describe('offsetOf and issueRange', () => {
  const text = 'ab\ncdef gh\n<Foo';
  it('maps 1-based line and column to an offset, clamped to the line', () => {
    expect(offsetOf(text, 1, 1)).toBe(0);
    expect(offsetOf(text, 2, 3)).toBe(5);
    expect(offsetOf(text, 2, 99)).toBe(10);
    expect(offsetOf(text, 9, 1)).toBe(text.length);
  });

  it('underlines the word at the offset, or the last character at the end', () => {
    expect(issueRange(text, 3)).toEqual([3, 7]);
    expect(issueRange(text, text.length)).toEqual([text.length - 1, text.length]);
  });
});
