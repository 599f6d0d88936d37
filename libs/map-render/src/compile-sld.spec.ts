import Feature from 'ol/Feature';
import Polygon from 'ol/geom/Polygon';
import { RED_FILL, sld } from '../testing/sld';
import { compileSld, flattenUnsupported } from './compile-sld';
import { resolutionForScale, stylesOf } from './draw-map';

const feature = (properties: Record<string, unknown>) => {
  const f = new Feature(
    new Polygon([
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ]),
  );
  f.setProperties(properties);
  return f;
};

describe('compileSld', () => {
  it('compiles rules with filters into one OpenLayers style function, ElseFilter kept', async () => {
    const result = await compileSld(
      sld(`<Rule><Name>big</Name><ogc:Filter><ogc:PropertyIsGreaterThan><ogc:PropertyName>pop</ogc:PropertyName><ogc:Literal>10</ogc:Literal></ogc:PropertyIsGreaterThan></ogc:Filter>${RED_FILL}</Rule>
        <Rule><Name>rest</Name><ElseFilter/><PolygonSymbolizer><Fill><CssParameter name="fill">#0000FF</CssParameter></Fill></PolygonSymbolizer></Rule>`),
    );
    expect(result).toMatchObject({ errors: [], unsupported: [], approximated: [] });
    const olStyle = result.style!.olStyle;
    const colours = (pop: number) => stylesOf(olStyle(feature({ pop }), 1)).map((style) => String(style.getFill()?.getColor()).toUpperCase());
    expect(colours(20)).toEqual(['#FF0000']);
    expect(colours(5)).toEqual(['#0000FF']);
  });

  it('tests scale ranges against the scale given as a resolution (min inclusive, max exclusive)', async () => {
    const result = await compileSld(
      sld(`<Rule><MinScaleDenominator>1000</MinScaleDenominator><MaxScaleDenominator>2000</MaxScaleDenominator>${RED_FILL}</Rule>`),
    );
    const drawnAt = (scale: number) => stylesOf(result.style!.olStyle(feature({}), resolutionForScale(scale))).length;
    expect([drawnAt(999), drawnAt(1000), drawnAt(1999), drawnAt(2000)]).toEqual([0, 1, 1, 0]);
  });

  it('names what it cannot draw: raster, user layers, spatial filters, unknown functions and vendor options', async () => {
    const result = await compileSld(
      sld(`<Rule><PointSymbolizer><Graphic><Mark><WellKnownName>circle</WellKnownName></Mark>
          <Size><ogc:Function name="Interpolate"><ogc:PropertyName>pop</ogc:PropertyName></ogc:Function></Size></Graphic></PointSymbolizer></Rule>
        <Rule><RasterSymbolizer><Opacity>1</Opacity></RasterSymbolizer></Rule>
        <Rule>${RED_FILL.replace('</PolygonSymbolizer>', '<VendorOption name="graphic-margin">2</VendorOption><VendorOption name="inclusion">legendOnly</VendorOption></PolygonSymbolizer>')}</Rule>`),
    );
    // GeoStyler cannot read Interpolate at all (an error too); GetMap names the element.
    expect(result.unsupported).toEqual(expect.arrayContaining(['Function Interpolate', 'RasterSymbolizer']));
    expect(result.approximated).toEqual(expect.arrayContaining(['VendorOption graphic-margin', 'VendorOption inclusion']));
    const spatial = await compileSld(
      sld(
        `<Rule><ogc:Filter><ogc:BBOX><ogc:PropertyName>geom</ogc:PropertyName><gml:Box><gml:coordinates>0,0 1,1</gml:coordinates></gml:Box></ogc:BBOX></ogc:Filter>${RED_FILL}</Rule>`,
      ),
    );
    expect(spatial.unsupported).toEqual(['BBOX']);
    const userLayer = await compileSld(
      sld(RED_FILL.replace(/^/, '<Rule>') + '</Rule>', '<UserLayer><Name>u</Name><UserStyle>').replace('</NamedLayer>', '</UserLayer>'),
    );
    expect(userLayer.unsupported).toContain('UserLayer');
  });

  it('names an attribute GeoStyler would drop from a symbolizer parameter', async () => {
    const result = await compileSld(
      sld(`<Rule><PointSymbolizer><Graphic><Mark><WellKnownName>circle</WellKnownName><Fill><CssParameter name="fill"><ogc:PropertyName>colour</ogc:PropertyName></CssParameter></Fill></Mark>
        <Size><ogc:Function name="max"><ogc:PropertyName>size</ogc:PropertyName><ogc:Literal>3</ogc:Literal></ogc:Function></Size>
        <Rotation><ogc:Mul><ogc:PropertyName>angle</ogc:PropertyName><ogc:Literal>2</ogc:Literal></ogc:Mul></Rotation></Graphic></PointSymbolizer></Rule>`),
    );
    expect(result.unsupported).toEqual(['PropertyName (in CssParameter)', 'Mul (in Rotation)']);
  });

  it('draws a Halo as far beyond the glyphs as its Radius, as GeoServer (a stroke twice as wide)', async () => {
    const result = await compileSld(
      sld(`<Rule><TextSymbolizer><Label><ogc:PropertyName>name</ogc:PropertyName></Label><Halo><Radius>3</Radius></Halo></TextSymbolizer></Rule>`),
    );
    const [style] = stylesOf(result.style!.olStyle(feature({ name: 'A' }), 1));
    expect(style.getText()?.getStroke()?.getWidth()).toBe(6);
  });

  it('reads a Geometry naming the geometry column, drawing the feature geometry', async () => {
    const result = await compileSld(
      sld(
        `<Rule><PolygonSymbolizer><Geometry><ogc:PropertyName>the_geom</ogc:PropertyName></Geometry><Fill><CssParameter name="fill">#FF0000</CssParameter></Fill></PolygonSymbolizer></Rule>`,
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.unsupported).toEqual([]);
    expect(result.approximated).toEqual(["Geometry (the feature's default geometry is drawn)"]);
  });

  it('keeps ExternalGraphic to data: URIs and the style resources', async () => {
    const graphic = (href: string) =>
      sld(
        `<Rule><PointSymbolizer><Graphic><ExternalGraphic><OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="${href}"/><Format>image/png</Format></ExternalGraphic></Graphic></PointSymbolizer></Rule>`,
      );
    const png = new Uint8Array([137, 80, 78, 71]);
    const resources = new Map([['icons/a b.png', { mediaType: 'image/png', bytes: png }]]);
    const local = await compileSld(graphic('file:icons/a%20b.png'), { resources });
    expect(local.unsupported).toEqual([]);
    expect(local.style!.geostyler.rules[0].symbolizers[0]).toMatchObject({ kind: 'Icon', image: 'data:image/png;base64,iVBORw==' });
    expect((await compileSld(graphic('https://example.com/x.png'))).unsupported).toEqual(['ExternalGraphic (https://example.com/x.png is not fetched)']);
    expect((await compileSld(graphic('/etc/passwd'))).unsupported).toEqual(["ExternalGraphic (/etc/passwd is not among the style's resources)"]);
  });

  it('answers errors, never throws, for text that is not an SLD', async () => {
    const result = await compileSld('<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld"><Foo');
    expect(result.style).toBeNull();
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors[0]).not.toContain('\n');
  });
});

describe('flattenUnsupported', () => {
  it("flattens GeoStyler's nested unsupported properties into lines", () => {
    expect(flattenUnsupported({ Symbolizer: { FillSymbolizer: { opacity: { support: 'none', info: 'use fillOpacity' } } } })).toEqual([
      'Symbolizer FillSymbolizer opacity (none): use fillOpacity',
    ]);
    expect(flattenUnsupported(undefined)).toEqual([]);
  });
});
