import OlStyleParser from 'geostyler-openlayers-parser';
import type { Rule, Style as GeoStylerStyle, Symbolizer } from 'geostyler-style';
import Feature from 'ol/Feature';
import type Geometry from 'ol/geom/Geometry';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import CanvasImmediateRenderer from 'ol/render/canvas/Immediate';
import type { StyleFunction } from 'ol/style/Style';
import type Style from 'ol/style/Style';
import type { CanvasLike, CompiledStyle, Context2DLike } from './compiled-style';
import { stylesOf } from './draw-map';
import { iconLoaded, preloadIcons } from './preload-icons';

/** One legend entry: a rule, its title and what it draws. */
export interface LegendEntry {
  /** The rule's name ('' when it has none). GetLegendGraphic's RULE picks an entry by it. */
  name: string;
  /** What the legend shows beside the icon: the rule's title, else its name, else `Rule N`. */
  title: string;
  /** The rule's own Title and Abstract, when it has them. */
  ruleTitle?: string;
  abstract?: string;
  /** Kinds of the rule's symbolizers: `Fill`, `Line`, `Mark`, `Icon`, `Text`. */
  kinds: string[];
  /** The rule, as GeoStyler reads it (filter and scale range kept; the icon ignores them). */
  rule: Rule;
}

/** GeoServer's default legend icon size (GetLegendGraphic without WIDTH/HEIGHT). */
export const LEGEND_ICON_SIZE = 20;

/** The legend of a style: one entry per rule, in the SLD's order. */
export function legendEntries(style: CompiledStyle): LegendEntry[] {
  return style.geostyler.rules.map((rule: Rule, index: number) => {
    const { name, title, abstract } = style.rules[index] ?? { name: rule.name ?? '' };
    return {
      name,
      title: title || name || `Rule ${index + 1}`,
      ...(title ? { ruleTitle: title } : {}),
      ...(abstract ? { abstract } : {}),
      kinds: rule.symbolizers.map((symbolizer: Symbolizer) => symbolizer.kind),
      rule,
    };
  });
}

/** The OpenLayers style of one legend entry: its symbolizers alone (no filter or scale may hide them). */
export async function legendStyle(entry: LegendEntry): Promise<StyleFunction | null> {
  // Labels have no swatch (GeoServer draws none for a TextSymbolizer either).
  const symbolizers = entry.rule.symbolizers.filter((symbolizer) => symbolizer.kind !== 'Text' && symbolizer.kind !== 'Raster');
  if (symbolizers.length === 0) return null;
  const style: GeoStylerStyle = { name: entry.name || 'legend', rules: [{ name: entry.name || 'legend', symbolizers }] };
  try {
    const written = await new OlStyleParser().writeStyle(style as never);
    const output = written.output as unknown as StyleFunction | Style | Style[] | undefined;
    if (!output) return null;
    return typeof output === 'function' ? output : () => output;
  } catch {
    return null;
  }
}

/**
 * Draws one rule's icon on the canvas (its whole size, or `size` at its top left): a square for a
 * fill, a diagonal for a line, the mark or icon at the middle for a point, as GeoServer's legend
 * draws them. Draws nothing for a rule of labels only.
 */
export async function drawLegendIcon(
  canvas: CanvasLike,
  entry: LegendEntry,
  options: { width?: number; height?: number; pixelRatio?: number; x?: number; y?: number } = {},
): Promise<void> {
  const context = canvas.getContext('2d') as Context2DLike | null;
  if (!context) throw new Error('The canvas has no 2D context.');
  const width = options.width ?? LEGEND_ICON_SIZE;
  const height = options.height ?? LEGEND_ICON_SIZE;
  const pixelRatio = options.pixelRatio ?? 1;
  const olStyle = await legendStyle(entry);
  if (!olStyle) return;
  await preloadIcons({ name: 'legend', rules: [entry.rule] });
  const geometry = sampleGeometry(entry.kinds, width, height);
  const feature = new Feature({ geometry });
  const x = options.x ?? 0;
  const y = options.y ?? 0;
  const transform = [pixelRatio, 0, 0, pixelRatio, x * pixelRatio, y * pixelRatio];
  const renderer = new CanvasImmediateRenderer(context as never, pixelRatio, [-width, -height, 2 * width, 2 * height], transform, 0);
  context.save();
  context.beginPath();
  context.rect(x * pixelRatio, y * pixelRatio, width * pixelRatio, height * pixelRatio);
  context.clip();
  for (const style of stylesOf(olStyle(feature, 1))) {
    const image = style.getImage();
    if (image) await iconLoaded(image);
    renderer.setFillStrokeStyle(style.getFill(), style.getStroke());
    renderer.setImageStyle(image);
    renderer.drawGeometry((style.getGeometryFunction()(feature) as Geometry | undefined) ?? geometry);
  }
  context.restore();
}

/** A sample geometry in icon pixels (y down) for what a rule draws. */
function sampleGeometry(kinds: string[], width: number, height: number): Geometry {
  if (kinds.includes('Fill')) {
    return new Polygon([
      [
        [1, 1],
        [width - 1, 1],
        [width - 1, height - 1],
        [1, height - 1],
        [1, 1],
      ],
    ]);
  }
  if (kinds.includes('Line')) {
    return new LineString([
      [1, height - 1],
      [width - 1, 1],
    ]);
  }
  return new Point([width / 2, height / 2]);
}
