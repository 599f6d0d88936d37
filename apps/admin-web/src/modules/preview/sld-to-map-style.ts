import SldStyleParser from 'geostyler-sld-parser';
import OlStyleParser from 'geostyler-openlayers-parser';
import type { Rule, Style as GeoStylerStyle, Symbolizer } from 'geostyler-style';
import type { StyleLike } from 'ol/style/Style';

/**
 * The SLD text, read by geostyler-sld-parser into a GeoStyler style and written by
 * geostyler-openlayers-parser as an OpenLayers style. The SLD stays the source of truth: nothing
 * here is ever written back to the server.
 */
export interface MapStyle {
  /** The style for the vector layer; null when the SLD could not be read. */
  style: StyleLike | null;
  /** The intermediate GeoStyler style (for the legend). */
  geostyler: GeoStylerStyle | null;
  /** Why the SLD could not be drawn. */
  errors: string[];
  /** What the browser cannot draw (the server may still): "TextSymbolizer anchor", … */
  warnings: string[];
}

/** One legend entry: a rule's title and what it draws. */
export interface LegendEntry {
  title: string;
  /** Kinds of the rule's symbolizers: `Fill`, `Line`, `Mark`, `Icon`, `Text`. */
  kinds: string[];
  /** The rule, as a one-rule GeoStyler style, for drawing its swatch. */
  style: GeoStylerStyle;
}

/** Reads an SLD and writes the OpenLayers style. Never throws: problems come back as `errors`. */
export async function sldToMapStyle(sld: string): Promise<MapStyle> {
  const sldParser = new SldStyleParser({ sldEnvironment: 'GeoServer', locale: 'en' });
  let read;
  try {
    read = await sldParser.readStyle(sld);
  } catch (error) {
    return { style: null, geostyler: null, errors: [messageOf(error)], warnings: [] };
  }
  if (read.errors?.length || !read.output) {
    return { style: null, geostyler: null, errors: (read.errors ?? ['The SLD could not be read.']).map(messageOf), warnings: [] };
  }
  // The two parsers pin different geostyler-style majors; the style objects are plain JSON alike.
  const geostyler = read.output as unknown as GeoStylerStyle;
  const warnings = unsupportedList(read.unsupportedProperties);
  const olParser = new OlStyleParser();
  try {
    const written = await olParser.writeStyle(geostyler as never);
    if (written.errors?.length || !written.output) {
      return { style: null, geostyler, errors: (written.errors ?? ['The style could not be drawn.']).map(messageOf), warnings };
    }
    return { style: written.output as StyleLike, geostyler, errors: [], warnings: [...warnings, ...unsupportedList(written.unsupportedProperties)] };
  } catch (error) {
    return { style: null, geostyler, errors: [messageOf(error)], warnings };
  }
}

/** The legend entries of a style: one per rule, titled by the rule's name (or its number). */
export function legendEntries(style: GeoStylerStyle): LegendEntry[] {
  return style.rules.map((rule: Rule, index: number) => ({
    title: rule.name || `Rule ${index + 1}`,
    kinds: rule.symbolizers.map((symbolizer: Symbolizer) => symbolizer.kind),
    // The swatch shows the symbolizers alone: no filter or scale limit may hide it.
    style: { name: rule.name || `rule-${index}`, rules: [{ name: rule.name || `rule-${index}`, symbolizers: rule.symbolizers }] },
  }));
}

/** Writes one legend entry's style as an OpenLayers style (for its swatch). */
export async function legendStyle(entry: LegendEntry): Promise<StyleLike | null> {
  try {
    const written = await new OlStyleParser().writeStyle(entry.style as never);
    return (written.output as StyleLike | undefined) ?? null;
  } catch {
    return null;
  }
}

/** Flattens GeoStyler's nested `unsupportedProperties` into readable lines. */
export function unsupportedList(value: unknown, path: string[] = []): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [`${path.join(' ')}${value === 'none' ? '' : ` (${value})`}`.trim()];
  if (typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (typeof record.support === 'string') {
    const info = typeof record.info === 'string' ? `: ${record.info}` : '';
    return [`${path.join(' ')} (${record.support})${info}`];
  }
  return Object.entries(record).flatMap(([key, inner]) => unsupportedList(inner, [...path, key]));
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // fast-xml-parser's messages carry a long context; the first sentence says enough.
  return text.split('\n')[0];
}
