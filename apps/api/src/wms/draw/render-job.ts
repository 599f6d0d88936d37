/**
 * What the api's main thread and a render thread (`render-worker.ts`) tell each other about one
 * map: the main thread reads the rows (catalog and store stay there), the render thread compiles
 * the styles (once per SLD text), decodes the rows, draws and encodes.
 */
import type { MapFormat } from './encode-image';
import type { MapRowData } from '../map-rows';

/** A map to draw; it comes with its first rows, layer by layer, each layer closed by an `end` (see {@link ToWorker}). */
export interface MapJob {
  width: number;
  height: number;
  bbox: [number, number, number, number];
  scaleDenominator: number;
  pixelRatio: number;
  background?: string;
  format: MapFormat;
  transparent: boolean;
  bgcolor: string;
  /** Each layer's style as SLD text, in drawing order. */
  styles: string[];
}

/** A batch of rows in one transferable buffer: row i's TWKB is `bytes[ends[i-1] .. ends[i])`. */
export interface PackedRows {
  bytes: Uint8Array;
  ends: Uint32Array;
  properties: Array<string | null>;
}

/** Packs a batch of rows (their geometries may be views of shared buffers) into its own buffers. */
export function packRows(rows: readonly MapRowData[]): PackedRows {
  let total = 0;
  for (const r of rows) total += r.geometry.length;
  const bytes = new Uint8Array(total);
  const ends = new Uint32Array(rows.length);
  const properties: Array<string | null> = new Array(rows.length);
  let at = 0;
  rows.forEach((r, i) => {
    bytes.set(r.geometry, at);
    at += r.geometry.length;
    ends[i] = at;
    properties[i] = r.properties;
  });
  return { bytes, ends, properties };
}

/** The rows of a packed batch (views of its buffer). */
export function unpackRows(packed: PackedRows): MapRowData[] {
  const rows: MapRowData[] = new Array(packed.ends.length);
  let start = 0;
  for (let i = 0; i < rows.length; i++) {
    rows[i] = { geometry: packed.bytes.subarray(start, packed.ends[i]), properties: packed.properties[i] };
    start = packed.ends[i];
  }
  return rows;
}

export type ToWorker =
  /**
   * A batch of layer `layer`'s rows (`rows`), and/or its end (`end`: no more rows for that layer);
   * the map's first message carries the map (`job`).
   */
  | { type: 'rows'; id: number; layer: number; job?: MapJob; rows?: PackedRows; end: boolean }
  /** The main thread gave up (its read failed): drop the map. */
  | { type: 'abort'; id: number }
  /** The process is stopping: the thread ends (its CPU profile, under --cpu-prof, is written). */
  | { type: 'stop' };

export type FromWorker = { type: 'done'; id: number; body: Uint8Array; skipped: string[] } | { type: 'error'; id: number; message: string };
