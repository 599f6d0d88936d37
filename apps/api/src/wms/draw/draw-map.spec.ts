import { compileSld, drawMap, type CompiledStyle, type DrawFeature } from '@geocatalog/map-render';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { createMapCanvas } from './map-canvas';

/** An SLD 1.0.0 document with one UserStyle holding `rules`. */
const sld = (rules: string) => `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>layer</Name><UserStyle><Name>s</Name><FeatureTypeStyle>${rules}</FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

async function compiled(text: string): Promise<CompiledStyle> {
  const result = await compileSld(text);
  expect(result.errors).toEqual([]);
  expect(result.unsupported).toEqual([]);
  return result.style as CompiledStyle;
}

/** The RGBA of one pixel. */
function pixel(canvas: Canvas, x: number, y: number): number[] {
  return [...canvas.getContext('2d').getImageData(x, y, 1, 1).data];
}

const square = (x0: number, y0: number, size: number, properties: Record<string, unknown>): DrawFeature => ({
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [x0, y0],
        [x0 + size, y0],
        [x0 + size, y0 + size],
        [x0, y0 + size],
        [x0, y0],
      ],
    ],
  },
  properties,
});

/** A 100×100 map of the square [0, 100]² at 1:10,000. */
async function draw(style: CompiledStyle, features: DrawFeature[], scaleDenominator = 10_000): Promise<Canvas> {
  const canvas = createMapCanvas(100, 100);
  await drawMap(canvas, { width: 100, height: 100, bbox: [0, 0, 100, 100], scaleDenominator, layers: [{ style, features }] });
  return canvas;
}

const RED = [255, 0, 0, 255];
const BLUE = [0, 0, 255, 255];
const TRANSPARENT = [0, 0, 0, 0];

describe('drawMap on a Skia canvas', () => {
  it('fills a polygon red by a filter, the others blue, and leaves the rest transparent', async () => {
    const style = await compiled(
      sld(`<Rule><Name>big</Name>
        <ogc:Filter><ogc:PropertyIsGreaterThan><ogc:PropertyName>pop</ogc:PropertyName><ogc:Literal>1000</ogc:Literal></ogc:PropertyIsGreaterThan></ogc:Filter>
        <PolygonSymbolizer><Fill><CssParameter name="fill">#FF0000</CssParameter></Fill></PolygonSymbolizer></Rule>
        <Rule><Name>other</Name><ElseFilter/>
        <PolygonSymbolizer><Fill><CssParameter name="fill">#0000FF</CssParameter></Fill></PolygonSymbolizer></Rule>`),
    );
    // Map y grows upwards: the square at y 60..90 is drawn at pixel rows 10..40.
    const canvas = await draw(style, [square(10, 60, 30, { pop: 5000 }), square(60, 60, 30, { pop: 10 }), square(10, 10, 30, { pop: 1001 })]);
    expect(pixel(canvas, 25, 25)).toEqual(RED);
    expect(pixel(canvas, 75, 25)).toEqual(BLUE);
    expect(pixel(canvas, 25, 75)).toEqual(RED);
    expect(pixel(canvas, 75, 75)).toEqual(TRANSPARENT);
    expect(pixel(canvas, 50, 50)).toEqual(TRANSPARENT);
  });

  it('draws a line with its width and colour', async () => {
    const style = await compiled(
      sld(
        `<Rule><LineSymbolizer><Stroke><CssParameter name="stroke">#00FF00</CssParameter><CssParameter name="stroke-width">6</CssParameter></Stroke></LineSymbolizer></Rule>`,
      ),
    );
    const canvas = await draw(style, [
      {
        geometry: {
          type: 'LineString',
          coordinates: [
            [0, 50],
            [100, 50],
          ],
        },
        properties: {},
      },
    ]);
    expect(pixel(canvas, 50, 50)).toEqual([0, 255, 0, 255]);
    expect(pixel(canvas, 50, 52)).toEqual([0, 255, 0, 255]);
    expect(pixel(canvas, 50, 56)).toEqual(TRANSPARENT);
  });

  it('draws a well-known mark at the point', async () => {
    const style = await compiled(
      sld(`<Rule><PointSymbolizer><Graphic><Mark><WellKnownName>square</WellKnownName>
        <Fill><CssParameter name="fill">#FF0000</CssParameter></Fill></Mark><Size>20</Size></Graphic></PointSymbolizer></Rule>`),
    );
    const canvas = await draw(style, [{ geometry: { type: 'Point', coordinates: [50, 50] }, properties: {} }]);
    expect(pixel(canvas, 50, 50)).toEqual(RED);
    expect(pixel(canvas, 43, 43)).toEqual(RED);
    expect(pixel(canvas, 35, 35)).toEqual(TRANSPARENT);
  });

  it('draws a label with a halo over the features of every layer', async () => {
    const style = await compiled(
      sld(`<Rule><TextSymbolizer><Label><ogc:PropertyName>name</ogc:PropertyName></Label>
        <Font><CssParameter name="font-size">24</CssParameter></Font>
        <Halo><Radius>3</Radius><Fill><CssParameter name="fill">#FFFF00</CssParameter></Fill></Halo>
        <Fill><CssParameter name="fill">#000000</CssParameter></Fill></TextSymbolizer></Rule>`),
    );
    const under = await compiled(sld(`<Rule><PolygonSymbolizer><Fill><CssParameter name="fill">#0000FF</CssParameter></Fill></PolygonSymbolizer></Rule>`));
    const canvas = createMapCanvas(100, 100);
    await drawMap(canvas, {
      width: 100,
      height: 100,
      bbox: [0, 0, 100, 100],
      scaleDenominator: 10_000,
      layers: [
        { style, features: [{ geometry: { type: 'Point', coordinates: [50, 50] }, properties: { name: 'WWW' } }] },
        // Drawn after the label's layer, yet under the label: labels come last.
        { style: under, features: [square(0, 0, 100, {})] },
      ],
    });
    const data = canvas.getContext('2d').getImageData(20, 35, 60, 30).data;
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += 4) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    expect(colours).toContain('255,255,0');
    expect(colours).toContain('0,0,0');
    expect(pixel(canvas, 5, 5)).toEqual(BLUE);
  });

  it('keeps a rule to its scale range', async () => {
    const style = await compiled(
      sld(`<Rule><MinScaleDenominator>5000</MinScaleDenominator><MaxScaleDenominator>50000</MaxScaleDenominator>
        <PolygonSymbolizer><Fill><CssParameter name="fill">#FF0000</CssParameter></Fill></PolygonSymbolizer></Rule>`),
    );
    const features = [square(0, 0, 100, {})];
    expect(pixel(await draw(style, features, 10_000), 50, 50)).toEqual(RED);
    expect(pixel(await draw(style, features, 5_000), 50, 50)).toEqual(RED);
    expect(pixel(await draw(style, features, 50_000), 50, 50)).toEqual(TRANSPARENT);
    expect(pixel(await draw(style, features, 1_000), 50, 50)).toEqual(TRANSPARENT);
  });

  it("draws an ExternalGraphic from the style's own resources, and never fetches a link", async () => {
    const icon = createCanvas(8, 8);
    icon.getContext('2d').fillStyle = '#FF0000';
    icon.getContext('2d').fillRect(0, 0, 8, 8);
    const graphic = (href: string) =>
      sld(`<Rule><PointSymbolizer><Graphic><ExternalGraphic><OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="${href}"/>
        <Format>image/png</Format></ExternalGraphic><Size>8</Size></Graphic></PointSymbolizer></Rule>`);
    const resources = new Map([['icons/red.png', { mediaType: 'image/png', bytes: icon.toBuffer('image/png') }]]);
    const result = await compileSld(graphic('file:./icons/red.png'), { resources });
    expect(result.unsupported).toEqual([]);
    const canvas = await draw(result.style as CompiledStyle, [{ geometry: { type: 'Point', coordinates: [50, 50] }, properties: {} }]);
    expect(pixel(canvas, 50, 50)).toEqual(RED);
    expect(pixel(canvas, 60, 60)).toEqual(TRANSPARENT);

    const remote = await compileSld(graphic('http://127.0.0.1:9/never.png'), { resources });
    expect(remote.unsupported).toEqual(['ExternalGraphic (http://127.0.0.1:9/never.png is not fetched)']);
    const missing = await compileSld(graphic('icons/blue.png'), { resources });
    expect(missing.unsupported).toEqual(["ExternalGraphic (icons/blue.png is not among the style's resources)"]);
  });

  it('fails naming ExternalGraphic when an icon cannot be decoded, never hangs', async () => {
    const result = await compileSld(
      sld(`<Rule><PointSymbolizer><Graphic><ExternalGraphic><OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="data:image/png;base64,AAAA"/>
        <Format>image/png</Format></ExternalGraphic></Graphic></PointSymbolizer></Rule>`),
    );
    expect(result.unsupported).toEqual([]);
    await expect(draw(result.style as CompiledStyle, [{ geometry: { type: 'Point', coordinates: [50, 50] }, properties: {} }])).rejects.toThrow(
      'ExternalGraphic: the image could not be decoded.',
    );
  });

  it('fills a polygon with a GraphicFill of marks', async () => {
    const style = await compiled(
      sld(`<Rule><PolygonSymbolizer><Fill><GraphicFill><Graphic><Mark><WellKnownName>circle</WellKnownName>
        <Fill><CssParameter name="fill">#FF0000</CssParameter></Fill></Mark><Size>6</Size></Graphic></GraphicFill></Fill></PolygonSymbolizer></Rule>`),
    );
    const canvas = await draw(style, [square(0, 0, 50, {})]);
    const data = canvas.getContext('2d').getImageData(0, 50, 50, 50).data;
    let red = 0;
    let empty = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] > 200 && data[i + 1] < 50 && data[i + 3] > 200) red++;
      if (data[i + 3] === 0) empty++;
    }
    // A pattern: red dots with gaps between them, nothing outside the polygon.
    expect(red).toBeGreaterThan(200);
    expect(empty).toBeGreaterThan(200);
    expect(pixel(canvas, 75, 25)).toEqual(TRANSPARENT);
  });

  it('draws at a pixel ratio: the map fills a larger canvas, lines are wider', async () => {
    const style = await compiled(
      sld(
        `<Rule><LineSymbolizer><Stroke><CssParameter name="stroke">#0000FF</CssParameter><CssParameter name="stroke-width">4</CssParameter></Stroke></LineSymbolizer></Rule>`,
      ),
    );
    const canvas = createMapCanvas(200, 200);
    await drawMap(canvas, {
      width: 100,
      height: 100,
      pixelRatio: 2,
      bbox: [0, 0, 100, 100],
      scaleDenominator: 10_000,
      background: '#FFFFFF',
      layers: [
        {
          style,
          features: [
            {
              geometry: {
                type: 'LineString',
                coordinates: [
                  [0, 50],
                  [100, 50],
                ],
              },
              properties: {},
            },
          ],
        },
      ],
    });
    expect(pixel(canvas, 150, 100)).toEqual(BLUE);
    expect(pixel(canvas, 150, 103)).toEqual(BLUE);
    expect(pixel(canvas, 150, 110)).toEqual([255, 255, 255, 255]);
    expect(pixel(canvas, 199, 199)).toEqual([255, 255, 255, 255]);
  });

  it('reads features from an async iterable (a database cursor)', async () => {
    const style = await compiled(sld(`<Rule><PolygonSymbolizer><Fill><CssParameter name="fill">#0000FF</CssParameter></Fill></PolygonSymbolizer></Rule>`));
    async function* rows() {
      yield square(0, 0, 50, {});
      yield square(50, 50, 50, {});
    }
    const canvas = createMapCanvas(100, 100);
    await drawMap(canvas, { width: 100, height: 100, bbox: [0, 0, 100, 100], scaleDenominator: 10_000, layers: [{ style, features: rows() }] });
    expect(pixel(canvas, 25, 75)).toEqual(BLUE);
    expect(pixel(canvas, 75, 25)).toEqual(BLUE);
    expect(pixel(canvas, 75, 75)).toEqual(TRANSPARENT);
  });
});
