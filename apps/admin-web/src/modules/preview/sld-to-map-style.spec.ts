import Feature from 'ol/Feature';
import Polygon from 'ol/geom/Polygon';
import Style from 'ol/style/Style';
import { describe, expect, it } from 'vitest';
import { legendEntries, sldToMapStyle } from './sld-to-map-style';

const sld = (body: string, version = '1.0.0') => `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="${version}" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc"${
  version === '1.1.0' ? ' xmlns:se="http://www.opengis.net/se"' : ''
}>
  <NamedLayer><Name>states</Name><UserStyle><Name>s</Name><FeatureTypeStyle>${body}</FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

const BLUE_POLYGONS = sld(`<Rule><Name>all</Name><PolygonSymbolizer>
  <Fill><CssParameter name="fill">#4169E1</CssParameter></Fill>
  <Stroke><CssParameter name="stroke">#FFFFFF</CssParameter><CssParameter name="stroke-width">0.5</CssParameter></Stroke>
</PolygonSymbolizer></Rule>`);

/** The OpenLayers styles a style-like gives a feature. */
function stylesFor(styleLike: unknown, feature: Feature): Style[] {
  const result = typeof styleLike === 'function' ? (styleLike as (f: Feature, r: number) => unknown)(feature, 1000) : styleLike;
  return (Array.isArray(result) ? result : [result]).filter((s): s is Style => s instanceof Style);
}

const square = () =>
  new Feature({
    geometry: new Polygon([
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
    ]),
  });

describe('sldToMapStyle', () => {
  it('turns a PolygonSymbolizer into an OpenLayers fill and stroke', async () => {
    const result = await sldToMapStyle(BLUE_POLYGONS);
    expect(result.errors).toEqual([]);
    const [style] = stylesFor(result.style, square());
    expect(String(style.getFill()?.getColor()).toLowerCase()).toBe('#4169e1');
    expect(String(style.getStroke()?.getColor()).toLowerCase()).toBe('#ffffff');
    expect(style.getStroke()?.getWidth()).toBe(0.5);
  });

  it('applies rule filters per feature', async () => {
    const result = await sldToMapStyle(
      sld(`<Rule><Name>big</Name>
        <ogc:Filter><ogc:PropertyIsGreaterThan><ogc:PropertyName>persons</ogc:PropertyName><ogc:Literal>1000000</ogc:Literal></ogc:PropertyIsGreaterThan></ogc:Filter>
        <PolygonSymbolizer><Fill><CssParameter name="fill">#FF0000</CssParameter></Fill></PolygonSymbolizer></Rule>
        <Rule><Name>small</Name>
        <ogc:Filter><ogc:PropertyIsLessThanOrEqualTo><ogc:PropertyName>persons</ogc:PropertyName><ogc:Literal>1000000</ogc:Literal></ogc:PropertyIsLessThanOrEqualTo></ogc:Filter>
        <PolygonSymbolizer><Fill><CssParameter name="fill">#00FF00</CssParameter></Fill></PolygonSymbolizer></Rule>`),
    );
    expect(result.errors).toEqual([]);
    const big = square();
    big.set('persons', 5_000_000);
    const small = square();
    small.set('persons', 10);
    expect(String(stylesFor(result.style, big)[0].getFill()?.getColor()).toLowerCase()).toBe('#ff0000');
    expect(String(stylesFor(result.style, small)[0].getFill()?.getColor()).toLowerCase()).toBe('#00ff00');
  });

  it('reads SLD 1.1.0 / SE', async () => {
    const result = await sldToMapStyle(
      sld(
        `<se:Rule><se:LineSymbolizer><se:Stroke><se:SvgParameter name="stroke">#336699</se:SvgParameter><se:SvgParameter name="stroke-width">3</se:SvgParameter></se:Stroke></se:LineSymbolizer></se:Rule>`,
        '1.1.0',
      )
        .replace('<FeatureTypeStyle>', '<se:FeatureTypeStyle>')
        .replace('</FeatureTypeStyle>', '</se:FeatureTypeStyle>'),
    );
    expect(result.errors).toEqual([]);
    expect(result.geostyler?.rules[0].symbolizers[0].kind).toBe('Line');
  });

  it('warns about what neither the preview nor GetMap draws, by element name', async () => {
    const result = await sldToMapStyle(sld(`<Rule><RasterSymbolizer><Opacity>1</Opacity></RasterSymbolizer></Rule>`));
    expect(result.warnings).toContain('RasterSymbolizer: not drawn');
  });

  it('reports text that is not XML as an error instead of throwing', async () => {
    const result = await sldToMapStyle('<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld"><Foo');
    expect(result.style).toBeNull();
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors[0]).not.toContain('\n');
  });
});

describe('legendEntries', () => {
  it('has one entry per rule with its name and symbolizer kinds, filters left out', async () => {
    const result = await sldToMapStyle(BLUE_POLYGONS);
    const entries = legendEntries(result.compiled!);
    expect(entries.map((e) => [e.title, e.kinds])).toEqual([['all', ['Fill']]]);
  });
});
