import { detectSldVersion, validateSld } from './sld-validation';

const sld = (attributes: string, body = '<NamedLayer><Name>x</Name></NamedLayer>') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<StyledLayerDescriptor ${attributes}>\n  ${body}\n</StyledLayerDescriptor>\n`;

const SLD_NS = 'xmlns="http://www.opengis.net/sld"';

describe('validateSld', () => {
  it.each([
    ['1.0.0', sld(`version="1.0.0" ${SLD_NS}`)],
    ['1.1.0', sld(`version="1.1.0" ${SLD_NS} xmlns:se="http://www.opengis.net/se"`, '<NamedLayer><se:Name>x</se:Name></NamedLayer>')],
  ])('accepts a well-formed SLD %s document', (version, text) => {
    expect(validateSld(text)).toEqual({ valid: true, version, issues: [] });
  });

  it('accepts a prefixed root', () => {
    const text = '<sld:StyledLayerDescriptor version="1.0.0" xmlns:sld="http://www.opengis.net/sld"/>';
    expect(validateSld(text)).toEqual({ valid: true, version: '1.0.0', issues: [] });
  });

  it('refuses another root element', () => {
    expect(validateSld('<?xml version="1.0"?>\n<sld:Rule xmlns:sld="http://www.opengis.net/sld"/>')).toEqual({
      valid: false,
      version: null,
      issues: [{ line: 2, column: 1, code: 'wrong-root', message: "The root element must be 'StyledLayerDescriptor' but is 'sld:Rule'" }],
    });
  });

  it('refuses a root in no namespace or in another namespace', () => {
    expect(validateSld(sld('version="1.0.0"'))).toEqual({
      valid: false,
      version: null,
      issues: [
        {
          line: 2,
          column: 1,
          code: 'wrong-namespace',
          message: "'StyledLayerDescriptor' must be in namespace 'http://www.opengis.net/sld' but is in no namespace",
        },
      ],
    });
    expect(validateSld(sld('version="1.0.0" xmlns="http://www.opengis.net/sld/1.0.0"')).issues).toEqual([
      {
        line: 2,
        column: 1,
        code: 'wrong-namespace',
        message: "'StyledLayerDescriptor' must be in namespace 'http://www.opengis.net/sld' but is in namespace 'http://www.opengis.net/sld/1.0.0'",
      },
    ]);
  });

  it('refuses a root without a version', () => {
    expect(validateSld(sld(SLD_NS))).toEqual({
      valid: false,
      version: null,
      issues: [{ line: 2, column: 1, code: 'missing-version', message: "'StyledLayerDescriptor' must have a version attribute, '1.0.0' or '1.1.0'" }],
    });
  });

  it.each(['1.0', '1.1', '2.0.0', ' 1.0.0', ''])('refuses version %j, pointing at the attribute', (version) => {
    const result = validateSld(sld(`${SLD_NS} version="${version}"`));
    expect(result.valid).toBe(false);
    expect(result.version).toBeNull();
    expect(result.issues).toEqual([
      { line: 2, column: 59, code: 'unsupported-version', message: `SLD version '${version}' is not supported; use '1.0.0' or '1.1.0'` },
    ]);
  });

  it('does not echo a huge version value', () => {
    const [issue] = validateSld(sld(`${SLD_NS} version="${'9'.repeat(1_000_000)}"`)).issues;
    expect(issue.code).toBe('unsupported-version');
    expect(issue.message.length).toBeLessThan(100);
  });

  it('ignores a version attribute in a namespace', () => {
    const result = validateSld(sld(`${SLD_NS} xmlns:x="urn:x" x:version="1.0.0"`));
    expect(result.issues.map((i) => i.code)).toEqual(['missing-version']);
  });

  it('reports well-formedness issues, and still says which version the root claims', () => {
    expect(validateSld(sld(`version="1.1.0" ${SLD_NS}`, '<Title>x</Tilte>'))).toEqual({
      valid: false,
      version: '1.1.0',
      issues: [{ line: 3, column: 11, code: 'mismatched-tag', message: "Expected closing tag 'Title' but found 'Tilte'" }],
    });
  });

  it('refuses a DOCTYPE before looking at anything else', () => {
    const result = validateSld(`<!DOCTYPE StyledLayerDescriptor [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n${sld(`version="1.0.0" ${SLD_NS}`)}`);
    expect(result.valid).toBe(false);
    expect(result.version).toBeNull();
    expect(result.issues.map((i) => i.code)).toEqual(['doctype-forbidden']);
  });

  describe('on bytes', () => {
    it('decodes by the XML declaration', () => {
      const latin1 = Buffer.from(sld(`version="1.0.0" ${SLD_NS}`, '<Title>Réseau</Title>').replace('UTF-8', 'ISO-8859-1'), 'latin1');
      expect(validateSld(latin1)).toEqual({ valid: true, version: '1.0.0', issues: [] });
    });

    it('reports bytes that are not valid in the encoding, with the other issues in document order', () => {
      const text = sld(`version="1.0.0" ${SLD_NS}`, '<Title>R\u00e9seau</Tilte>');
      const bytes = Buffer.from(text, 'latin1'); // é as the single byte 0xE9, invalid in UTF-8
      expect(validateSld(bytes)).toEqual({
        valid: false,
        version: '1.0.0',
        issues: [
          { line: 3, column: 11, code: 'invalid-encoding', message: 'Byte 0xE9 is not valid UTF-8' },
          { line: 3, column: 16, code: 'mismatched-tag', message: "Expected closing tag 'Title' but found 'Tilte'" },
        ],
      });
    });

    it('refuses an encoding it cannot decode', () => {
      const result = validateSld(Buffer.from('<?xml version="1.0" encoding="EBCDIC-US"?><a/>'));
      expect(result).toMatchObject({ valid: false, version: null });
      expect(result.issues.map((i) => i.code)).toEqual(['unsupported-encoding']);
    });
  });

  it('never throws, whatever it is given', () => {
    const inputs: (string | Uint8Array)[] = [
      '',
      '\u0000',
      '{"name":"x"}',
      '<',
      '<StyledLayerDescriptor',
      Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256),
      new Uint8Array([0xfe, 0xff, 0xd8]),
      `<a>${'<b>'.repeat(10_000)}`,
    ];
    for (const input of inputs) {
      const result = validateSld(input);
      expect(result.valid).toBe(false);
      expect(result.issues.length).toBeGreaterThan(0);
    }
  });
});

it('turns its own failures into an issue instead of throwing', () => {
  expect(validateSld(null as unknown as string)).toEqual({
    valid: false,
    version: null,
    issues: [{ line: 1, column: 1, code: 'internal-error', message: 'SLD validation failed unexpectedly' }],
  });
});

describe('detectSldVersion', () => {
  it.each([
    ['1.0.0', sld(`version="1.0.0" ${SLD_NS}`)],
    ['1.1.0', `<!-- a comment -->\n<?pi x?>\n<sld:StyledLayerDescriptor xmlns:sld="http://www.opengis.net/sld" version='1.1.0'/>`],
  ])('reads version %s from the root', (version, text) => {
    expect(detectSldVersion(text)).toBe(version);
  });

  it.each([
    ['an empty document', ''],
    ['another root', '<Rule version="1.0.0" xmlns="http://www.opengis.net/sld"/>'],
    ['the wrong namespace', '<StyledLayerDescriptor version="1.0.0"/>'],
    ['no version', `<StyledLayerDescriptor ${SLD_NS}/>`],
    ['an unknown version', `<StyledLayerDescriptor version="1.0" ${SLD_NS}/>`],
    ['a DOCTYPE', `<!DOCTYPE x><StyledLayerDescriptor version="1.0.0" ${SLD_NS}/>`],
    ['a broken root tag', `<StyledLayerDescriptor version="1.0.0" ${SLD_NS}`],
    ['JSON', '{"version":"1.0.0"}'],
  ])('returns null for %s', (_, text) => {
    expect(detectSldVersion(text)).toBeNull();
  });

  it('reads no further than the root start tag', () => {
    const broken = `<StyledLayerDescriptor version="1.1.0" ${SLD_NS}>${'<x>&bad; \u0000'.repeat(1_000_000)}`;
    // V8 builds the repeated string lazily; flatten it first, so only the reading is timed, and
    // compare with reading the whole document in the same run. Each is the best of five: one
    // reading may meet a garbage collection (of the encoder's 12 MB) or a busy machine.
    broken.charCodeAt(broken.length - 1);
    const best = (read: () => void) => {
      let fastest = Infinity;
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        read();
        fastest = Math.min(fastest, performance.now() - start);
      }
      return fastest;
    };
    const whole = best(() => new TextEncoder().encode(broken));
    const detected: unknown[] = [];
    const root = best(() => detected.push(detectSldVersion(broken)));
    expect(detected).toEqual(Array(5).fill('1.1.0'));
    expect(root).toBeLessThan(whole / 10);
  });
});

describe('validateSld against the schemas', () => {
  const SLD10 = (rule: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer>
    <Name>roads</Name>
    <UserStyle>
      <FeatureTypeStyle>
        <Rule>
${rule}
        </Rule>
      </FeatureTypeStyle>
    </UserStyle>
  </NamedLayer>
</StyledLayerDescriptor>
`;

  it('accepts a complete SLD 1.0.0 style', () => {
    const text = SLD10(`          <ogc:Filter>
            <ogc:PropertyIsGreaterThan><ogc:PropertyName>lanes</ogc:PropertyName><ogc:Literal>2</ogc:Literal></ogc:PropertyIsGreaterThan>
          </ogc:Filter>
          <MaxScaleDenominator>50000</MaxScaleDenominator>
          <LineSymbolizer><Stroke><CssParameter name="stroke">#ff0000</CssParameter><CssParameter name="stroke-width">2</CssParameter></Stroke></LineSymbolizer>`);
    expect(validateSld(text)).toEqual({ valid: true, version: '1.0.0', issues: [] });
  });

  it('says where and what, in words a style author understands', () => {
    const text = SLD10(`          <LineSymbolizer>
            <Stroke>
              <CssParameter name="stroke">#ff0000</CssParameter>
            </Stroke>
            <Fill/>
          </LineSymbolizer>`);
    expect(validateSld(text)).toEqual({
      valid: false,
      version: '1.0.0',
      issues: [
        {
          line: 12,
          column: 13,
          code: 'unexpected-element',
          message: "'Fill' is not allowed here in 'LineSymbolizer': expected 'VendorOption' or the end of 'LineSymbolizer'",
        },
      ],
    });
  });

  it('reports every problem, in document order', () => {
    const text = SLD10(`          <MaxScaleDenominator>1:5000</MaxScaleDenominator>
          <PolygonSymbolizer><Fill><CssParameter name="fil">#ff0000</CssParameter></Fill></PolygonSymbolizer>
          <PointSymbolizer><Graphic><Size>big</Size></Graphic></PointSymbolizer>`);
    expect(validateSld(text).issues.map((i) => `${i.line}:${i.column} ${i.code}`)).toEqual([
      '8:11 invalid-value',
      '9:50 unknown-parameter',
      '10:37 invalid-number',
    ]);
  });

  it('validates SLD 1.1.0 with the SE schema and refuses SLD 1.0 elements in it', () => {
    const se = (body: string) =>
      `<StyledLayerDescriptor version="1.1.0" xmlns="http://www.opengis.net/sld" xmlns:se="http://www.opengis.net/se"><NamedLayer><se:Name>x</se:Name><UserStyle><se:FeatureTypeStyle><se:Rule>${body}</se:Rule></se:FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>`;
    expect(validateSld(se('<se:PolygonSymbolizer><se:Fill><se:SvgParameter name="fill">#00ff00</se:SvgParameter></se:Fill></se:PolygonSymbolizer>'))).toEqual({
      valid: true,
      version: '1.1.0',
      issues: [],
    });
    expect(validateSld(se('<PolygonSymbolizer/>')).issues.map((i) => i.code)).toEqual(['unexpected-element']);
  });

  it('never throws on broken variants of a valid style, and answers quickly', () => {
    const base = SLD10('<PointSymbolizer><Graphic><Mark><WellKnownName>circle</WellKnownName></Mark><Size>6</Size></Graphic></PointSymbolizer>');
    const bytes = new TextEncoder().encode(base);
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const start = performance.now();
    for (let round = 0; round < 2000; round++) {
      const variant = bytes.slice(0, Math.floor(random() * bytes.length) + 1);
      for (let k = 0; k < 3; k++) variant[Math.floor(random() * variant.length)] = Math.floor(random() * 256);
      const result = validateSld(variant);
      expect(Array.isArray(result.issues)).toBe(true);
      expect(result.valid).toBe(result.issues.length === 0);
    }
    expect(performance.now() - start).toBeLessThan(10_000);
  });

  it('validates a 1 MiB style in well under a second (see bench/ for the real measure)', () => {
    const rule =
      '<Rule><Name>r</Name><ogc:Filter><ogc:PropertyIsEqualTo><ogc:PropertyName>k</ogc:PropertyName><ogc:Literal>v</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter><PolygonSymbolizer><Fill><CssParameter name="fill">#aabbcc</CssParameter></Fill><Stroke><CssParameter name="stroke-width">1</CssParameter></Stroke></PolygonSymbolizer></Rule>\n';
    const text = SLD10(rule.repeat(Math.ceil((1024 * 1024) / rule.length)).replace(/^<Rule>|<\/Rule>\n$/g, ''));
    expect(text.length).toBeGreaterThan(1024 * 1024);
    validateSld(text); // warm-up
    const start = performance.now();
    const result = validateSld(text);
    expect(result).toEqual({ valid: true, version: '1.0.0', issues: [] });
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('stops at 100 issues on a document full of mistakes', () => {
    const text = SLD10('<PointSymbolizer/><Bad/>'.repeat(5000));
    const result = validateSld(text);
    expect(result.valid).toBe(false);
    expect(result.issues.length).toBeLessThanOrEqual(100);
  });
});
