import { validateSld } from './sld-validation';

const NS = 'xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc" xmlns:xlink="http://www.w3.org/1999/xlink"';

/** An SLD 1.0.0 document whose only Rule holds `symbolizers`. */
const sld10 = (symbolizers: string) =>
  `<StyledLayerDescriptor version="1.0.0" ${NS}><NamedLayer><Name>n</Name><UserStyle><FeatureTypeStyle><Rule>${symbolizers}</Rule></FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>`;

/** An SE 1.1.0 document whose only se:Rule holds `symbolizers`. */
const se11 = (symbolizers: string) =>
  `<StyledLayerDescriptor version="1.1.0" ${NS} xmlns:se="http://www.opengis.net/se"><NamedLayer><se:Name>n</se:Name><UserStyle><se:FeatureTypeStyle><se:Rule>${symbolizers}</se:Rule></se:FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>`;

const fill = (name: string, value: string) => sld10(`<PolygonSymbolizer><Fill><CssParameter name="${name}">${value}</CssParameter></Fill></PolygonSymbolizer>`);
const stroke = (name: string, value: string) => sld10(`<LineSymbolizer><Stroke><CssParameter name="${name}">${value}</CssParameter></Stroke></LineSymbolizer>`);
const font = (name: string, value: string) => sld10(`<TextSymbolizer><Font><CssParameter name="${name}">${value}</CssParameter></Font></TextSymbolizer>`);
const graphic = (content: string) =>
  sld10(`<PointSymbolizer><Graphic><Mark><WellKnownName>circle</WellKnownName></Mark>${content}</Graphic></PointSymbolizer>`);
const externalGraphic = (href: string) =>
  sld10(
    `<PointSymbolizer><Graphic><ExternalGraphic><OnlineResource xlink:type="simple" xlink:href="${href}"/><Format>image/png</Format></ExternalGraphic></Graphic></PointSymbolizer>`,
  );

const codes = (text: string) => validateSld(text).issues.map((i) => i.code);

describe('checks beyond the schemas', () => {
  describe('CssParameter and SvgParameter names', () => {
    it('accepts the names SLD and SE define for Fill, Stroke and Font', () => {
      for (const name of ['fill', 'fill-opacity']) expect(codes(fill(name, name === 'fill' ? '#000000' : '0.5'))).toEqual([]);
      expect(codes(stroke('stroke-linejoin', 'round'))).toEqual([]);
      expect(codes(font('font-family', 'DejaVu Sans'))).toEqual([]);
    });

    it('refuses an unknown name, and a name its parent does not know, saying which it knows', () => {
      const [issue] = validateSld(fill('colour', '#000000')).issues;
      expect(issue.code).toBe('unknown-parameter');
      expect(issue.message).toBe("'colour' is not a parameter of 'Fill'; it knows 'fill', 'fill-opacity'");
      expect(codes(fill('stroke-width', '2'))).toEqual(['unknown-parameter']);
      expect(codes(se11('<se:LineSymbolizer><se:Stroke><se:SvgParameter name="fill">#000000</se:SvgParameter></se:Stroke></se:LineSymbolizer>'))).toEqual([
        'unknown-parameter',
      ]);
    });
  });

  describe('values', () => {
    it.each([
      ['a #RRGGBB colour', fill('fill', '#1a2B3c'), []],
      ["GeoServer's #AARRGGBB colour", fill('fill', '#801a2B3c'), []],
      ['a named colour', fill('fill', 'red'), ['invalid-color']],
      ['a short colour', fill('fill', '#fff'), ['invalid-color']],
      ['an empty colour', fill('fill', ''), ['invalid-color']],
      ['opacity 0', fill('fill-opacity', '0'), []],
      ['opacity 1.0', fill('fill-opacity', ' 1.0 '), []],
      ['opacity 1.5', fill('fill-opacity', '1.5'), ['invalid-opacity']],
      ['opacity -0.1', fill('fill-opacity', '-0.1'), ['invalid-opacity']],
      ['opacity as a percentage', fill('fill-opacity', '50%'), ['invalid-opacity']],
      ['a stroke width', stroke('stroke-width', '0.5'), []],
      ['a stroke width with a unit', stroke('stroke-width', '2px'), []],
      ['a stroke width in metres', stroke('stroke-width', '10m'), []],
      ['a negative stroke width', stroke('stroke-width', '-1'), ['negative-size']],
      ['a stroke width in words', stroke('stroke-width', 'thin'), ['invalid-number']],
      ['a dash array', stroke('stroke-dasharray', '5 2 1,2'), []],
      ['a dash array with a word', stroke('stroke-dasharray', '5 x'), ['invalid-number']],
      ['a dash array with a negative length', stroke('stroke-dasharray', '5 -2'), ['negative-size']],
      ['a negative dash offset', stroke('stroke-dashoffset', '-3'), []],
      ['a line join', stroke('stroke-linejoin', 'mitre'), []],
      ['a line join in capitals', stroke('stroke-linejoin', 'Round'), []],
      ['an unknown line join', stroke('stroke-linejoin', 'pointy'), ['invalid-parameter-value']],
      ['an unknown line cap', stroke('stroke-linecap', 'flat'), ['invalid-parameter-value']],
      ['a font size', font('font-size', '12'), []],
      ['a font size in words', font('font-size', 'large'), ['invalid-number']],
      ['a font weight', font('font-weight', 'bold'), []],
      ['a font style', font('font-style', 'slanted'), ['invalid-parameter-value']],
      ['a graphic size', graphic('<Size>8</Size>'), []],
      ['a graphic size in words', graphic('<Size>large</Size>'), ['invalid-number']],
      ['a negative graphic size', graphic('<Size>-8</Size>'), ['negative-size']],
      ['a graphic opacity above 1', graphic('<Opacity>2</Opacity>'), ['invalid-opacity']],
      ['a rotation', graphic('<Rotation>-45.5</Rotation>'), []],
      ['a rotation in words', graphic('<Rotation>left</Rotation>'), ['invalid-number']],
    ])('%s', (_, text, expected) => {
      expect(codes(text)).toEqual(expected);
    });

    it('leaves values given by expressions or embedded CQL to the renderer', () => {
      expect(codes(fill('fill', '<ogc:PropertyName>colour</ogc:PropertyName>'))).toEqual([]);
      expect(codes(fill('fill', '${colour}'))).toEqual([]);
      expect(codes(graphic('<Size><ogc:Function name="sqrt"><ogc:PropertyName>pop</ogc:PropertyName></ogc:Function></Size>'))).toEqual([]);
    });

    it('checks ColorMapEntry colours and opacities', () => {
      const entry = (attributes: string) => sld10(`<RasterSymbolizer><ColorMap><ColorMapEntry ${attributes}/></ColorMap></RasterSymbolizer>`);
      expect(codes(entry('color="#00ff00" quantity="10" opacity="0.5"'))).toEqual([]);
      expect(codes(entry('color="green"'))).toEqual(['invalid-color']);
      expect(codes(entry('color="#00ff00" opacity="2"'))).toEqual(['invalid-opacity']);
    });

    it('points at the offending element and quotes a long value only in part', () => {
      const text = graphic(`<Size>${'x'.repeat(10_000)}</Size>`);
      const [issue] = validateSld(text).issues;
      expect(issue.column).toBe(text.indexOf('<Size>') + 1);
      expect(issue.message.length).toBeLessThan(120);
    });
  });

  describe('links', () => {
    it.each([
      ['an http URL', 'http://example.com/icon.png'],
      ['an https URL', 'https://example.com/icon.svg'],
      ['a relative path', 'icons/icon.png'],
      ['a relative file: URL', 'file:./icons/x.svg'],
      ['a relative file: URL without ./', 'file:icons/x.svg'],
      ['a name with two dots inside', 'icons/a..b.png'],
      ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
    ])('accepts %s', (_, href) => {
      expect(codes(externalGraphic(href))).toEqual([]);
    });

    it.each([
      ['an absolute file: URL', 'file:///etc/passwd'],
      ['a file: URL with one slash', 'file:/etc/passwd'],
      ['a file: URL with a host', 'file://server/share/x.png'],
      ['a relative file: URL leaving the folder', 'file:../../etc/passwd'],
      ['a relative path leaving the folder', 'icons/../../secret.png'],
      ['an encoded ..', 'icons/%2e%2e/%2E%2E/secret.png'],
      ['a backslash ..', 'icons\\..\\..\\secret.png'],
      ['an absolute path', '/etc/passwd'],
      ['a Windows path', 'C:\\Windows\\win.ini'],
      ['a jar: URL', 'jar:file:/opt/app.jar!/secret'],
      ['an ftp URL', 'ftp://example.com/x.png'],
    ])('refuses %s, never fetching it', (_, href) => {
      const result = validateSld(externalGraphic(href));
      expect(result.valid).toBe(false);
      expect(result.issues.map((i) => i.code)).toContain('unsafe-url');
    });

    it('says why', () => {
      const [issue] = validateSld(externalGraphic('file:///etc/passwd')).issues;
      expect(issue.message).toBe(
        "The link 'file:///etc/passwd' is refused: an absolute file: URL would read a file of the server; use a path relative to the style, such as 'file:./icons/symbol.svg' or 'icons/symbol.svg'",
      );
    });

    it('checks SE OnlineResource links the same way', () => {
      const se = (href: string) =>
        se11(
          `<se:PointSymbolizer><se:Graphic><se:ExternalGraphic><se:OnlineResource xlink:type="simple" xlink:href="${href}"/><se:Format>image/svg+xml</se:Format></se:ExternalGraphic></se:Graphic></se:PointSymbolizer>`,
        );
      expect(codes(se('file:./svg/tree.svg'))).toEqual([]);
      expect(codes(se('file:///etc/shadow'))).toEqual(['unsafe-url']);
    });
  });
});
