/**
 * The common case drawn straight on the canvas: a polygon or line whose styles are plain fills and
 * strokes (no mark, icon, label, pattern, offset or geometry function). What OpenLayers' immediate
 * renderer does for them, step by step (`ol/render/canvas/Immediate`: its simplification, ring
 * orientation, transform and context state), without building an OpenLayers geometry per feature:
 * the same pixels at less than half the time. Everything else goes through OpenLayers.
 */
import type { Geometry as GeoJsonGeometry, Position } from 'geojson';
import { asColorLike } from 'ol/colorlike';
import {
  defaultFillStyle,
  defaultLineCap,
  defaultLineDash,
  defaultLineDashOffset,
  defaultLineJoin,
  defaultLineWidth,
  defaultMiterLimit,
  defaultStrokeStyle,
} from 'ol/render/canvas';
import { orientLinearRings, orientLinearRingsArray } from 'ol/geom/flat/orient';
import { douglasPeucker, douglasPeuckerArray, quantizeArray, quantizeMultiArray } from 'ol/geom/flat/simplify';
import { transform2D } from 'ol/geom/flat/transform';
import type Style from 'ol/style/Style';

/** The 2D context calls this module makes. */
export interface PaintContext {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineCap: string;
  lineJoin: string;
  lineWidth: number;
  miterLimit: number;
  lineDashOffset: number;
  setLineDash(segments: number[]): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  fill(): void;
  stroke(): void;
}

/** A colour OpenLayers would hand to the context as it is (not a pattern or gradient). */
function plainColour(colour: unknown): boolean {
  return colour === null || colour === undefined || typeof colour === 'string' || Array.isArray(colour);
}

/** True when `style` is drawn by {@link paintDirect} exactly as OpenLayers' immediate renderer draws it. */
export function directlyPaintable(style: Style): boolean {
  if (style.getImage() || style.getRenderer() || style.getGeometry()) return false;
  const text = style.getText();
  if (text && text.getText()) return false;
  const fill = style.getFill();
  if (fill && !plainColour(fill.getColor())) return false;
  const stroke = style.getStroke();
  if (stroke && (!plainColour(stroke.getColor()) || Math.abs(stroke.getOffset() ?? 0) > 0)) return false;
  return true;
}

/** True for the geometry types {@link paintDirect} draws. */
export function directlyDrawnType(geometry: GeoJsonGeometry): boolean {
  const t = geometry.type;
  return t === 'Polygon' || t === 'MultiPolygon' || t === 'LineString' || t === 'MultiLineString';
}

/** Flat coordinates and ring ends as OpenLayers keeps a geometry (x/y only). */
interface Flat {
  coords: number[];
  ends: number[];
  endss: number[][];
}

function pushRing(flat: number[], ring: Position[]): number {
  for (const p of ring) flat.push(p[0], p[1]);
  return flat.length;
}

function flatten(geometry: GeoJsonGeometry): Flat {
  const coords: number[] = [];
  const ends: number[] = [];
  const endss: number[][] = [];
  switch (geometry.type) {
    case 'LineString':
      ends.push(pushRing(coords, geometry.coordinates));
      break;
    case 'MultiLineString':
    case 'Polygon':
      for (const line of geometry.coordinates) ends.push(pushRing(coords, line));
      break;
    case 'MultiPolygon':
      for (const polygon of geometry.coordinates) endss.push(polygon.map((ring) => pushRing(coords, ring)));
      break;
  }
  return { coords, ends, endss };
}

/** OpenLayers' simplification of the geometry at `squaredTolerance` (kept only when it removed coordinates). */
function simplified(type: GeoJsonGeometry['type'], flat: Flat, squaredTolerance: number): Flat {
  if (!(squaredTolerance > 0)) return flat;
  const out: number[] = [];
  const ends: number[] = [];
  const endss: number[][] = [];
  switch (type) {
    case 'LineString':
      out.length = douglasPeucker(flat.coords, 0, flat.coords.length, 2, squaredTolerance, out, 0);
      ends.push(out.length);
      break;
    case 'MultiLineString':
      out.length = douglasPeuckerArray(flat.coords, 0, flat.ends, 2, squaredTolerance, out, 0, ends);
      break;
    case 'Polygon':
      out.length = quantizeArray(flat.coords, 0, flat.ends, 2, Math.sqrt(squaredTolerance), out, 0, ends);
      break;
    case 'MultiPolygon':
      out.length = quantizeMultiArray(flat.coords, 0, flat.endss, 2, Math.sqrt(squaredTolerance), out, 0, endss);
      break;
  }
  return out.length < flat.coords.length ? { coords: out, ends, endss } : flat;
}

/** Canvas state for one style, as the immediate renderer computes it. */
function applyStyle(context: PaintContext, style: Style, pixelRatio: number): void {
  const fill = style.getFill();
  const stroke = style.getStroke();
  if (fill) context.fillStyle = asColorLike(fill.getColor() || defaultFillStyle) || defaultFillStyle;
  if (stroke) {
    const dash = stroke.getLineDash() || defaultLineDash;
    context.lineCap = stroke.getLineCap() ?? defaultLineCap;
    context.setLineDash(pixelRatio === 1 ? dash : dash.map((n) => n * pixelRatio));
    context.lineDashOffset = (stroke.getLineDashOffset() || defaultLineDashOffset) * pixelRatio;
    context.lineJoin = stroke.getLineJoin() ?? defaultLineJoin;
    context.lineWidth = (stroke.getWidth() ?? defaultLineWidth) * pixelRatio;
    context.miterLimit = stroke.getMiterLimit() ?? defaultMiterLimit;
    context.strokeStyle = asColorLike(stroke.getColor() || defaultStrokeStyle) || defaultStrokeStyle;
  }
}

/** moveTo/lineTo of the pixel coordinates of one ring or line (closed: its last point left to closePath). */
function trace(context: PaintContext, pixels: number[], close: boolean): void {
  context.moveTo(pixels[0], pixels[1]);
  const length = close ? pixels.length - 2 : pixels.length;
  for (let i = 2; i < length; i += 2) context.lineTo(pixels[i], pixels[i + 1]);
  if (close) context.closePath();
}

/**
 * What the direct paint last set on the context: the style whose fill and stroke state it holds
 * (style functions hand out the same Style objects feature after feature). Whoever else draws on
 * the context clears it.
 */
export interface PaintState {
  style?: Style;
}

/**
 * Draws a polygon or line (`directlyDrawnType`) with styles that are all `directlyPaintable`, in
 * order. `transform`: map units to canvas pixels, as given to the immediate renderer.
 */
export function paintDirect(
  context: PaintContext,
  geometry: GeoJsonGeometry,
  styles: readonly Style[],
  transform: number[],
  squaredTolerance: number,
  pixelRatio: number,
  state: PaintState = {},
): void {
  const type = geometry.type;
  const flat = simplified(type, flatten(geometry), squaredTolerance);
  const polygonal = type === 'Polygon' || type === 'MultiPolygon';
  // The flat coordinates are this call's own: oriented in place.
  const coords = flat.coords;
  if (type === 'Polygon') orientLinearRings(coords, 0, flat.ends, 2);
  else if (type === 'MultiPolygon') orientLinearRingsArray(coords, 0, flat.endss, 2);
  const ends = type === 'MultiPolygon' ? flat.endss.flat() : flat.ends;
  // Pixel coordinates of every ring or line, computed once for all the styles.
  const paths: number[][] = [];
  for (let i = 0, offset = 0; i < ends.length; offset = ends[i++]) paths.push(transform2D(coords, offset, ends[i], 2, transform, []));
  for (const style of styles) {
    if (state.style !== style) applyStyle(context, style, pixelRatio);
    state.style = style;
    const fill = !!style.getFill();
    const stroke = !!style.getStroke();
    if (!stroke && (!fill || !polygonal)) continue;
    context.beginPath();
    for (const pixels of paths) if (pixels.length) trace(context, pixels, polygonal);
    if (fill && polygonal) context.fill();
    if (stroke) context.stroke();
  }
}
