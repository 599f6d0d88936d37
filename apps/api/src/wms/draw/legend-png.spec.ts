import { compileSld, type CompiledStyle } from '@geocatalog/map-render';
import { createCanvas, Image } from '@napi-rs/canvas';
import { drawLegendPng, drawLegendsPng, legendPngSize } from './legend-png';

const sld = (rules: string) => `<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>l</Name><UserStyle><FeatureTypeStyle>${rules}</FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>`;

function decode(png: Buffer) {
  const image = new Image();
  image.src = png;
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const data = canvas.getContext('2d').getImageData(0, 0, image.width, image.height).data;
  return {
    width: image.width,
    height: image.height,
    at: (x: number, y: number) => [...data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)],
  };
}

const TWO_RULES =
  sld(`<Rule><Name>red</Name><Title>Red areas</Title><PolygonSymbolizer><Fill><CssParameter name="fill">#FF0000</CssParameter></Fill></PolygonSymbolizer></Rule>
  <Rule><Name>dots</Name><Title>Blue dots</Title><PointSymbolizer><Graphic><Mark><WellKnownName>square</WellKnownName><Fill><CssParameter name="fill">#0000FF</CssParameter></Fill></Mark><Size>10</Size></Graphic></PointSymbolizer></Rule>`);

describe('drawLegendPng', () => {
  let style: CompiledStyle;
  beforeAll(async () => {
    style = (await compileSld(TWO_RULES)).style as CompiledStyle;
  });

  it('draws one 20×20 icon per rule, top to bottom, titled, on white', async () => {
    const image = decode(await drawLegendPng(style));
    expect(image.height).toBe(40);
    expect(image.width).toBeGreaterThan(40);
    expect(image.at(10, 10)).toEqual([255, 0, 0, 255]);
    expect(image.at(10, 30)).toEqual([0, 0, 255, 255]);
    expect(image.at(2, 22)).toEqual([255, 255, 255, 255]);
    // Black title pixels right of the icons.
    let dark = 0;
    for (let x = 23; x < image.width; x++) for (let y = 0; y < 20; y++) if (image.at(x, y)[0] < 100) dark++;
    expect(dark).toBeGreaterThan(10);
  });

  it('draws a single rule by RULE, WIDTH × HEIGHT, without a label, transparent if asked', async () => {
    const image = decode(await drawLegendPng(style, { rule: 'dots', width: 30, height: 30, transparent: true }));
    expect([image.width, image.height]).toEqual([30, 30]);
    expect(image.at(15, 15)).toEqual([0, 0, 255, 255]);
    expect(image.at(1, 1)).toEqual([0, 0, 0, 0]);
    await expect(drawLegendPng(style, { rule: 'nope' })).rejects.toThrow('The style has no rule named nope.');
  });

  it('stacks several layers under their titles, and measures without drawing', async () => {
    const layers = [
      { style, title: 'First' },
      { style, title: 'Second', rule: 'red' },
    ];
    const image = decode(await drawLegendsPng(layers));
    expect([image.width, image.height]).toEqual([legendPngSize(layers).width, 17 + 40 + 17 + 20]);
    expect(image.at(10, 17 + 10)).toEqual([255, 0, 0, 255]);
    expect(image.at(10, 17 + 40 + 17 + 10)).toEqual([255, 0, 0, 255]);
    let dark = 0;
    for (let x = 0; x < 40; x++) for (let y = 0; y < 17; y++) if (image.at(x, y)[0] < 100) dark++;
    expect(dark).toBeGreaterThan(10);
    expect(legendPngSize([{ style }])).toEqual({ width: decode(await drawLegendPng(style)).width, height: 40 });
  });
});
