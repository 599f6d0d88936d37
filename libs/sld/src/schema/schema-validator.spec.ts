import { parseXml } from '../xml/xml-parser';
import type { XmlElement } from '../xml/xml-tree';
import { extendGrammar } from './extend-grammar';
import { UNBOUNDED, type SchemaGrammar } from './schema-grammar';
import { validateAgainstGrammar } from './schema-validator';

const T = 'urn:test';
const O = 'urn:other';

/** A small grammar exercising every construct the generated ones use. */
const GRAMMAR: SchemaGrammar = {
  version: 'test',
  namespaces: { t: T, o: O, xlink: 'http://www.w3.org/1999/xlink' },
  root: 't:root',
  elements: {
    't:root': { type: '#t:root' },
    't:a': { type: 'xs:string' },
    't:b': { type: 'xs:double' },
    't:c': { type: '#t:c' },
    't:shape': { type: 't:ShapeType', abstract: true },
    't:circle': { type: 't:ShapeType', substitutes: 't:shape' },
    't:square': { type: 't:ShapeType', substitutes: 't:shape' },
    't:rounded': { type: 't:ShapeType', substitutes: 't:square' },
    't:mixed': { type: '#t:mixed' },
    't:price': { type: '#t:price' },
    't:any': { type: '#t:any' },
    't:lax': { type: '#t:lax' },
    't:empty': { type: '#t:empty' },
    't:version': { type: 'xs:string', fixed: '1.0' },
    't:id': { type: '#t:id' },
    'o:thing': { type: 'xs:integer' },
  },
  types: {
    '#t:root': {
      kind: 'complex',
      content: [
        's',
        1,
        1,
        [
          ['e', 't:a', 1, 1],
          ['e', 't:b', 0, 2],
          [
            'c',
            0,
            UNBOUNDED,
            [
              ['e', 't:c', 1, 1],
              ['e', 't:shape', 1, 1],
            ],
          ],
          ['e', 't:mixed', 0, 1],
          ['e', 't:price', 0, 1],
          ['e', 't:any', 0, 1],
          ['e', 't:lax', 0, 1],
          ['e', 't:empty', 0, 1],
          ['e', 't:version', 0, 1],
          ['e', 't:id', 0, UNBOUNDED],
        ],
      ],
      attributes: { version: { type: 'xs:string', required: true, fixed: '2' }, 'xlink:href': { type: 'xs:anyURI' } },
    },
    '#t:c': {
      kind: 'complex',
      content: [
        's',
        1,
        1,
        [
          ['l', 't:low', 'xs:integer', 1, 1],
          ['l', 't:high', 'xs:integer', 1, 1],
        ],
      ],
    },
    't:ShapeType': { kind: 'complex', attributes: { size: { type: '#t:size' } } },
    '#t:size': { kind: 'simple', base: 'xs:string', enumeration: ['small', 'large'] },
    '#t:mixed': { kind: 'complex', mixed: true, content: ['s', 0, UNBOUNDED, [['e', 't:a', 1, 1]]] },
    '#t:price': { kind: 'complex', simpleContent: 'xs:decimal', attributes: { currency: { type: 'xs:string', required: true } } },
    '#t:any': { kind: 'complex', content: ['a', { not: T }, 'strict', 0, 1] },
    '#t:lax': { kind: 'complex', content: ['a', '##any', 'lax', 0, UNBOUNDED], anyAttribute: { namespaces: [O], process: 'lax' } },
    '#t:empty': { kind: 'complex' },
    '#t:id': { kind: 'complex', attributes: { id: { type: 'xs:ID', required: true } } },
  },
};

const doc = (body: string, rootAttributes = 'version="2"') =>
  `<t:root xmlns:t="${T}" xmlns:o="${O}" xmlns:xlink="http://www.w3.org/1999/xlink" ${rootAttributes}>${body}</t:root>`;

function issues(text: string, grammar = GRAMMAR) {
  const { root, issues: xmlIssues } = parseXml(text);
  expect(xmlIssues).toEqual([]);
  return validateAgainstGrammar(root as XmlElement, grammar).map((i) => `${i.line}:${i.column} ${i.code}: ${i.message}`);
}

/** `line:column` of the first occurrence of `marker` in a one-line document. */
const at = (text: string, marker: string) => `1:${text.indexOf(marker) + 1}`;

const codes = (text: string) => issues(text).map((i) => i.split(' ')[1].slice(0, -1));

describe('validateAgainstGrammar: content models', () => {
  it('accepts a valid document', () => {
    expect(issues(doc('<t:a>x</t:a><t:b>1</t:b><t:b>2e3</t:b><t:c><t:low>1</t:low><t:high>2</t:high></t:c><t:circle/>'))).toEqual([]);
  });

  it('reports an element out of order at the element, with what was expected', () => {
    const text = doc('<t:b>1</t:b><t:a>x</t:a>');
    expect(issues(text)).toEqual([`${at(text, '<t:b>')} unexpected-element: 't:b' cannot come first in 't:root': expected 't:a'`]);
    const late = doc('<t:a/><t:circle/><t:b>1</t:b>');
    expect(issues(late)[0]).toBe(
      `${at(late, '<t:b>')} unexpected-element: 't:b' cannot come after 't:circle' in 't:root': expected one of 't:c', 't:circle', 't:square', 't:rounded', 't:mixed', 't:price', 't:any', 't:lax', … or the end of 't:root'`,
    );
  });

  it('suggests the name a misspelled element probably has', () => {
    const text = doc('<t:a/><t:sqaure/>');
    expect(issues(text)).toEqual([`${at(text, '<t:sqaure')} unexpected-element: 't:sqaure' is not allowed in 't:root'; did you mean 't:square'?`]);
    expect(issues(doc('<t:A/>'))[0]).toContain("did you mean 't:a'?");
  });

  it('reports a missing required child at the parent', () => {
    expect(issues(doc(''))).toEqual(["1:1 missing-element: 't:root' is missing a required child element: expected 't:a'"]);
    const text = doc('<t:a/><t:c><t:low>1</t:low></t:c>');
    expect(issues(text)).toEqual([`${at(text, '<t:c>')} missing-element: 't:c' is missing a required child element: expected 't:high'`]);
  });

  it('enforces maxOccurs', () => {
    expect(codes(doc('<t:a/><t:b>1</t:b><t:b>2</t:b><t:b>3</t:b>'))).toEqual(['unexpected-element']);
  });

  it('accepts the members of a substitution group, transitively, but never the abstract head', () => {
    expect(issues(doc('<t:a/><t:square size="small"/><t:rounded/><t:circle/>'))).toEqual([]);
    expect(codes(doc('<t:a/><t:shape/>'))).toEqual(['unexpected-element']);
  });

  it('lists what may come next, in the document’s own prefixes', () => {
    const text = `<root xmlns="${T}" version="2"><a/><zzz/></root>`;
    expect(issues(text)).toEqual([
      `${at(text, '<zzz')} unexpected-element: 'zzz' is not allowed here in 'root': expected one of 'b', 'c', 'circle', 'square', 'rounded', 'mixed', 'price', 'any', … or the end of 'root'`,
    ]);
  });

  it('reports one unexpected element once and goes on with its siblings', () => {
    expect(codes(doc('<t:a/><t:zzz><t:deep/></t:zzz><t:b>x</t:b>'))).toEqual(['unexpected-element', 'invalid-value']);
  });

  it('matches local element declarations by their own names and types', () => {
    const text = doc('<t:a/><t:c><t:low>x</t:low><t:high>2</t:high></t:c>');
    expect(issues(text)).toEqual([`${at(text, '<t:low>')} invalid-value: 't:low' must be an integer, not 'x'`]);
  });
});

describe('validateAgainstGrammar: text', () => {
  it('refuses text in element-only and empty content, once per element', () => {
    expect(codes(doc('<t:a/>stray<t:b>1</t:b>more'))).toEqual(['unexpected-text']);
    expect(issues(doc('<t:a/><t:empty>x</t:empty>'))[0]).toContain("'t:empty' must be empty");
    expect(codes(doc('<t:a/><t:empty><![CDATA[ ]]></t:empty>'))).toEqual(['unexpected-text']);
  });

  it('allows whitespace and comments between elements', () => {
    expect(issues(doc('\n  <t:a/>\n  <!-- note -->\n  <t:b> 7 </t:b>\n'))).toEqual([]);
  });

  it('allows text in mixed content', () => {
    expect(issues(doc('<t:a/><t:mixed>one <t:a>two</t:a> three</t:mixed>'))).toEqual([]);
  });

  it('checks simple content and refuses child elements in it', () => {
    expect(issues(doc('<t:a/><t:price currency="EUR"> 12.50 </t:price>'))).toEqual([]);
    expect(codes(doc('<t:a/><t:price currency="EUR">cheap</t:price>'))).toEqual(['invalid-value']);
    const text = doc('<t:a><t:b>1</t:b></t:a>');
    expect(issues(text)).toEqual([`${at(text, '<t:b>')} unexpected-element: 't:a' may only contain text, not the element 't:b'`]);
  });

  it('checks a fixed element value', () => {
    expect(codes(doc('<t:a/><t:version>1.0</t:version>'))).toEqual([]);
    const text = doc('<t:a/><t:version>1.1</t:version>');
    expect(issues(text)).toEqual([`${at(text, '<t:version>')} invalid-value: 't:version' must be '1.0'`]);
  });
});

describe('validateAgainstGrammar: attributes', () => {
  it('requires required attributes and checks fixed values', () => {
    expect(issues(doc('<t:a/>', ''))).toEqual(["1:1 missing-attribute: 't:root' must have the attribute 'version'"]);
    const text = doc('<t:a/>', 'version="3"');
    expect(issues(text)).toEqual([`${at(text, 'version=')} invalid-attribute-value: Attribute 'version' of 't:root' must be '2', not '3'`]);
  });

  it('refuses undeclared attributes, namespaced ones included, unless a wildcard allows them', () => {
    expect(codes(doc('<t:a/>', 'version="2" extra="1"'))).toEqual(['unexpected-attribute']);
    expect(codes(doc('<t:a/>', 'version="2" o:extra="1"'))).toEqual(['unexpected-attribute']);
    expect(codes(doc('<t:a/><t:lax o:extra="1"/>'))).toEqual([]);
    expect(codes(doc('<t:a/><t:lax extra="1"/>'))).toEqual(['unexpected-attribute']);
  });

  it('checks attribute values against their simple type', () => {
    const text = doc('<t:a/><t:circle size="medium"/>');
    expect(issues(text)).toEqual([
      `${at(text, 'size=')} invalid-attribute-value: Attribute 'size' of 't:circle' must be one of 'small', 'large', not 'medium'`,
    ]);
  });

  it('refuses a duplicate ID', () => {
    expect(codes(doc('<t:a/><t:id id="x"/><t:id id="y"/><t:id id=" x "/>'))).toEqual(['duplicate-id']);
  });

  it('allows xsi:schemaLocation, refuses xsi:nil and xsi:type', () => {
    const xsi = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
    expect(codes(doc('<t:a/>', `version="2" ${xsi} xsi:schemaLocation="urn:test t.xsd"`))).toEqual([]);
    expect(codes(doc(`<t:a ${xsi} xsi:nil="true"/>`))).toEqual(['invalid-attribute-value']);
    expect(codes(doc(`<t:a ${xsi} xsi:type="t:Other"/>`))).toEqual(['unexpected-attribute']);
  });
});

describe('validateAgainstGrammar: wildcards', () => {
  it('validates strict wildcard content against global declarations', () => {
    expect(codes(doc('<t:a/><t:any><o:thing>3</o:thing></t:any>'))).toEqual([]);
    expect(codes(doc('<t:a/><t:any><o:thing>x</o:thing></t:any>'))).toEqual(['invalid-value']);
    expect(codes(doc('<t:a/><t:any><o:unknown/></t:any>'))).toEqual(['undeclared-element']);
    // ##other: not the target namespace.
    expect(codes(doc('<t:a/><t:any><t:a/></t:any>'))).toEqual(['unexpected-element']);
  });

  it('validates lax wildcard content only where it is declared', () => {
    expect(codes(doc('<t:a/><t:lax><x><o:thing>x</o:thing></x><y/></t:lax>'))).toEqual(['invalid-value']);
  });
});

describe('validateAgainstGrammar: limits', () => {
  it('stops at the issue limit', () => {
    const many = doc(`<t:a/>${'<t:zzz/>'.repeat(500)}`);
    const { root } = parseXml(many);
    expect(validateAgainstGrammar(root as XmlElement, GRAMMAR, { maxIssues: 20 })).toHaveLength(20);
  });

  it('visits every element, including those it does not validate', () => {
    const { root } = parseXml(doc('<t:a/><t:zzz><t:inner/></t:zzz><t:lax><x/></t:lax>'));
    const visited: string[] = [];
    validateAgainstGrammar(root as XmlElement, GRAMMAR, { visit: (e, parent) => visited.push(`${parent?.localName ?? '-'}>${e.localName}`) });
    expect(visited.sort()).toEqual(['-&gt;root', 'lax>x', 'root>a', 'root>lax', 'root>zzz', 'zzz>inner'].map((v) => v.replace('&gt;', '>')).sort());
  });
});

describe('extendGrammar', () => {
  it('appends particles, inserts before one, adds attributes, and leaves the base grammar alone', () => {
    const extended = extendGrammar(GRAMMAR, [
      {
        description: 'test',
        elements: { 't:extra': { type: 'xs:string' }, 't:first': { type: 'xs:string' } },
        content: [
          { elements: ['t:c'], particles: [['e', 't:extra', 0, UNBOUNDED]] },
          { elements: ['t:c'], before: 't:high', particles: [['e', 't:first', 0, 1]] },
        ],
        attributes: [{ elements: ['t:circle'], attributes: { colour: { type: 'xs:string' } } }],
      },
    ]);
    expect(issues(doc('<t:a/><t:c><t:low>1</t:low><t:first/><t:high>2</t:high><t:extra/><t:extra/></t:c><t:circle colour="red"/>'), extended)).toEqual([]);
    expect(codes(doc('<t:a/><t:c><t:low>1</t:low><t:high>2</t:high><t:extra/></t:c>'))).toEqual(['unexpected-element']);
    // t:square shares t:circle's type, but only t:circle was extended.
    expect(issues(doc('<t:a/><t:square colour="red"/>'), extended)).toHaveLength(1);
  });

  it('refuses an extension that does not fit the grammar', () => {
    expect(() => extendGrammar(GRAMMAR, [{ description: 'x', content: [{ elements: ['t:nothing'], particles: [] }] }])).toThrow(/unknown element/);
    expect(() => extendGrammar(GRAMMAR, [{ description: 'x', elements: { 't:a': { type: 'xs:string' } } }])).toThrow(/redeclares/);
    expect(() => extendGrammar(GRAMMAR, [{ description: 'x', content: [{ elements: ['t:c'], before: 't:nope', particles: [] }] }])).toThrow(/no particle/);
  });
});

describe('validateAgainstGrammar: memory', () => {
  it('keeps working after documents full of invented names (its memo of transitions is bounded)', () => {
    // The compiled grammar outlives documents; its memo of transitions must stay bounded.
    for (let round = 0; round < 20; round++) {
      const names = Array.from({ length: 500 }, (_, i) => `<t:n${round}_${i}/>`).join('');
      const { root } = parseXml(doc(`<t:a/><t:lax>${names}</t:lax>${names}`));
      expect(validateAgainstGrammar(root as XmlElement, GRAMMAR).length).toBeGreaterThan(0);
    }
    const { root } = parseXml(doc('<t:a/><t:b>1</t:b>'));
    expect(validateAgainstGrammar(root as XmlElement, GRAMMAR)).toEqual([]);
  });
});
