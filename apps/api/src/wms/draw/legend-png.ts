import { drawLegendIcon, LEGEND_ICON_SIZE, legendEntries, type CompiledStyle, type LegendEntry } from '@geocatalog/map-render';
import { encodeImage } from './encode-image';
import { createMapCanvas } from './map-canvas';

/** GetLegendGraphic's options that change the image. */
export interface LegendPngOptions {
  /** Icon size (WIDTH/HEIGHT), 20 × 20 by default as in GeoServer. */
  width?: number;
  height?: number;
  /** RULE: only that rule's icon, WIDTH × HEIGHT, without a label. Check with legendEntries first. */
  rule?: string;
  /** TRANSPARENT=true (default false: white, or BGCOLOR). */
  transparent?: boolean;
  bgcolor?: string;
  /** LEGEND_OPTIONS=forceLabels:on — label a single rule too (GeoServer labels only two or more). */
  forceLabels?: boolean;
  /** LEGEND_OPTIONS=dpi:N as a factor (dpi / 90.714). */
  pixelRatio?: number;
}

/** One layer of a legend: its style and, for a legend of several layers, the title above it. */
export interface LegendLayer {
  style: CompiledStyle;
  title?: string;
  /** RULE for this layer alone. */
  rule?: string;
}

/** GeoServer's legend font: 12 px sans-serif, black; labels start 3 px right of the icon. */
const FONT_PX = 12;
const LABEL_GAP = 3;
/** A layer title's row (several layers: each one's title above its rules), in CSS pixels. */
const TITLE_ROW = Math.ceil(FONT_PX * 1.25) + 2;

interface LayerLayout {
  entries: LegendEntry[];
  labelled: boolean;
  rowHeight: number;
  title?: string;
}

/**
 * The PNG legend of a style: one icon per rule, top to bottom, with the rule's title beside it
 * (GeoServer's GetLegendGraphic image). With `rule`, that rule's icon alone.
 */
export function drawLegendPng(style: CompiledStyle, options: LegendPngOptions = {}): Promise<Buffer> {
  return drawLegendsPng([{ style, rule: options.rule }], options);
}

/**
 * The legend of several layers (a layer group): each layer's title, then its rules, top to
 * bottom, as GeoServer stacks the legends of a group's members. One layer has no title row.
 */
export async function drawLegendsPng(layers: LegendLayer[], options: LegendPngOptions = {}): Promise<Buffer> {
  const ratio = options.pixelRatio ?? 1;
  const { width, height, layouts } = layout(layers, options);
  const canvas = createMapCanvas(width, height);
  const context = canvas.getContext('2d');
  const iconWidth = options.width ?? LEGEND_ICON_SIZE;
  const iconHeight = options.height ?? LEGEND_ICON_SIZE;
  let top = 0;
  for (const l of layouts) {
    if (l.title !== undefined) {
      context.font = `bold ${FONT_PX * ratio}px sans-serif`;
      context.fillStyle = '#000000';
      context.textBaseline = 'middle';
      context.fillText(l.title, 0, (top + TITLE_ROW / 2) * ratio);
      top += TITLE_ROW;
    }
    for (const entry of l.entries) {
      await drawLegendIcon(canvas, entry, { width: iconWidth, height: iconHeight, pixelRatio: ratio, x: 0, y: top + (l.rowHeight - iconHeight) / 2 });
      if (l.labelled) {
        context.font = `${FONT_PX * ratio}px sans-serif`;
        context.fillStyle = '#000000';
        context.textBaseline = 'middle';
        context.fillText(entry.title, (iconWidth + LABEL_GAP) * ratio, (top + l.rowHeight / 2) * ratio);
      }
      top += l.rowHeight;
    }
  }
  return encodeImage(canvas, 'image/png', { transparent: options.transparent ?? false, bgcolor: options.bgcolor });
}

/** The size in pixels of the PNG `drawLegendsPng` draws (the LegendURL's width and height). */
export function legendPngSize(layers: LegendLayer[], options: LegendPngOptions = {}): { width: number; height: number } {
  const { width, height } = layout(layers, options);
  return { width, height };
}

function layout(layers: LegendLayer[], options: LegendPngOptions): { width: number; height: number; layouts: LayerLayout[] } {
  const iconWidth = options.width ?? LEGEND_ICON_SIZE;
  const iconHeight = options.height ?? LEGEND_ICON_SIZE;
  const ratio = options.pixelRatio ?? 1;
  const measure = createMapCanvas(1, 1).getContext('2d');
  const titled = layers.length > 1;
  let textWidth = 0;
  let cssHeight = 0;
  const layouts = layers.map((layer): LayerLayout => {
    const all = legendEntries(layer.style);
    const entries = layer.rule === undefined ? all : all.filter((entry) => entry.name === layer.rule);
    if (layer.rule !== undefined && entries.length === 0) throw new Error(`The style has no rule named ${layer.rule}.`);
    const labelled = layer.rule === undefined && (entries.length > 1 || options.forceLabels === true);
    const rowHeight = Math.max(iconHeight, labelled ? Math.ceil(FONT_PX * 1.25) : 0);
    if (labelled) {
      measure.font = `${FONT_PX * ratio}px sans-serif`;
      for (const entry of entries) textWidth = Math.max(textWidth, (iconWidth + LABEL_GAP) * ratio + measure.measureText(entry.title).width);
    }
    const title = titled ? (layer.title ?? layer.style.name) : undefined;
    if (title !== undefined) {
      measure.font = `bold ${FONT_PX * ratio}px sans-serif`;
      textWidth = Math.max(textWidth, measure.measureText(title).width);
      cssHeight += TITLE_ROW;
    }
    cssHeight += rowHeight * entries.length;
    return { entries, labelled, rowHeight, title };
  });
  const width = Math.max(1, Math.ceil(Math.max(iconWidth * ratio, textWidth)));
  const height = Math.max(1, Math.ceil(Math.max(cssHeight, layers.length === 1 ? iconHeight : 0) * ratio));
  return { width, height, layouts };
}
