import type { Geometry as GeoJsonGeometry } from 'geojson';
import type Feature from 'ol/Feature';
import type Geometry from 'ol/geom/Geometry';
import ImageState from 'ol/ImageState';
import CanvasImmediateRenderer from 'ol/render/canvas/Immediate';
import Style from 'ol/style/Style';
import type Text from 'ol/style/Text';
import type { CanvasLike, CompiledStyle, Context2DLike } from './compiled-style';
import { directlyDrawnType, directlyPaintable, paintDirect, type PaintContext, type PaintState } from './direct-paint';
import { toOlGeometry } from './feature-geometry';
import { iconLoaded, preloadIcons } from './preload-icons';

/** A feature to draw: its geometry in the map's CRS (x/y order) and its attributes. */
export interface DrawFeature {
  geometry: GeoJsonGeometry | null;
  properties: Record<string, unknown>;
}

/** One layer of a map: its style and its features, drawn in the order given. */
export interface DrawLayer {
  style: CompiledStyle;
  features: Iterable<DrawFeature> | AsyncIterable<DrawFeature>;
}

/** What `drawMap` draws. */
export interface DrawMapRequest {
  /** The map's size in CSS pixels (the canvas is `width × pixelRatio` wide). */
  width: number;
  height: number;
  /** The map's extent in its CRS, x/y order: [minx, miny, maxx, maxy]. */
  bbox: readonly [number, number, number, number];
  /** The OGC scale denominator of the request (`ogcScaleDenominator`): picks the rules. */
  scaleDenominator: number;
  /** Symbol size factor (device pixels per CSS pixel, or dpi / 90.714). Default 1. */
  pixelRatio?: number;
  /** A CSS colour filled first; null or absent leaves the canvas as it is (transparent). */
  background?: string | null;
  layers: readonly DrawLayer[];
  /**
   * Plain fills and strokes of polygons and lines drawn straight on the context (`direct-paint.ts`,
   * the same pixels as OpenLayers' renderer); false sends every feature through OpenLayers. Default true.
   */
  directPaint?: boolean;
}

/**
 * What GeoStyler's style functions and OpenLayers' default geometry function read of a feature
 * (`get`, `getProperties`, `getGeometry`): an `ol/Feature` would also set up change events for every
 * feature drawn, a quarter of the drawing time. An attribute named `geometry` stays an attribute.
 */
class DrawnFeature {
  private geometry?: Geometry;
  constructor(
    private readonly source: GeoJsonGeometry,
    private readonly properties: Record<string, unknown>,
  ) {}
  get(key: string): unknown {
    return this.properties[key];
  }
  getProperties(): Record<string, unknown> {
    return this.properties;
  }
  /** Made when first asked for: the direct paint never needs it. */
  getGeometry(): Geometry {
    return (this.geometry ??= toOlGeometry(this.source) as Geometry);
  }
  getId(): undefined {
    return undefined;
  }
}

/** Pixels around the map in which a feature is still drawn: its symbol or label may reach in. */
const EDGE_BUFFER_PX = 128;

/**
 * Draws the layers on the canvas with OpenLayers' canvas immediate renderer, the way the console's
 * map draws them: per layer, per feature, the symbolizers of every rule whose filter matches and
 * whose scale range holds the request's scale. Labels are drawn last, over every layer, as
 * GeoServer draws them.
 */
export async function drawMap(canvas: CanvasLike, request: DrawMapRequest): Promise<void> {
  const context = canvas.getContext('2d') as Context2DLike | null;
  if (!context) throw new Error('The canvas has no 2D context.');
  const pixelRatio = request.pixelRatio ?? 1;
  const [minX, minY, maxX, maxY] = request.bbox;
  const width = request.width * pixelRatio;
  const height = request.height * pixelRatio;
  if (request.background) {
    context.save();
    context.fillStyle = request.background;
    context.fillRect(0, 0, width, height);
    context.restore();
  }
  const scaleX = width / (maxX - minX);
  const scaleY = height / (maxY - minY);
  // Map coordinates → canvas pixels ([a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f).
  const transform = [scaleX, 0, 0, -scaleY, -minX * scaleX, maxY * scaleY];
  const resolution = (maxX - minX) / request.width;
  const buffer = (EDGE_BUFFER_PX * resolution) / pixelRatio;
  const extent = [minX - buffer, minY - buffer, maxX + buffer, maxY + buffer];
  const squaredTolerance = ((0.5 * resolution) / pixelRatio) ** 2;
  const renderer = new CanvasImmediateRenderer(context as never, pixelRatio, extent, transform, 0, squaredTolerance);
  const styleResolution = resolutionForScale(request.scaleDenominator);
  const labels: { geometry: Geometry; text: Text }[] = [];
  /** The fill and stroke the direct paint last set (cleared when OpenLayers draws). */
  const painted: PaintState = {};

  /** Draws one feature; answers a promise only when an icon named by an attribute must load first. */
  const draw = (layer: DrawLayer, drawFeature: DrawFeature): Promise<void> | undefined => {
    const source = drawFeature.geometry;
    if (!source) return undefined;
    const drawn = new DrawnFeature(source, drawFeature.properties);
    const direct = directlyDrawnType(source);
    // A geometry OpenLayers cannot take (empty, unknown) is not drawn, as before any style is asked.
    if (!direct && !drawn.getGeometry()) return undefined;
    const feature = drawn as unknown as Feature;
    const styles = stylesFor(layer.style, feature, source.type, styleResolution);
    if (direct && request.directPaint !== false && styles.every(directlyPaintable)) {
      paintDirect(context as unknown as PaintContext, source, styles, transform, squaredTolerance, pixelRatio, painted);
      // The renderer keeps what it last set on the context: it sets everything again next time.
      forgetContextState(renderer);
      return undefined;
    }
    const geometry = drawn.getGeometry();
    if (!geometry) return undefined;
    const loading = styles.map((style) => style.getImage()).filter((image) => image && image.getImageState() !== ImageState.LOADED);
    if (loading.length > 0) return Promise.all(loading.map((image) => iconLoaded(image!))).then(() => paint(feature, geometry, styles));
    paint(feature, geometry, styles);
    return undefined;
  };
  const paint = (feature: Feature, geometry: Geometry, styles: Style[]): void => {
    painted.style = undefined;
    for (const style of styles) {
      const styleGeometry = (style.getGeometryFunction()(feature) as Geometry | undefined) ?? geometry;
      renderer.setFillStrokeStyle(style.getFill(), style.getStroke());
      renderer.setImageStyle(style.getImage());
      renderer.setTextStyle(null as unknown as Text);
      renderer.drawGeometry(styleGeometry);
      const text = style.getText();
      if (text && text.getText()) labels.push({ geometry: styleGeometry, text });
    }
  };

  for (const layer of request.layers) {
    await preloadIcons(layer.style.geostyler);
    const features = layer.features;
    // An array is drawn without awaiting per feature (`for await` would, for each).
    if (Symbol.iterator in features) {
      for (const drawFeature of features) {
        const pending = draw(layer, drawFeature);
        if (pending) await pending;
      }
    } else {
      for await (const drawFeature of features) {
        const pending = draw(layer, drawFeature);
        if (pending) await pending;
      }
    }
  }
  renderer.setFillStrokeStyle(null as never, null as never);
  renderer.setImageStyle(null as never);
  for (const label of labels) {
    renderer.setTextStyle(label.text);
    renderer.drawGeometry(label.geometry);
  }
}

/**
 * The resolution GeoStyler's style functions read `scaleDenominator` from: they compute the scale
 * as `resolution × 39.37 × 25.4 / 0.28` (metres, 0.28 mm pixels). A part in 10¹² more keeps a rule
 * whose MinScaleDenominator is exactly the request's scale in (min inclusive, max exclusive, as
 * GeoServer tests them) against the rounding of that product.
 */
export function resolutionForScale(scaleDenominator: number): number {
  return (scaleDenominator / (39.37 * (25.4 / 0.28))) * (1 + 1e-12);
}

/**
 * The styles of one feature. GeoStyler throws for a GraphicStroke on a point (a line pattern has
 * no line to follow); GeoServer draws nothing there either, so the point is left out of that
 * style. Any other failure is an error of the map.
 */
function stylesFor(style: CompiledStyle, feature: Feature, type: GeoJsonGeometry['type'], resolution: number): Style[] {
  try {
    return stylesOf(style.olStyle(feature, resolution));
  } catch (error) {
    if ((type === 'Point' || type === 'MultiPoint') && error instanceof Error && error.message.startsWith('GraphicStroke')) return [];
    throw error;
  }
}

/** Has the immediate renderer set the whole fill and stroke state on its next draw (its cache of it is private). */
function forgetContextState(renderer: CanvasImmediateRenderer): void {
  const state = renderer as unknown as { contextFillState_: unknown; contextStrokeState_: unknown };
  state.contextFillState_ = null;
  state.contextStrokeState_ = null;
}

/** The Styles a style function answered (it may answer one, an array, or nothing). */
export function stylesOf(result: unknown): Style[] {
  const list = Array.isArray(result) ? result : [result];
  return list.filter((style): style is Style => style instanceof Style);
}
