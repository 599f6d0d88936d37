/**
 * The one place this module reaches the renderer: `@geocatalog/map-render` (SLD compiling and
 * drawing) and `./draw/` (the canvas and image encoders), written by the rendering work in
 * parallel. Everything else in the WMS codes against {@link MapRenderer} only.
 *
 * Until those land in this branch, {@link mapRenderer} is a stand-in that refuses to draw with a
 * clear ServiceException. At merge (checked against branch t23-render at 90132e7: e2e/wms/getmap
 * passes with it) the stand-in and `WmsException` import go, and:
 *
 *   import { compileSld, drawMap, styleColumns } from '@geocatalog/map-render';
 *   import { createMapCanvas } from './draw/map-canvas';
 *   import { encodeImage } from './draw/encode-image';
 *   export type CompiledStyle = import('@geocatalog/map-render').CompiledStyle;
 *   export type MapCanvas = import('@geocatalog/map-render').CanvasLike & Parameters<typeof encodeImage>[0];
 *   export const mapRenderer: MapRenderer = { compileSld, styleColumns, drawMap, createMapCanvas, encodeImage };
 */
import type { Geometry } from 'geojson';
import type { MapFormat } from './getmap-params';
import { WmsException } from './wms-exception';

/** A style compiled for drawing (the renderer's own type; opaque here). */
export type CompiledStyle = object;

/** A canvas the renderer draws on (the renderer's own type; opaque here). */
export type MapCanvas = object;

/** A feature as the renderer draws it: geometry in the map's CRS, x/y. */
export interface MapFeature {
  geometry: Geometry;
  properties: Record<string, unknown>;
}

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
}

const notYet = (): never => {
  throw new WmsException('Map drawing is not part of this build yet: the renderer (libs/map-render) is not linked in');
};

/** Injection token of the renderer (tests may give another). */
export const MAP_RENDERER = Symbol('MapRenderer');

/** The renderer the WMS draws with. */
export const mapRenderer: MapRenderer = {
  compileSld: async () => notYet(),
  styleColumns: () => notYet(),
  drawMap: async () => notYet(),
  createMapCanvas: () => notYet(),
  encodeImage: async () => notYet(),
};
