import { drawLegendIcon, LEGEND_ICON_SIZE, legendEntries, type CompiledStyle } from '@geocatalog/map-render';
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

/** GeoServer's legend font: 12 px sans-serif, black; labels start 3 px right of the icon. */
const FONT_PX = 12;
const LABEL_GAP = 3;

/**
 * The PNG legend of a style: one icon per rule, top to bottom, with the rule's title beside it
 * (GeoServer's GetLegendGraphic image). With `rule`, that rule's icon alone.
 */
export async function drawLegendPng(style: CompiledStyle, options: LegendPngOptions = {}): Promise<Buffer> {
  const iconWidth = options.width ?? LEGEND_ICON_SIZE;
  const iconHeight = options.height ?? LEGEND_ICON_SIZE;
  const ratio = options.pixelRatio ?? 1;
  const all = legendEntries(style);
  const entries = options.rule === undefined ? all : all.filter((entry) => entry.name === options.rule);
  if (options.rule !== undefined && entries.length === 0) throw new Error(`The style has no rule named ${options.rule}.`);
  const labelled = options.rule === undefined && (entries.length > 1 || options.forceLabels === true);
  const font = `${FONT_PX * ratio}px sans-serif`;
  const measure = createMapCanvas(1, 1).getContext('2d');
  measure.font = font;
  const labelWidth = labelled ? Math.max(0, ...entries.map((entry) => measure.measureText(entry.title).width)) : 0;
  const rowHeight = Math.max(iconHeight, labelled ? Math.ceil(FONT_PX * 1.25) : 0);
  const width = Math.max(1, Math.ceil(iconWidth * ratio + (labelled ? LABEL_GAP * ratio + labelWidth : 0)));
  const height = Math.max(1, Math.ceil(rowHeight * Math.max(1, entries.length) * ratio));
  const canvas = createMapCanvas(width, height);
  const context = canvas.getContext('2d');
  for (const [index, entry] of entries.entries()) {
    const top = index * rowHeight;
    await drawLegendIcon(canvas, entry, { width: iconWidth, height: iconHeight, pixelRatio: ratio, x: 0, y: top + (rowHeight - iconHeight) / 2 });
    if (labelled) {
      context.font = font;
      context.fillStyle = '#000000';
      context.textBaseline = 'middle';
      context.fillText(entry.title, (iconWidth + LABEL_GAP) * ratio, (top + rowHeight / 2) * ratio);
    }
  }
  return encodeImage(canvas, 'image/png', { transparent: options.transparent ?? false, bgcolor: options.bgcolor });
}
