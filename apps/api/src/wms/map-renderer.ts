/**
 * The one place this module reaches the renderer: `@geocatalog/map-render` (SLD compiling and
 * drawing, shared with the console's preview) and `./draw/` (the Skia canvas and the image
 * encoders). Everything else in the WMS codes against {@link MapRenderer} only.
 */
import { compileSld, drawMap, legendEntries, legendJson, styleColumns } from '@geocatalog/map-render';
import { drawLegendsPng, legendPngSize, type LegendLayer, type LegendPngOptions } from './draw/legend-png';
import { createMapCanvas } from './draw/map-canvas';
import { encodeImage } from './draw/encode-image';
import { RenderPool } from './draw/render-pool';
import type { MapFormat } from './getmap-params';
import type { MapFeature } from './map-rows';

/** A style compiled for drawing. */
export type CompiledStyle = import('@geocatalog/map-render').CompiledStyle;

/** A canvas the renderer draws on and the encoders read. */
export type MapCanvas = import('@geocatalog/map-render').CanvasLike & Parameters<typeof encodeImage>[0];

/** What `drawMap` is given. */
export interface DrawMapOptions {
  /** The map's size in CSS pixels: the canvas is `pixelRatio` times as large. */
  width: number;
  height: number;
  /** The map's box in its CRS, x/y: `[minx, miny, maxx, maxy]`. */
  bbox: [number, number, number, number];
  scaleDenominator: number;
  pixelRatio?: number;
  background?: string;
  layers: Array<{ style: CompiledStyle; features: Iterable<MapFeature> | AsyncIterable<MapFeature> }>;
}

export interface MapRenderer {
  compileSld(sld: string): Promise<{ style: CompiledStyle | null; errors: string[]; unsupported: string[] }>;
  /** The property names a style reads (filters, labels, expressions). */
  styleColumns(style: CompiledStyle): string[];
  drawMap(canvas: MapCanvas, options: DrawMapOptions): Promise<void>;
  createMapCanvas(width: number, height: number): MapCanvas;
  encodeImage(canvas: MapCanvas, format: MapFormat, options: { transparent: boolean; bgcolor: string }): Promise<Buffer>;
  /** GetLegendGraphic's PNG: each layer's rules (a title above each when there are several). */
  drawLegendsPng(layers: LegendLayer[], options: LegendPngOptions): Promise<Buffer>;
  /** The size of that PNG, without drawing it (the LegendURL's width and height). */
  legendPngSize(layers: LegendLayer[], options: LegendPngOptions): { width: number; height: number };
  legendEntries: typeof legendEntries;
  legendJson: typeof legendJson;
  /**
   * The render threads (`draw/render-pool.ts`) GetMap draws and encodes on; null: this process
   * draws on its main thread (`WMS_RENDER_THREADS=0`, or the built thread script is absent).
   */
  renderPool: Pick<RenderPool, 'render' | 'close'> | null;
}

export type { LegendLayer, LegendPngOptions };

/** Injection token of the renderer (tests may give another). */
export const MAP_RENDERER = Symbol('MapRenderer');

/** The renderer the WMS draws with. */
export const mapRenderer: MapRenderer = {
  compileSld,
  styleColumns,
  drawMap,
  createMapCanvas,
  encodeImage,
  drawLegendsPng,
  legendPngSize,
  legendEntries,
  legendJson,
  renderPool: RenderPool.create(),
};
