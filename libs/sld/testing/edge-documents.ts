// Test support (not part of the library): small documents on the corners of XML Schema that the
// corpus and its mutants rarely reach (simple-type lexical forms, wildcards, QNames, IDs, GML in
// filters, xsi attributes, CDATA), each compared with the official schemas by sld-oracle.spec.ts.

const NAMESPACES =
  'xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml" ' +
  'xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

/** An SLD 1.0.0 document with `rule` as the content of its only Rule. */
const sld10 = (rule: string, rootAttributes = '') =>
  `<StyledLayerDescriptor version="1.0.0" ${NAMESPACES}${rootAttributes}><NamedLayer><Name>n</Name><UserStyle>` +
  `<FeatureTypeStyle><Rule>${rule}</Rule></FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>`;

/** An SLD 1.0.0 document with a UserLayer whose content before UserStyle is `layer`. */
const userLayer10 = (layer: string) =>
  `<StyledLayerDescriptor version="1.0.0" ${NAMESPACES}><UserLayer>${layer}<UserStyle><FeatureTypeStyle><Rule>` +
  '<PointSymbolizer/></Rule></FeatureTypeStyle></UserStyle></UserLayer></StyledLayerDescriptor>';

/** An SLD 1.1.0 document with `rule` as the content of its only se:Rule, `head` before it. */
const se11 = (rule: string, head = '') =>
  `<StyledLayerDescriptor version="1.1.0" ${NAMESPACES} xmlns:se="http://www.opengis.net/se"><NamedLayer><se:Name>n</se:Name>` +
  `<UserStyle><se:FeatureTypeStyle>${head}<se:Rule>${rule}</se:Rule></se:FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>`;

const P10 = '<PointSymbolizer/>';
const P11 = '<se:PointSymbolizer/>';
const equalTo = (literal: string) =>
  `<ogc:Filter><ogc:PropertyIsEqualTo><ogc:PropertyName>a</ogc:PropertyName><ogc:Literal>${literal}</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter>`;
const scale10 = (value: string) => `<MaxScaleDenominator>${value}</MaxScaleDenominator>${P10}`;
const graphic10 = (resource: string) =>
  `<PointSymbolizer><Graphic><ExternalGraphic>${resource}<Format>image/png</Format></ExternalGraphic></Graphic></PointSymbolizer>`;
const colorMap11 = (inner: string) => `<se:RasterSymbolizer><se:ColorMap>${inner}</se:ColorMap></se:RasterSymbolizer>`;
const interpolate = (attributes: string) =>
  `<se:Interpolate fallbackValue="#000000" ${attributes}><se:LookupValue>Rasterdata</se:LookupValue>` +
  '<se:InterpolationPoint><se:Data>1</se:Data><se:Value>#00ff00</se:Value></se:InterpolationPoint></se:Interpolate>';
const remoteOws = (service: string) =>
  `<RemoteOWS><Service>${service}</Service><OnlineResource xlink:href="http://x"/></RemoteOWS>` +
  '<LayerFeatureConstraints><FeatureTypeConstraint/></LayerFeatureConstraints>';

/** Name → document. */
export const EDGE_DOCUMENTS: Readonly<Record<string, string>> = {
  'literal holding a declared element': sld10(equalTo('<Fill/>') + P10),
  'literal holding an undeclared element': sld10(equalTo('<foo/>') + P10),
  'literal holding two elements': sld10(equalTo('<Fill/><Fill/>') + P10),
  'literal holding an invalid declared element': sld10(equalTo('<Fill><Stroke/></Fill>') + P10),
  'literal holding GML (1.1.0)': se11(equalTo('<gml:Point><gml:pos>1 2</gml:pos></gml:Point>') + P11),
  'xsi:schemaLocation on the root': sld10(P10, ' xsi:schemaLocation="http://www.opengis.net/sld x.xsd"'),
  'xsi:type': sld10('<PointSymbolizer xsi:type="foo"/>'),
  'xsi:nil on a non-nillable element': sld10('<MaxScaleDenominator xsi:nil="true"/>' + P10),
  'BBOX with gml:Box (1.0.0)': sld10(
    '<ogc:Filter><ogc:BBOX><ogc:PropertyName>g</ogc:PropertyName><gml:Box srsName="EPSG:4326"><gml:coordinates>0,0 1,1</gml:coordinates></gml:Box></ogc:BBOX></ogc:Filter>' +
      P10,
  ),
  'gml:Box without its coordinates': sld10(
    '<ogc:Filter><ogc:BBOX><ogc:PropertyName>g</ogc:PropertyName><gml:Box><gml:coord><gml:X>0</gml:X></gml:coord></gml:Box></ogc:BBOX></ogc:Filter>' + P10,
  ),
  'BBOX with gml:Envelope (1.1.0)': se11(
    '<ogc:Filter><ogc:BBOX><ogc:PropertyName>g</ogc:PropertyName><gml:Envelope srsName="EPSG:4326"><gml:lowerCorner>0 0</gml:lowerCorner><gml:upperCorner>1 1</gml:upperCorner></gml:Envelope></ogc:BBOX></ogc:Filter>' +
      P11,
  ),
  'gml:Envelope with a non-numeric corner': se11(
    '<ogc:Filter><ogc:BBOX><ogc:PropertyName>g</ogc:PropertyName><gml:Envelope><gml:lowerCorner>0 a</gml:lowerCorner><gml:upperCorner>1 1</gml:upperCorner></gml:Envelope></ogc:BBOX></ogc:Filter>' +
      P11,
  ),
  'Intersects with a gml:Polygon (1.1.0)': se11(
    '<ogc:Filter><ogc:Intersects><ogc:PropertyName>g</ogc:PropertyName><gml:Polygon gml:id="p1"><gml:exterior><gml:LinearRing><gml:posList>0 0 1 0 1 1 0 0</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></ogc:Intersects></ogc:Filter>' +
      P11,
  ),
  'DWithin with a numeric-free Distance (1.0.0, mixed)': sld10(
    '<ogc:Filter><ogc:DWithin><ogc:PropertyName>g</ogc:PropertyName><gml:Point><gml:coordinates>1,2</gml:coordinates></gml:Point><ogc:Distance units="m">x</ogc:Distance></ogc:DWithin></ogc:Filter>' +
      P10,
  ),
  'DWithin with a numeric-free Distance (1.1.0, double)': se11(
    '<ogc:Filter><ogc:DWithin><ogc:PropertyName>g</ogc:PropertyName><gml:Point><gml:pos>1 2</gml:pos></gml:Point><ogc:Distance units="m">x</ogc:Distance></ogc:DWithin></ogc:Filter>' +
      P11,
  ),
  'FeatureTypeName QName with a bound prefix': se11(P11, '<se:FeatureTypeName>ogc:x</se:FeatureTypeName>'),
  'FeatureTypeName QName with an unbound prefix': se11(P11, '<se:FeatureTypeName>zz:x</se:FeatureTypeName>'),
  'FeatureTypeName that is not a QName': se11(P11, '<se:FeatureTypeName> a b </se:FeatureTypeName>'),
  'double INF': sld10(scale10('INF')),
  'double +INF': sld10(scale10('+INF')),
  'double NaN': sld10(scale10('NaN')),
  'double with surrounding whitespace': sld10(scale10('  5e3 \n')),
  'double ending in a dot': sld10(scale10('5.')),
  'double that is only a dot': sld10(scale10('.')),
  'double that is empty': sld10(scale10('')),
  'double with inner space': sld10(scale10('5 0')),
  'double with a huge exponent': sld10(scale10('1e999')),
  'double with a signed exponent': sld10(scale10('1E+2')),
  'boolean TRUE': sld10('<RasterSymbolizer><ShadedRelief><BrightnessOnly>TRUE</BrightnessOnly></ShadedRelief></RasterSymbolizer>'),
  'boolean 1 with whitespace': sld10('<RasterSymbolizer><ShadedRelief><BrightnessOnly> 1 </BrightnessOnly></ShadedRelief></RasterSymbolizer>'),
  'xlink:type other than simple': sld10(graphic10('<OnlineResource xlink:type="locator" xlink:href="a.png"/>')),
  'xlink:show outside its enumeration': sld10(graphic10('<OnlineResource xlink:show="x" xlink:href="a.png"/>')),
  'href with a space': sld10(graphic10('<OnlineResource xlink:href="a b.png"/>')),
  'href that is not a URI': sld10(graphic10('<OnlineResource xlink:href="http://[::1/x%zz#a#b"/>')),
  'href with a bad percent escape': sld10(graphic10('<OnlineResource xlink:href="icons/a%2.png"/>')),
  'href with a port': sld10(graphic10('<OnlineResource xlink:href="http://example.com:8080/a.png?x=1#y"/>')),
  'href with a bad port': sld10(graphic10('<OnlineResource xlink:href="http://example.com:80a/a.png"/>')),
  'duplicate FeatureId fid (xs:ID in 1.1.0)': se11('<ogc:Filter><ogc:FeatureId fid="a"/><ogc:FeatureId fid="a"/></ogc:Filter>' + P11),
  'FeatureId fid that is not an NCName (1.1.0)': se11('<ogc:Filter><ogc:FeatureId fid="1a"/></ogc:Filter>' + P11),
  'FeatureId fid with a space (anyURI in 1.0.0)': sld10('<ogc:Filter><ogc:FeatureId fid="1 a"/></ogc:Filter>' + P10),
  'GmlObjectId (1.1.0)': se11('<ogc:Filter><ogc:GmlObjectId gml:id="x1"/></ogc:Filter>' + P11),
  'text in ElseFilter': sld10(`<ElseFilter>x</ElseFilter>${P10}`),
  'element in ElseFilter': sld10(`<ElseFilter><Name/></ElseFilter>${P10}`),
  'ColorMapEntry quantity that is not a number': sld10(
    '<RasterSymbolizer><ColorMap><ColorMapEntry color="#000000" quantity="abc"/></ColorMap></RasterSymbolizer>',
  ),
  'ColorMapEntry without color': sld10('<RasterSymbolizer><ColorMap><ColorMapEntry quantity="1"/></ColorMap></RasterSymbolizer>'),
  'CssParameter with an unknown attribute': sld10(
    '<PolygonSymbolizer><Fill><CssParameter name="fill" foo="1">#000000</CssParameter></Fill></PolygonSymbolizer>',
  ),
  'xml:lang on Title': sld10(`<Title xml:lang="en">t</Title>${P10}`),
  'xml:lang on the root': sld10(P10, ' xml:lang="en"'),
  'attribute in a foreign namespace': sld10('<PointSymbolizer xmlns:foo="urn:foo" foo:bar="1"/>'),
  'Service outside its enumeration': userLayer10(remoteOws('WMS')),
  'Service with a leading space (string enumeration)': userLayer10(remoteOws(' WFS')),
  'version with a trailing space': sld10(P10).replace('version="1.0.0"', 'version="1.0.0 "'),
  'symbolizer version and uom (1.1.0)': se11('<se:PointSymbolizer version="1.1.0" uom="http://www.opengeospatial.org/se/units/pixel"/>'),
  'symbolizer version 1.0.0 (1.1.0)': se11('<se:PointSymbolizer version="1.0.0"/>'),
  Categorize: se11(
    colorMap11(
      '<se:Categorize fallbackValue="#000000"><se:LookupValue>Rasterdata</se:LookupValue><se:Value>#00ff00</se:Value><se:Threshold>1</se:Threshold><se:Value>#0000ff</se:Value></se:Categorize>',
    ),
  ),
  'Categorize without fallbackValue': se11(
    colorMap11('<se:Categorize><se:LookupValue>Rasterdata</se:LookupValue><se:Value>#00ff00</se:Value></se:Categorize>'),
  ),
  Interpolate: se11(colorMap11(interpolate('mode="linear" method="color"'))),
  'Interpolate mode outside its enumeration': se11(colorMap11(interpolate('mode="quadratic"'))),
  'Interpolate mode with whitespace (token enumeration)': se11(colorMap11(interpolate('mode=" linear "'))),
  'MarkIndex that is not an integer': se11(
    '<se:PointSymbolizer><se:Graphic><se:Mark><se:OnlineResource xlink:href="x.ttf"/><se:Format>ttf</se:Format><se:MarkIndex>1.5</se:MarkIndex></se:Mark></se:Graphic></se:PointSymbolizer>',
  ),
  'InlineContent holding an undeclared element': se11(
    '<se:PointSymbolizer><se:Graphic><se:ExternalGraphic><se:InlineContent encoding="xml"><svg/></se:InlineContent><se:Format>image/svg+xml</se:Format></se:ExternalGraphic></se:Graphic></se:PointSymbolizer>',
  ),
  'InlineContent encoding outside its enumeration': se11(
    '<se:PointSymbolizer><se:Graphic><se:ExternalGraphic><se:InlineContent encoding="b64">AAAA</se:InlineContent><se:Format>image/png</se:Format></se:ExternalGraphic></se:Graphic></se:PointSymbolizer>',
  ),
  'ogc:Function inside And (1.1.0)': se11(
    '<ogc:Filter><ogc:And><ogc:Function name="f"/><ogc:PropertyIsNull><ogc:PropertyName>a</ogc:PropertyName></ogc:PropertyIsNull></ogc:And></ogc:Filter>' + P11,
  ),
  'ogc:Function directly in Filter (1.0.0)': sld10(`<ogc:Filter><ogc:Function name="in"/></ogc:Filter>${P10}`),
  'PropertyIsLike with the 1.0.0 attribute name in 1.1.0': se11(
    '<ogc:Filter><ogc:PropertyIsLike wildCard="*" singleChar="." escape="!"><ogc:PropertyName>a</ogc:PropertyName><ogc:Literal>x*</ogc:Literal></ogc:PropertyIsLike></ogc:Filter>' +
      P11,
  ),
  'PropertyIsLike with matchCase (1.1.0)': se11(
    '<ogc:Filter><ogc:PropertyIsLike wildCard="*" singleChar="." escapeChar="!" matchCase="false"><ogc:PropertyName>a</ogc:PropertyName><ogc:Literal>x*</ogc:Literal></ogc:PropertyIsLike></ogc:Filter>' +
      P11,
  ),
  'matchCase that is not a boolean': se11(
    '<ogc:Filter><ogc:PropertyIsEqualTo matchCase="yes"><ogc:PropertyName>a</ogc:PropertyName><ogc:Literal>x</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter>' +
      P11,
  ),
  'Description children in the wrong order': se11(P11, '<se:Description><se:Abstract>b</se:Abstract><se:Title>a</se:Title></se:Description>'),
  'Description with local Title and Abstract': se11(P11, '<se:Description><se:Title>a</se:Title><se:Abstract>b</se:Abstract></se:Description>'),
  'comment and processing instruction between elements': sld10(`<!-- c --><?pi x?>${P10}`),
  'whitespace-only CDATA in element-only content': sld10(P10).replace('<FeatureTypeStyle>', '<FeatureTypeStyle><![CDATA[ ]]>'),
  'CDATA text in element-only content': sld10(P10).replace('<FeatureTypeStyle>', '<FeatureTypeStyle><![CDATA[x]]>'),
  'InlineFeature with a GML feature collection (1.1.0)': se11(P11)
    .replace(
      '<NamedLayer><se:Name>n</se:Name>',
      '<UserLayer><InlineFeature><gml:FeatureCollection><gml:featureMember/></gml:FeatureCollection></InlineFeature>',
    )
    .replace('</NamedLayer>', '</UserLayer>'),
};
