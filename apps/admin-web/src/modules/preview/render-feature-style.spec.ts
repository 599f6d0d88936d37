import RenderFeature from 'ol/render/Feature';
import Style from 'ol/style/Style';
import { describe, expect, it } from 'vitest';
import { styleForRenderFeatures } from './render-feature-style';
import { sldToMapStyle } from './sld-to-map-style';

const sld = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>points</Name><UserStyle><Name>s</Name><FeatureTypeStyle>${body}</FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

const circle = (fill: string) =>
  `<PointSymbolizer><Graphic><Mark><WellKnownName>circle</WellKnownName><Fill><CssParameter name="fill">${fill}</CssParameter></Fill></Mark><Size>6</Size></Graphic></PointSymbolizer>`;

/** A point as a vector tile layer holds it: a RenderFeature with flat coordinates and attributes. */
const point = (properties: Record<string, unknown>) => new RenderFeature('Point', [10, 20], [2], 2, properties, 7);
const line = (properties: Record<string, unknown>) => new RenderFeature('LineString', [0, 0, 100, 0, 100, 100], [6], 2, properties, 8);

function stylesFor(styleLike: unknown, feature: RenderFeature): Style[] {
  const result = typeof styleLike === 'function' ? (styleLike as (f: RenderFeature, r: number) => unknown)(feature, 1) : styleLike;
  return (Array.isArray(result) ? result : [result]).filter((s): s is Style => s instanceof Style);
}

/** The fill of a point's mark: the parser draws marks as SVG icons (`fill:#RRGGBB` in the data URL). */
function fillOf(style: Style): string {
  const image = style.getImage() as unknown as { getSrc?(): string | undefined } | null;
  const svg = decodeURIComponent(image?.getSrc?.() ?? '');
  return /fill:(#[0-9a-fA-F]{6})/.exec(svg)?.[1].toLowerCase() ?? 'none';
}

describe('styleForRenderFeatures', () => {
  it('applies SLD rule filters to tile features by their attributes', async () => {
    const { style, errors } = await sldToMapStyle(
      sld(`<Rule><ogc:Filter><ogc:PropertyIsLessThan><ogc:PropertyName>rank</ogc:PropertyName><ogc:Literal>3</ogc:Literal></ogc:PropertyIsLessThan></ogc:Filter>${circle('#FF0000')}</Rule>
           <Rule><ogc:Filter><ogc:PropertyIsGreaterThanOrEqualTo><ogc:PropertyName>rank</ogc:PropertyName><ogc:Literal>3</ogc:Literal></ogc:PropertyIsGreaterThanOrEqualTo></ogc:Filter>${circle('#0000FF')}</Rule>`),
    );
    expect(errors).toEqual([]);
    const tileStyle = styleForRenderFeatures(style!);
    expect(stylesFor(tileStyle, point({ rank: 1 })).map(fillOf)).toEqual(['#ff0000']);
    expect(stylesFor(tileStyle, point({ rank: 5 })).map(fillOf)).toEqual(['#0000ff']);
  });

  it('gives a symbolizer that needs a real geometry the feature converted (graphic stroke)', async () => {
    const { style, errors } = await sldToMapStyle(
      sld(`<Rule><LineSymbolizer><Stroke><GraphicStroke><Graphic><Mark><WellKnownName>circle</WellKnownName>
             <Fill><CssParameter name="fill">#00AA00</CssParameter></Fill></Mark><Size>4</Size></Graphic></GraphicStroke></Stroke></LineSymbolizer></Rule>`),
    );
    expect(errors).toEqual([]);
    const feature = line({ name: 'a road' });
    // As written by the parser, the style cannot take a tile feature ...
    expect(() => (style as (f: RenderFeature, r: number) => unknown)(feature, 1)).toThrow();
    // ... and adapted it draws marks along the line.
    expect(stylesFor(styleForRenderFeatures(style!), feature).length).toBeGreaterThan(0);
  });

  it('passes a plain style unchanged', () => {
    const plain = new Style();
    expect(styleForRenderFeatures(plain)).toBe(plain);
  });
});
