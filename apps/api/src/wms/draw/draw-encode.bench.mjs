// Speed benchmark of GetMap's drawing and encoding (not a test). Build the api first, then:
//   node apps/api/src/wms/draw/draw-encode.bench.mjs
// A 256×256 map of ~1,000 vertices (12 polygons with a filter and an outline, 2 lines, 20 marks,
// 12 labels with halos) is drawn by libs/map-render on Skia, then encoded in every format; for
// PNG also with Skia's own encoder and other zlib settings. Prints the medians per map (wall and
// CPU time) and the size.
import { createRequire } from 'node:module';
import { constants } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist');
const { createMapCanvas } = require(`${dist}/apps/api/src/wms/draw/map-canvas.js`);
const { encodeImage } = require(`${dist}/apps/api/src/wms/draw/encode-image.js`);
const { encodeRgbaPng } = require(`${dist}/apps/api/src/wms/draw/png-encoder.js`);
const { compileSld, drawMap } = require(`${dist}/libs/map-render/src/index.js`);

const sld = `<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
<NamedLayer><Name>bench</Name><UserStyle><FeatureTypeStyle>
<Rule><ogc:Filter><ogc:PropertyIsGreaterThan><ogc:PropertyName>pop</ogc:PropertyName><ogc:Literal>50</ogc:Literal></ogc:PropertyIsGreaterThan></ogc:Filter>
<PolygonSymbolizer><Fill><CssParameter name="fill">#D94F4F</CssParameter></Fill><Stroke><CssParameter name="stroke">#333333</CssParameter></Stroke></PolygonSymbolizer>
<TextSymbolizer><Label><ogc:PropertyName>name</ogc:PropertyName></Label><Halo><Radius>1.5</Radius><Fill><CssParameter name="fill">#FFFFFF</CssParameter></Fill></Halo></TextSymbolizer></Rule>
<Rule><ElseFilter/><PolygonSymbolizer><Fill><CssParameter name="fill">#4F7FD9</CssParameter><CssParameter name="fill-opacity">0.7</CssParameter></Fill><Stroke><CssParameter name="stroke">#333333</CssParameter></Stroke></PolygonSymbolizer></Rule>
<Rule><LineSymbolizer><Stroke><CssParameter name="stroke">#2E8B57</CssParameter><CssParameter name="stroke-width">2</CssParameter></Stroke></LineSymbolizer></Rule>
<Rule><PointSymbolizer><Graphic><Mark><WellKnownName>circle</WellKnownName><Fill><CssParameter name="fill">#FFA500</CssParameter></Fill><Stroke><CssParameter name="stroke">#000000</CssParameter></Stroke></Mark><Size>8</Size></Graphic></PointSymbolizer></Rule>
</FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>`;

/** Deterministic pseudo-random numbers, so every run draws the same map. */
let seed = 7;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

function features() {
  const list = [];
  let vertices = 0;
  for (let i = 0; i < 12; i++) {
    const cx = 20 + random() * 216,
      cy = 20 + random() * 216,
      r = 15 + random() * 30;
    const ring = [];
    for (let k = 0; k < 64; k++) {
      const angle = (k / 64) * 2 * Math.PI,
        rr = r * (0.7 + 0.3 * random());
      ring.push([cx + rr * Math.cos(angle), cy + rr * Math.sin(angle)]);
    }
    ring.push(ring[0]);
    vertices += ring.length;
    list.push({ geometry: { type: 'Polygon', coordinates: [ring] }, properties: { pop: i * 10, name: `Area ${i}` } });
  }
  for (let i = 0; i < 2; i++) {
    const line = Array.from({ length: 100 }, (_, k) => [k * 2.56, 128 + 60 * Math.sin(k / 8 + i) + i * 20]);
    vertices += line.length;
    list.push({ geometry: { type: 'LineString', coordinates: line }, properties: {} });
  }
  for (let i = 0; i < 20; i++) {
    vertices += 1;
    list.push({ geometry: { type: 'Point', coordinates: [random() * 256, random() * 256] }, properties: {} });
  }
  return { list, vertices };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function time(label, run, rounds = 200) {
  for (let i = 0; i < 20; i++) await run();
  const times = [];
  const cpu = [];
  let size = 0;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    const out = await run();
    const used = process.cpuUsage(startCpu);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
    if (out?.length) size = out.length;
  }
  const ms = (values) => median(values).toFixed(2).padStart(7);
  console.log(`${label.padEnd(46)} ${ms(times)} ${ms(cpu)}${size ? `  ${String(size).padStart(7)}` : ''}`);
}

const { style } = await compileSld(sld);
const { list, vertices } = features();
const draw = async () => {
  const canvas = createMapCanvas(256, 256);
  await drawMap(canvas, { width: 256, height: 256, bbox: [0, 0, 256, 256], scaleDenominator: 10000, layers: [{ style, features: list }] });
  return canvas;
};
console.log(`256×256 map, ${list.length} features, ${vertices} vertices; medians of 200 runs`);
// CPU time (all the process' threads) is steadier than wall time on a shared machine.
console.log(`${'step'.padEnd(46)} wall ms  cpu ms    bytes`);
await time('compileSld (once per style; cache it)', () => compileSld(sld).then(() => undefined), 50);
await time('draw (drawMap on Skia)', async () => void (await draw()));
const canvas = await draw();
const rgba = () => canvas.getContext('2d').getImageData(0, 0, 256, 256).data;
await time('getImageData (straight RGBA)', async () => rgba());
await time('png: Skia canvas.encode (async)', () => canvas.encode('png'));
await time('png: Skia canvas.encodeSync', async () => canvas.encodeSync('png'));
const pixels = rgba();
await time('png: ours, Up filter, zlib 1 RLE (chosen)', async () => encodeRgbaPng(pixels, 256, 256, false));
await time('png: ours, no filter, zlib 1 RLE', async () => encodeRgbaPng(pixels, 256, 256, false, { filter: 0 }));
await time('png: ours, Up filter, zlib 6 default strategy', async () =>
  encodeRgbaPng(pixels, 256, 256, false, { level: 6, strategy: constants.Z_DEFAULT_STRATEGY }),
);
await time('png: ours, Up filter, zlib 1 default strategy', async () =>
  encodeRgbaPng(pixels, 256, 256, false, { level: 1, strategy: constants.Z_DEFAULT_STRATEGY }),
);
await time('encodeImage image/png (incl. getImageData)', () => encodeImage(canvas, 'image/png', { transparent: true }));
await time('encodeImage image/png8 (quantize + PNG)', () => encodeImage(canvas, 'image/png8', { transparent: true }));
await time('encodeImage image/jpeg', () => encodeImage(canvas, 'image/jpeg', { transparent: false }));
await time('encodeImage image/webp', () => encodeImage(canvas, 'image/webp', { transparent: true }));
await time('draw + encodeImage image/png', async () => encodeImage(await draw(), 'image/png', { transparent: true }));
