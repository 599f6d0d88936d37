import { parseXml } from './xml-parser';
import type { XmlElement, XmlText } from './xml-tree';

const SLD = 'http://www.opengis.net/sld';
const OGC = 'http://www.opengis.net/ogc';
const XLINK = 'http://www.w3.org/1999/xlink';

/** Parses a document that must be well-formed and returns its root. */
function rootOf(xml: string): XmlElement {
  const result = parseXml(xml);
  expect(result.issues).toEqual([]);
  if (result.root === null) throw new Error('no root');
  return result.root;
}

function elements(element: XmlElement): XmlElement[] {
  return element.children.filter((child): child is XmlElement => child.kind === 'element');
}

/** The issues as `line:column code`, the form the assertions below read best in. */
function issuesOf(xml: string): string[] {
  const result = parseXml(xml);
  if (result.issues.length > 0) expect(result.root).toBeNull();
  return result.issues.map((issue) => `${issue.line}:${issue.column} ${issue.code}`);
}

function firstIssue(xml: string) {
  const [issue] = parseXml(xml).issues;
  if (issue === undefined) throw new Error('expected an issue');
  return issue;
}

describe('parseXml on well-formed documents', () => {
  it('resolves default and prefixed namespaces, with the positions of elements and attributes', () => {
    const root = rootOf(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld"',
        '    xmlns:ogc="http://www.opengis.net/ogc" xmlns:xlink="http://www.w3.org/1999/xlink">',
        '  <ogc:Filter><ogc:PropertyName>name</ogc:PropertyName></ogc:Filter>',
        '  <OnlineResource xlink:href="a.png" type="x"/>',
        '</StyledLayerDescriptor>',
      ].join('\n'),
    );
    expect(root).toMatchObject({ localName: 'StyledLayerDescriptor', prefix: null, namespaceUri: SLD, line: 2, column: 1 });
    expect(root.attributes).toEqual([
      { namespaceUri: null, localName: 'version', prefix: null, qualifiedName: 'version', value: '1.0.0', line: 2, column: 24 },
    ]);
    expect(root.namespaceDeclarations).toEqual([
      { prefix: null, uri: SLD, line: 2, column: 40 },
      { prefix: 'ogc', uri: OGC, line: 3, column: 5 },
      { prefix: 'xlink', uri: XLINK, line: 3, column: 44 },
    ]);
    const [filter, resource] = elements(root);
    expect(filter).toMatchObject({ localName: 'Filter', prefix: 'ogc', qualifiedName: 'ogc:Filter', namespaceUri: OGC, line: 4, column: 3 });
    expect(elements(filter)[0]).toMatchObject({ localName: 'PropertyName', namespaceUri: OGC, text: 'name', line: 4, column: 15 });
    expect(resource).toMatchObject({ localName: 'OnlineResource', namespaceUri: SLD, children: [], line: 5, column: 3 });
    expect(resource.attributes).toEqual([
      { namespaceUri: XLINK, localName: 'href', prefix: 'xlink', qualifiedName: 'xlink:href', value: 'a.png', line: 5, column: 19 },
      // An unprefixed attribute is in no namespace, not in the default one.
      { namespaceUri: null, localName: 'type', prefix: null, qualifiedName: 'type', value: 'x', line: 5, column: 38 },
    ]);
  });

  it('scopes declarations to the element that makes them and its descendants', () => {
    const root = rootOf('<a xmlns="urn:a" xmlns:p="urn:p1"><p:b xmlns:p="urn:p2"><p:c/></p:b><p:d/><e xmlns=""><f/></e></a>');
    const [b, d, e] = elements(root);
    expect(b.namespaceUri).toBe('urn:p2');
    expect(elements(b)[0].namespaceUri).toBe('urn:p2');
    expect(d.namespaceUri).toBe('urn:p1');
    // xmlns="" undeclares the default namespace.
    expect(e.namespaceUri).toBeNull();
    expect(elements(e)[0].namespaceUri).toBeNull();
    expect(e.namespaceDeclarations).toEqual([{ prefix: null, uri: '', line: 1, column: 78 }]);
  });

  it('lets an element use a prefix it declares after using it, and binds xml: without a declaration', () => {
    const root = rootOf('<p:a p:x="1" xmlns:p="urn:p" xml:lang="en"/>');
    expect(root.namespaceUri).toBe('urn:p');
    expect(root.attributes.map((a) => [a.qualifiedName, a.namespaceUri])).toEqual([
      ['p:x', 'urn:p'],
      ['xml:lang', 'http://www.w3.org/XML/1998/namespace'],
    ]);
  });

  it('puts an element without a default namespace declaration in no namespace', () => {
    expect(rootOf('<StyledLayerDescriptor version="1.0.0"/>').namespaceUri).toBeNull();
  });

  it('keeps text, CDATA and whitespace as text children in order, and joins them in text', () => {
    const root = rootOf('<a>\n  x <![CDATA[<y> & ]]]]> z<b>inner</b><!-- dropped --><?pi dropped?>tail</a>');
    expect(root.children).toEqual([
      { kind: 'text', value: '\n  x ', cdata: false, line: 1, column: 4 },
      { kind: 'text', value: '<y> & ]]', cdata: true, line: 2, column: 5 },
      { kind: 'text', value: ' z', cdata: false, line: 2, column: 25 },
      expect.objectContaining({ kind: 'element', localName: 'b', text: 'inner' }),
      { kind: 'text', value: 'tail', cdata: false, line: 2, column: 69 },
    ]);
    // The element's own text only: descendants' text is not included.
    expect(root.text).toBe('\n  x <y> & ]] ztail');
  });

  it('replaces the five predefined entities and decimal and hexadecimal character references', () => {
    const root = rootOf('<a t="&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#x1F600;">&lt;&gt;&amp;&quot;&apos;&#233;&#xe9;&#128512;</a>');
    expect(root.attributes[0].value).toBe('<>&"\'AB😀');
    expect(root.text).toBe('<>&"\'éé😀');
  });

  it('normalizes line ends in text and whitespace in attribute values, but not what references produce', () => {
    const root = rootOf('<a t="x\r\ny\tz\n&#10;&#9;">1\r\n2\r3\n</a>');
    expect(root.attributes[0].value).toBe('x y z \n\t');
    expect(root.text).toBe('1\n2\n3\n');
  });

  it('counts lines at LF, CRLF and a lone CR, and columns in UTF-16 code units', () => {
    const root = rootOf('<a>\r\n<b/>\r<c/>\n\t<d/><e>😀<f/></e></a>');
    expect(elements(root).map((e) => [e.localName, e.line, e.column])).toEqual([
      ['b', 2, 1],
      ['c', 3, 1],
      ['d', 4, 2],
      ['e', 4, 6],
    ]);
    // The emoji is two code units, so <f/> starts at column 11 (9 + 2).
    expect(elements(elements(root)[3])[0]).toMatchObject({ line: 4, column: 11 });
  });

  it('reads the XML declaration and skips a byte-order mark', () => {
    const result = parseXml('\uFEFF<?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?><a/>');
    expect(result.issues).toEqual([]);
    expect(result.declaration).toEqual({ version: '1.0', encoding: 'ISO-8859-1', standalone: true });
    expect(result.root?.line).toBe(1);
    expect(parseXml("<?xml version='1.0'?>\n<a/>").declaration).toEqual({ version: '1.0', encoding: null, standalone: null });
    expect(parseXml('<a/>').declaration).toBeNull();
  });

  it('accepts comments and processing instructions around the root, and whitespace in tags', () => {
    const root = rootOf('<!-- before --><?xml-stylesheet href="s.xsl"?>\n<a  x = "1"\n  y=\'2\' ><b\n/></a  >\n<!-- after --> <?pi?>\n');
    expect(root.attributes.map((a) => [a.localName, a.value])).toEqual([
      ['x', '1'],
      ['y', '2'],
    ]);
    expect(elements(root)[0].localName).toBe('b');
  });

  it('accepts non-ASCII names, including astral characters', () => {
    const root = rootOf('<été_地图 𐀀="1"><ns:ñ xmlns:ns="urn:x"/></été_地图>');
    expect(root.localName).toBe('été_地图');
    expect(root.attributes[0].localName).toBe('𐀀');
    expect(elements(root)[0]).toMatchObject({ localName: 'ñ', namespaceUri: 'urn:x' });
  });
});

describe('parseXml on documents that are not well-formed', () => {
  it.each([
    ['an empty document', '', '1:1 empty-document'],
    ['a whitespace-only document', ' \n\t', '1:1 empty-document'],
    ['only a comment', '<!-- nothing -->\n', '2:1 no-root-element'],
    ['text before the root', '{ "name": "x" }', '1:1 content-outside-root'],
    ['text before the root after a declaration', '<?xml version="1.0"?>\n  hello <a/>', '2:3 content-outside-root'],
    ['a second root', '<a/>\n<b/>', '2:1 content-after-root'],
    ['text after the root', '<a></a>\n x', '2:2 content-after-root'],
    ['CDATA outside the root', '<![CDATA[x]]><a/>', '1:1 content-outside-root'],
    ['a mismatched end tag', '<a>\n  <Title>x</Tilte>\n</a>', '2:11 mismatched-tag'],
    ['an end tag with no start tag', '</a>', '1:1 unexpected-closing-tag'],
    ['an end tag after the root', '<a/></a>', '1:5 unexpected-closing-tag'],
    ['an unclosed element', '<a>\n  <b>\n    <c/>\n', '2:3 unclosed-element'],
    ['an unclosed start tag', '<a>\n<b x="1"', '2:1 unclosed-tag'],
    ['an unclosed end tag', '<a></a', '1:4 unclosed-tag'],
    ['a bad character after a name', '<a>\n<b $/></a>', '2:4 invalid-tag'],
    ['a lone <', '<a> 1 < 2 </a>', '1:7 invalid-tag'],
    ['/ not followed by >', '<a/ >', '1:4 invalid-tag'],
    ['junk in an end tag', '<a></a x>', '1:8 invalid-tag'],
    ['an attribute without a value', '<a\n  checked>', '2:10 invalid-attribute'],
    ['an unquoted attribute value', '<a x=1/>', '1:6 invalid-attribute'],
    ['an unclosed attribute value', '<a x="1/>', '1:6 invalid-attribute'],
    ['attributes without whitespace between', '<a x="1"y="2"/>', '1:9 invalid-attribute'],
    ['< in an attribute value', '<a x="1<2"/>', '1:8 invalid-attribute'],
    ['a duplicate attribute', '<a>\n<CssParameter name="fill" name="stroke"/></a>', '2:27 duplicate-attribute'],
    ['a duplicate namespace declaration', '<a xmlns:p="urn:1" xmlns:p="urn:2"/>', '1:20 duplicate-attribute'],
    ['two prefixes for one namespace on one attribute name', '<a xmlns:p="urn:x" xmlns:q="urn:x" p:b="1" q:b="2"/>', '1:44 duplicate-attribute'],
    ['an unbound element prefix', '<a>\n  <se:Rule/></a>', '2:3 unbound-prefix'],
    ['an unbound attribute prefix', '<a xlink:href="x"/>', '1:4 unbound-prefix'],
    ['a name with two colons', '<a:b:c xmlns:a="urn:a"/>', '1:1 invalid-name'],
    ['a name ending in a colon', '<a: xmlns:a="urn:a"/>', '1:1 invalid-name'],
    ['a prefix undeclared with an empty URI', '<a xmlns:p=""/>', '1:4 invalid-namespace-declaration'],
    ['a prefix bound to the XML namespace', '<a xmlns:p="http://www.w3.org/XML/1998/namespace"/>', '1:4 invalid-namespace-declaration'],
    ['xml bound elsewhere', '<a xmlns:xml="urn:x"/>', '1:4 invalid-namespace-declaration'],
    ['xmlns declared as a prefix', '<a xmlns:xmlns="urn:x"/>', '1:4 invalid-namespace-declaration'],
    ['an empty prefix declared', '<a xmlns:="urn:x"/>', '1:4 invalid-name'],
    ['an element with the xmlns prefix', '<xmlns:a/>', '1:1 invalid-name'],
    ['an unescaped ampersand', '<a>\n  <Title>Parcels & lots</Title></a>', '2:18 unescaped-ampersand'],
    ['an ampersand in an attribute', '<a x="a&b"/>', '1:8 unescaped-ampersand'],
    ['an undefined entity', '<a>&nbsp;</a>', '1:4 undefined-entity'],
    ['an entity named like an Object property', '<a>&constructor;</a>', '1:4 undefined-entity'],
    ['an undefined entity in an attribute', '<a x="&xxe;"/>', '1:7 undefined-entity'],
    ['a character reference to NUL', '<a>&#0;</a>', '1:4 invalid-character-reference'],
    ['a character reference beyond Unicode', '<a>&#x110000;</a>', '1:4 invalid-character-reference'],
    ['a huge character reference', `<a>&#${'9'.repeat(400)};</a>`, '1:4 invalid-character-reference'],
    ['a character reference without digits', '<a>&#x;</a>', '1:4 invalid-character-reference'],
    ['a character reference without a semicolon', '<a>&#65 </a>', '1:4 invalid-character-reference'],
    ['a control character', '<a>\n x\u0001</a>', '2:3 invalid-character'],
    ['a lone surrogate', '<a>\uD800</a>', '1:4 invalid-character'],
    ['U+FFFE', '<a x="\uFFFE"/>', '1:7 invalid-character'],
    [']]> in text', '<a>x]]>y</a>', '1:5 cdata-end-in-text'],
    ['-- in a comment', '<a><!-- a -- b --></a>', '1:11 invalid-comment'],
    ['a comment ending in --->', '<a><!-- a ---></a>', '1:11 invalid-comment'],
    ['an unclosed comment', '<a>\n<!-- x', '2:1 unclosed-comment'],
    ['an unclosed CDATA section', '<a><![CDATA[x', '1:4 unclosed-cdata'],
    ['an unclosed processing instruction', '<a><?pi x', '1:4 unclosed-processing-instruction'],
    ['a processing instruction without a target', '<a><? x?></a>', '1:6 invalid-processing-instruction'],
    ['a reserved processing instruction target', '<a><?XML x?></a>', '1:4 invalid-processing-instruction'],
    ['an XML declaration after whitespace', ' <?xml version="1.0"?><a/>', '1:2 misplaced-xml-declaration'],
    ['an XML declaration without version', '<?xml encoding="UTF-8"?><a/>', '1:7 invalid-xml-declaration'],
    ['an XML declaration with version 2.0', '<?xml version="2.0"?><a/>', '1:7 invalid-xml-declaration'],
    ['an XML declaration in the wrong order', '<?xml version="1.0" standalone="yes" encoding="UTF-8"?><a/>', '1:38 invalid-xml-declaration'],
    ['an XML declaration with a bad standalone', '<?xml version="1.0" standalone="maybe"?><a/>', '1:21 invalid-xml-declaration'],
    ['an unclosed XML declaration', '<?xml version="1.0"', '1:1 invalid-xml-declaration'],
    ['an ENTITY declaration outside a DOCTYPE', '<!ENTITY x "y"><a/>', '1:1 dtd-markup-forbidden'],
    ['<! followed by junk', '<a><!x></a>', '1:4 dtd-markup-forbidden'],
    ['<! followed by nothing useful', '<a><! ></a>', '1:4 invalid-tag'],
  ])('reports %s', (_, xml, expected) => {
    expect(issuesOf(xml)).toEqual([expected]);
  });

  it('says which tag was expected, in one sentence', () => {
    expect(firstIssue('<PolygonSymbolizer></PolygonSymbolizr>').message).toBe("Expected closing tag 'PolygonSymbolizer' but found 'PolygonSymbolizr'");
  });

  it('reports independent problems together, in document order', () => {
    expect(issuesOf('<a x="1" x="2">\n&foo; \u0002 <b y:z="1"/></a>')).toEqual([
      '1:10 duplicate-attribute',
      '2:1 undefined-entity',
      '2:7 invalid-character',
      '2:12 unbound-prefix',
    ]);
  });

  it('stops at the issue limit', () => {
    const issues = parseXml(`<a>${'&x;'.repeat(500)}</a>`, { maxIssues: 10 }).issues;
    expect(issues).toHaveLength(11);
    expect(issues[10].code).toBe('too-many-issues');
  });

  it('refuses nesting deeper than the limit', () => {
    const deep = (n: number) => '<a>'.repeat(n) + '</a>'.repeat(n);
    expect(parseXml(deep(256)).issues).toEqual([]);
    expect(issuesOf(deep(257))).toEqual(['1:769 nesting-too-deep']);
    expect(parseXml(deep(20), { maxDepth: 10 }).issues.map((i) => i.code)).toEqual(['nesting-too-deep']);
  });

  it('never echoes a huge name or value whole', () => {
    const name = 'n'.repeat(100_000);
    const { message } = firstIssue(`<${name}></x>`);
    expect(message.length).toBeLessThan(200);
  });

  it('gives one-sentence messages: no line breaks, no trailing period', () => {
    for (const xml of ['', '<a>', '<a></b>', '<!DOCTYPE a><a/>', '<a>&x;</a>', '<a x="1" x="1"/>', '{}']) {
      for (const { message } of parseXml(xml).issues) {
        expect(message).not.toMatch(/\n|\.$/);
      }
    }
  });
});

describe('parseXml safety', () => {
  const seconds = (run: () => void): number => {
    const start = performance.now();
    run();
    return (performance.now() - start) / 1000;
  };

  it('refuses a DOCTYPE and says why', () => {
    const result = parseXml('<?xml version="1.0"?>\n<!DOCTYPE a>\n<a/>');
    expect(result.root).toBeNull();
    expect(result.issues).toEqual([
      {
        line: 2,
        column: 1,
        code: 'doctype-forbidden',
        message: 'DOCTYPE declarations are not allowed, because DTDs and entity declarations are disabled for safety',
      },
    ]);
  });

  it('refuses a DOCTYPE inside an element, and in any spelling', () => {
    expect(issuesOf('<a><!DOCTYPE a></a>')).toEqual(['1:4 doctype-forbidden']);
    expect(issuesOf('<!doctype a><a/>')).toEqual(['1:1 doctype-forbidden']);
  });

  it('refuses an external entity (XXE) without resolving it', () => {
    const xxe = '<!DOCTYPE a [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<a>&xxe;</a>';
    const result = parseXml(xxe);
    expect(result.issues.map((i) => i.code)).toEqual(['doctype-forbidden']);
    expect(result.root).toBeNull();
  });

  it('refuses a billion-laughs document quickly', () => {
    const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 "lol">\n${entities}\n]>\n<lolz>&lol9;</lolz>`;
    let codes: string[] = [];
    expect(seconds(() => (codes = parseXml(bomb).issues.map((i) => i.code)))).toBeLessThan(0.25);
    expect(codes).toEqual(['doctype-forbidden']);
  });

  it('does not expand an entity used without a declaration', () => {
    expect(parseXml('<a>&lol9;&lol9;</a>').issues.map((i) => i.code)).toEqual(['undefined-entity', 'undefined-entity']);
  });

  it('stays linear on hostile shapes', () => {
    const mib = 1024 * 1024;
    const hostile = [
      `<a x="${'A'.repeat(mib)}"/>`,
      `<a>${'x'.repeat(mib)}`,
      `<a><!--${'-'.repeat(mib)}`,
      `<a>${'<b/>'.repeat(mib / 4)}</a>`,
      `<a ${Array.from({ length: 50_000 }, (_, i) => `a${i}="1"`).join(' ')}/>`,
      `<a ${Array.from({ length: 20_000 }, (_, i) => `xmlns:p${i}="urn:${i}"`).join(' ')}>${'<p1:b/>'.repeat(20_000)}</a>`,
      `<a>${'&amp;'.repeat(mib / 5)}</a>`,
      `<a>${'&x;'.repeat(mib / 3)}</a>`,
      `<a>${'<!---->'.repeat(mib / 7)}</a>`,
      `<a>${'<b>'.repeat(300)}`,
      `${'<'.repeat(mib)}`,
      `<a ${'x'.repeat(mib)}`,
      `<a>${'<b c="1" d="2" />'.repeat(mib / 20)}</a>`,
      `<a>${' ]]'.repeat(mib / 3)}</a>`,
    ];
    // Against a benign document of the same size parsed in the same run (the machine may be busy):
    // a quadratic path on 1 MiB would take minutes, not a small multiple of this.
    const baseline = Math.max(
      seconds(() => parseXml(`<a>${'<b c="1"/>'.repeat(mib / 10)}</a>`)),
      0.02,
    );
    for (const xml of hostile) {
      expect(seconds(() => parseXml(xml))).toBeLessThan(25 * baseline);
    }
  });

  it('never throws and always locates its issues inside the document (fuzzed)', () => {
    const seed = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sld:StyledLayerDescriptor version="1.0.0" xmlns:sld="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">',
      '  <!-- comment --><sld:Name a="1" b=\'&amp;&#65;\'>x &lt; y<![CDATA[ z ]]></sld:Name>',
      '  <ogc:Filter><?pi data?><ogc:Literal>&#x41;</ogc:Literal></ogc:Filter>',
      '</sld:StyledLayerDescriptor>',
    ].join('\r\n');
    const alphabet = ['<', '>', '/', '&', ';', '"', "'", '=', ':', '!', '?', '[', ']', '-', '#', 'x', ' ', '\n', '\r', '\u0000', '\uD800', '😀'];
    let state = 42;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    for (let round = 0; round < 2000; round++) {
      let xml = seed;
      for (let edit = 1 + random(4); edit > 0; edit--) {
        const at = random(xml.length + 1);
        const kind = random(3);
        if (kind === 0) xml = xml.slice(0, at) + xml.slice(at + 1 + random(8));
        else if (kind === 1) xml = xml.slice(0, at) + alphabet[random(alphabet.length)] + xml.slice(at);
        else xml = xml.slice(0, at);
      }
      const result = parseXml(xml);
      const lines = xml.split(/\r\n|\r|\n/);
      expect(result.root === null).toBe(result.issues.length > 0);
      for (const issue of result.issues) {
        expect(issue.line).toBeGreaterThanOrEqual(1);
        expect(issue.line).toBeLessThanOrEqual(lines.length);
        expect(issue.column).toBeGreaterThanOrEqual(1);
        expect(issue.column).toBeLessThanOrEqual(lines[issue.line - 1].length + 1);
        expect(issue.code).not.toBe('internal-error');
      }
    }
  });
});

describe('parseXml results', () => {
  it('turns its own failures into an issue instead of throwing', () => {
    const result = parseXml(undefined as unknown as string);
    expect(result).toEqual({
      root: null,
      declaration: null,
      issues: [{ line: 1, column: 1, code: 'internal-error', message: 'The XML parser failed unexpectedly here' }],
    });
  });

  it('shares no state between parses', () => {
    expect(parseXml('<a xmlns:p="urn:p"><p:b/></a>').issues).toEqual([]);
    expect(parseXml('<p:b/>').issues.map((i) => i.code)).toEqual(['unbound-prefix']);
  });

  it('gives text nodes the XmlText shape', () => {
    const text = rootOf('<a>x</a>').children[0] as XmlText;
    expect(text).toEqual({ kind: 'text', value: 'x', cdata: false, line: 1, column: 4 });
  });
});

describe('parseXml with dropWhitespaceText', () => {
  const xml = '<a>\n  <b> </b>\n  <!-- c -->\n  <c>x <d/> y</c>\n  text\n</a>';

  it('leaves out indentation around child elements, and only that', () => {
    const root = parseXml(xml, { dropWhitespaceText: true }).root as XmlElement;
    const shape = (e: XmlElement): unknown[] =>
      e.children.map((c) => (c.kind === 'element' ? { [c.localName]: shape(c) } : JSON.stringify((c as XmlText).value)));
    expect(shape(root)).toEqual([{ b: ['" "'] }, { c: ['"x "', { d: [] }, '" y"'] }, '"\\n  text\\n"']);
    // A leaf keeps its exact text, whitespace included.
    expect(elements(root)[0].text).toBe(' ');
  });

  it('changes nothing else: same elements, positions and issues', () => {
    const kept = parseXml(xml).root as XmlElement;
    const dropped = parseXml(xml, { dropWhitespaceText: true }).root as XmlElement;
    const all = (e: XmlElement): string[] => [`${e.localName}@${e.line}:${e.column}`, ...elements(e).flatMap(all)];
    expect(all(dropped)).toEqual(all(kept));
    expect(parseXml('<a>\n  <b>\n</a>', { dropWhitespaceText: true }).issues.map((i) => i.code)).toEqual(['mismatched-tag']);
  });
});
