import { validateAgainstGrammar } from '../schema/schema-validator';
import { parseXml } from '../xml/xml-parser';
import type { XmlElement } from '../xml/xml-tree';
import { GEOSERVER_SE_1_1_0_EXTENSIONS, GEOSERVER_SLD_1_0_0_EXTENSIONS } from './geoserver-extensions';
import { officialSldGrammar, sldGrammar } from './sld-grammars';
import { validateSld } from './sld-validation';

const NS = 'xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc" xmlns:xlink="http://www.w3.org/1999/xlink"';

const sld10 = (featureTypeStyle: string) =>
  `<StyledLayerDescriptor version="1.0.0" ${NS}><NamedLayer><Name>n</Name><UserStyle><FeatureTypeStyle>${featureTypeStyle}</FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>`;
const rule10 = (symbolizers: string) => sld10(`<Rule>${symbolizers}</Rule>`);

const se11 = (featureTypeStyle: string) =>
  `<StyledLayerDescriptor version="1.1.0" ${NS} xmlns:se="http://www.opengis.net/se"><NamedLayer><se:Name>n</se:Name><UserStyle><se:FeatureTypeStyle>${featureTypeStyle}</se:FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>`;
const rule11 = (symbolizers: string) => se11(`<se:Rule>${symbolizers}</se:Rule>`);

const LABEL_10 = '<Label><ogc:PropertyName>name</ogc:PropertyName></Label><Fill><CssParameter name="fill">#000000</CssParameter></Fill>';
const SHIELD_10 = '<Graphic><Mark><WellKnownName>square</WellKnownName></Mark><Size>16</Size></Graphic>';
const LABEL_11 = '<se:Label><ogc:PropertyName>name</ogc:PropertyName></se:Label><se:Fill><se:SvgParameter name="fill">#000000</se:SvgParameter></se:Fill>';

/** Valid with GeoServer's extensions, and invalid under the official schema alone. */
const EXTENDED_DOCUMENTS: [string, string][] = [
  [
    'VendorOption in a TextSymbolizer',
    rule10(`<TextSymbolizer>${LABEL_10}<VendorOption name="autoWrap">60</VendorOption><VendorOption name="maxDisplacement">50</VendorOption></TextSymbolizer>`),
  ],
  [
    'VendorOption in every other symbolizer',
    rule10(['Point', 'Line', 'Polygon', 'Raster'].map((s) => `<${s}Symbolizer><VendorOption name="x">1</VendorOption></${s}Symbolizer>`).join('')),
  ],
  ['VendorOption after the Rules of a FeatureTypeStyle', sld10('<Rule><PointSymbolizer/></Rule><VendorOption name="ruleEvaluation">first</VendorOption>')],
  ['Priority in a TextSymbolizer', rule10(`<TextSymbolizer>${LABEL_10}<Priority><ogc:PropertyName>population</ogc:PropertyName></Priority></TextSymbolizer>`)],
  [
    'a label shield: Graphic in a TextSymbolizer',
    rule10(`<TextSymbolizer>${LABEL_10}${SHIELD_10}<Priority>10</Priority><VendorOption name="graphic-resize">stretch</VendorOption></TextSymbolizer>`),
  ],
  [
    'uom on an SLD 1.0.0 symbolizer',
    rule10(
      '<LineSymbolizer uom="http://www.opengeospatial.org/se/units/metre"><Stroke><CssParameter name="stroke-width">5</CssParameter></Stroke></LineSymbolizer>',
    ),
  ],
  [
    'a rendering transformation',
    sld10(
      '<Transformation><ogc:Function name="gs:Heatmap"><ogc:Function name="parameter"><ogc:Literal>data</ogc:Literal></ogc:Function></ogc:Function></Transformation><Rule><RasterSymbolizer/></Rule>',
    ),
  ],
  [
    'AnchorPoint and Displacement of an SLD 1.0.0 Graphic',
    rule10(
      '<PointSymbolizer><Graphic><Mark/><Size>8</Size><AnchorPoint><AnchorPointX>0.5</AnchorPointX><AnchorPointY>0</AnchorPointY></AnchorPoint><Displacement><DisplacementX>0</DisplacementX><DisplacementY>4</DisplacementY></Displacement></Graphic></PointSymbolizer>',
    ),
  ],
  [
    'ColorMap type and extended',
    rule10('<RasterSymbolizer><ColorMap type="intervals" extended="true"><ColorMapEntry color="#000000" quantity="0"/></ColorMap></RasterSymbolizer>'),
  ],
  [
    'se:VendorOption in an SE TextSymbolizer',
    rule11(`<se:TextSymbolizer>${LABEL_11}<se:VendorOption name="followLine">true</se:VendorOption></se:TextSymbolizer>`),
  ],
  [
    'se:Priority and a label shield in SE',
    rule11(
      `<se:TextSymbolizer>${LABEL_11}<se:Graphic><se:Mark/></se:Graphic><se:Priority>1000</se:Priority><se:VendorOption name="maxDisplacement">1</se:VendorOption></se:TextSymbolizer>`,
    ),
  ],
  [
    'se:VendorOption in an SE PolygonSymbolizer and FeatureTypeStyle',
    se11(
      '<se:Rule><se:PolygonSymbolizer><se:VendorOption name="graphic-margin">4</se:VendorOption></se:PolygonSymbolizer></se:Rule><se:VendorOption name="ruleEvaluation">first</se:VendorOption>',
    ),
  ],
];

describe("GeoServer's extensions", () => {
  it.each(EXTENDED_DOCUMENTS)('accepts %s, which the official schema alone refuses', (_, text) => {
    const result = validateSld(text);
    expect(result.issues).toEqual([]);
    const root = parseXml(text).root as XmlElement;
    const version = result.version ?? '1.0.0';
    expect(validateAgainstGrammar(root, officialSldGrammar(version)).length).toBeGreaterThan(0);
    expect(validateAgainstGrammar(root, sldGrammar(version))).toEqual([]);
  });

  it('still checks their place, order and content', () => {
    const codes = (text: string) => validateSld(text).issues.map((i) => i.code);
    // A VendorOption needs a name and holds only text.
    expect(codes(rule10('<PointSymbolizer><VendorOption>1</VendorOption></PointSymbolizer>'))).toEqual(['missing-attribute']);
    expect(codes(rule10('<PointSymbolizer><VendorOption name="x"><Size>1</Size></VendorOption></PointSymbolizer>'))).toEqual(['unexpected-element']);
    // Priority comes before the VendorOptions, and only in a TextSymbolizer.
    expect(codes(rule10(`<TextSymbolizer>${LABEL_10}<VendorOption name="x">1</VendorOption><Priority>1</Priority></TextSymbolizer>`))).toEqual([
      'unexpected-element',
    ]);
    expect(codes(rule10('<PointSymbolizer><Priority>1</Priority></PointSymbolizer>'))).toEqual(['unexpected-element']);
    // VendorOption is the last thing in a symbolizer.
    expect(codes(rule10('<PolygonSymbolizer><VendorOption name="x">1</VendorOption><Fill/></PolygonSymbolizer>'))).toEqual(['unexpected-element']);
    // In SE the extension elements are in the SE namespace.
    expect(codes(rule11(`<se:TextSymbolizer>${LABEL_11}<VendorOption name="x">1</VendorOption></se:TextSymbolizer>`))).toEqual(['unexpected-element']);
    // ColorMap type is one of GeoServer's three.
    expect(codes(rule10('<RasterSymbolizer><ColorMap type="steps"/></RasterSymbolizer>'))).toEqual(['invalid-attribute-value']);
  });

  it('are described', () => {
    for (const extension of [...GEOSERVER_SLD_1_0_0_EXTENSIONS, ...GEOSERVER_SE_1_1_0_EXTENSIONS]) expect(extension.description.length).toBeGreaterThan(10);
  });
});
