import { compileSld, drawMap, type CompiledStyle, type DrawFeature } from '@geocatalog/map-render';
import { createMapCanvas } from './map-canvas';

/** An SLD 1.0.0 document with one UserStyle holding `rules`. */
const sld = (rules: string) => `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>layer</Name><UserStyle><Name>s</Name><FeatureTypeStyle>${rules}</FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

async function compiled(text: string): Promise<CompiledStyle> {
  const result = await compileSld(text);
  expect(result.errors).toEqual([]);
  return result.style as CompiledStyle;
}

/** A ring of `n` points around (cx, cy), wobbling so that the half-pixel quantization has work to do. */
function ring(cx: number, cy: number, r: number, n: number, clockwise = false): number[][] {
  const points: number[][] = [];
  for (let i = 0; i < n; i++) {
    const a = ((clockwise ? -1 : 1) * 2 * Math.PI * i) / n;
    const rr = r * (1 + 0.15 * Math.sin(i * 1.3));
    points.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  points.push(points[0]);
  return points;
}

const FEATURES: DrawFeature[] = [
  { geometry: { type: 'Polygon', coordinates: [ring(30, 70, 22, 300), ring(30, 70, 8, 40, true)] }, properties: { kind: 'a' } },
  // A hole drawn in the same direction as its shell: OpenLayers orients the rings, so does the direct paint.
  { geometry: { type: 'MultiPolygon', coordinates: [[ring(75, 75, 18, 120), ring(75, 75, 6, 30)], [ring(70, 25, 15, 80, true)]] }, properties: { kind: 'b' } },
  { geometry: { type: 'LineString', coordinates: ring(40, 30, 20, 200).slice(0, 150) }, properties: { kind: 'a' } },
  {
    geometry: {
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0],
          [100, 100],
        ],
        [
          [0, 100],
          [50, 50.2],
          [100, 0],
        ],
      ],
    },
    properties: { kind: 'b' },
  },
];

/** The same map drawn directly and through OpenLayers: its pixels, both ways. */
async function bothWays(style: CompiledStyle, pixelRatio = 1, features = FEATURES): Promise<[Uint8ClampedArray, Uint8ClampedArray]> {
  const out: Uint8ClampedArray[] = [];
  for (const directPaint of [true, false]) {
    const canvas = createMapCanvas(100 * pixelRatio, 100 * pixelRatio);
    await drawMap(canvas, {
      width: 100,
      height: 100,
      bbox: [0, 0, 100, 100],
      scaleDenominator: 10_000,
      pixelRatio,
      directPaint,
      layers: [{ style, features }],
    });
    out.push(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data);
  }
  return out as [Uint8ClampedArray, Uint8ClampedArray];
}

/** Pixels that differ between two images. */
function differing(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) n++;
  return n;
}

/** Pixels that are not transparent. */
function drawn(a: Uint8ClampedArray): number {
  let n = 0;
  for (let i = 3; i < a.length; i += 4) if (a[i]) n++;
  return n;
}

describe('the direct paint of plain fills and strokes', () => {
  const FILL_AND_STROKE = sld(`
    <Rule><ogc:Filter><ogc:PropertyIsEqualTo><ogc:PropertyName>kind</ogc:PropertyName><ogc:Literal>a</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter>
      <PolygonSymbolizer><Fill><CssParameter name="fill">#D94F4F</CssParameter><CssParameter name="fill-opacity">0.7</CssParameter></Fill>
        <Stroke><CssParameter name="stroke">#333333</CssParameter><CssParameter name="stroke-width">2</CssParameter><CssParameter name="stroke-dasharray">4 2</CssParameter></Stroke></PolygonSymbolizer>
      <LineSymbolizer><Stroke><CssParameter name="stroke">#2E8B57</CssParameter><CssParameter name="stroke-width">3</CssParameter><CssParameter name="stroke-linecap">butt</CssParameter><CssParameter name="stroke-linejoin">mitre</CssParameter></Stroke></LineSymbolizer></Rule>
    <Rule><ElseFilter/>
      <PolygonSymbolizer><Fill><CssParameter name="fill">#4F7FD9</CssParameter></Fill><Stroke><CssParameter name="stroke">#000000</CssParameter></Stroke></PolygonSymbolizer>
      <LineSymbolizer><Stroke><CssParameter name="stroke">#0000FF</CssParameter><CssParameter name="stroke-width">1.5</CssParameter></Stroke></LineSymbolizer></Rule>`);

  it('draws the same pixels as OpenLayers: polygons with holes, multipolygons, lines, dashes, opacity, caps and joins', async () => {
    const [direct, ol] = await bothWays(await compiled(FILL_AND_STROKE));
    expect(drawn(direct)).toBeGreaterThan(3000);
    expect(differing(direct, ol)).toBe(0);
  });

  it('and at a pixel ratio of 2 (line widths and dashes scaled)', async () => {
    const [direct, ol] = await bothWays(await compiled(FILL_AND_STROKE), 2);
    expect(drawn(direct)).toBeGreaterThan(12000);
    expect(differing(direct, ol)).toBe(0);
  });

  it('leaves labels and marks to OpenLayers, drawn in the same places between direct fills', async () => {
    const style = await compiled(
      sld(`<Rule><PolygonSymbolizer><Fill><CssParameter name="fill">#4F7FD9</CssParameter></Fill></PolygonSymbolizer>
        <TextSymbolizer><Label><ogc:PropertyName>kind</ogc:PropertyName></Label><Fill><CssParameter name="fill">#000000</CssParameter></Fill></TextSymbolizer></Rule>
        <Rule><PointSymbolizer><Graphic><Mark><WellKnownName>circle</WellKnownName><Fill><CssParameter name="fill">#FF0000</CssParameter></Fill></Mark><Size>9</Size></Graphic></PointSymbolizer></Rule>`),
    );
    const features: DrawFeature[] = [...FEATURES, { geometry: { type: 'Point', coordinates: [50, 50] }, properties: { kind: 'p' } }];
    const [direct, ol] = await bothWays(style, 1, features);
    expect(differing(direct, ol)).toBe(0);
  });
});
