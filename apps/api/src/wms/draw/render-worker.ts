/**
 * A render thread (worker_threads): draws and encodes the maps the main thread sends
 * (`render-job.ts`), so drawing and PNG encoding use the other cores while the main thread serves
 * HTTP and reads the stores. Started by `render-pool.ts`.
 */
import { parentPort } from 'node:worker_threads';
import { compileSld, drawMap } from '@geocatalog/map-render';
import { featuresOfRows, type MapRowData } from '../map-rows';
import { encodeImage } from './encode-image';
import { CanvasPool } from './canvas-pool';
import { unpackRows, type FromWorker, type MapJob, type ToWorker } from './render-job';

/** SLD texts kept compiled, least recently used dropped beyond this (as the main thread's CompiledStyles). */
const STYLES_MAX = 64;

type Style = NonNullable<Awaited<ReturnType<typeof compileSld>>['style']>;
const styles = new Map<string, Promise<Style>>();

function compiled(sld: string): Promise<Style> {
  let entry = styles.get(sld);
  if (entry) styles.delete(sld);
  else
    entry = compileSld(sld).then((r) => {
      if (!r.style) throw new Error(`The style cannot be drawn: ${r.errors.join('; ') || 'it holds no style'}`);
      return r.style;
    });
  styles.set(sld, entry);
  entry.catch(() => styles.get(sld) === entry && styles.delete(sld));
  while (styles.size > STYLES_MAX) styles.delete(styles.keys().next().value as string);
  return entry;
}

/** The rows of one layer as they arrive: an async iterable of batches, ended by `end`. */
class LayerRows implements AsyncIterable<MapRowData[]> {
  private readonly batches: MapRowData[][] = [];
  private ended = false;
  private wake?: () => void;

  push(rows: MapRowData[]): void {
    this.batches.push(rows);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<MapRowData[]> {
    for (;;) {
      const batch = this.batches.shift();
      if (batch) {
        yield batch;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}

const maps = new Map<number, LayerRows[]>();
/** This thread's canvases, reused map after map. */
const canvases = new CanvasPool();
const port = parentPort!;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function draw(id: number, job: MapJob, layers: LayerRows[]): Promise<void> {
  const skipped: string[] = [];
  let canvas: ReturnType<CanvasPool['take']> | undefined;
  try {
    const compiledStyles = await Promise.all(job.styles.map(compiled));
    canvas = canvases.take(job.width * job.pixelRatio, job.height * job.pixelRatio);
    await drawMap(canvas, {
      width: job.width,
      height: job.height,
      bbox: job.bbox,
      scaleDenominator: job.scaleDenominator,
      pixelRatio: job.pixelRatio,
      background: job.background,
      layers: compiledStyles.map((style, i) => ({ style, features: features(layers[i], skipped) })),
    });
    const body = await encodeImage(canvas, job.format, { transparent: job.transparent, bgcolor: job.bgcolor });
    const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    // A Buffer from the pool shares its memory: only a buffer of its own is handed over.
    const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
    post({ type: 'done', id, body: bytes, skipped }, own ? [body.buffer as ArrayBuffer] : []);
  } catch (err) {
    post({ type: 'error', id, message: (err as Error)?.message ?? String(err) });
  } finally {
    maps.delete(id);
    if (canvas) canvases.give(canvas);
  }
}

async function* features(rows: LayerRows, skipped: string[]) {
  for await (const batch of rows) yield* featuresOfRows(batch, (reason) => skipped.push(reason));
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'rows': {
      let layers = maps.get(message.id);
      if (message.job) {
        layers = message.job.styles.map(() => new LayerRows());
        maps.set(message.id, layers);
        void draw(message.id, message.job, layers);
      }
      const layer = layers?.[message.layer];
      if (message.rows) layer?.push(unpackRows(message.rows));
      if (message.end) layer?.end();
      return;
    }
    case 'abort':
      // The map's drawing ends with what it has; its answer is not awaited.
      for (const layer of maps.get(message.id) ?? []) layer.end();
      return;
    case 'stop':
      port.close();
      return;
  }
});
