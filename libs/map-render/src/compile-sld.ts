import OlStyleParser from 'geostyler-openlayers-parser';
import SldStyleParser from 'geostyler-sld-parser';
import type { Style as GeoStylerStyle } from 'geostyler-style';
import type { StyleFunction } from 'ol/style/Style';
import type Style from 'ol/style/Style';
import type { CompileOptions, CompileResult } from './compiled-style';
import { resolveIcons } from './icon-resources';
import { auditSld } from './sld-audit';

/**
 * Reads an SLD into the shared style model: geostyler-sld-parser → GeoStyler style →
 * geostyler-openlayers-parser → OpenLayers style function. Never throws: an SLD that cannot be
 * read comes back as `errors`, what cannot be drawn as `unsupported` (by element name).
 */
export async function compileSld(sld: string, options: CompileOptions = {}): Promise<CompileResult> {
  const audit = auditSld(sld);
  let read;
  try {
    read = await new SldStyleParser({ sldEnvironment: 'GeoServer', locale: 'en' }).readStyle(withoutGeometryProperty(sld));
  } catch (error) {
    return { style: null, errors: [messageOf(error)], unsupported: audit?.unsupported ?? [], approximated: audit?.approximated ?? [] };
  }
  if (read.errors?.length || !read.output) {
    const errors = (read.errors ?? ['The SLD could not be read.']).map(messageOf);
    return { style: null, errors, unsupported: audit?.unsupported ?? [], approximated: audit?.approximated ?? [] };
  }
  // The two parsers pin different geostyler-style majors; the style objects are plain JSON alike.
  const geostyler = read.output as unknown as GeoStylerStyle;
  const unsupported = new Set(audit?.unsupported ?? []);
  const approximated = new Set(audit?.approximated ?? []);
  // geostyler-sld-parser drops ElseFilter: the rule would draw every feature. Put it back.
  if (audit && audit.elseRules.length === geostyler.rules.length) {
    audit.elseRules.forEach((isElse, index) => {
      if (isElse) Object.assign(geostyler.rules[index], { elseRule: true });
    });
  } else if (audit?.elseRules.some(Boolean)) {
    unsupported.add('ElseFilter');
  }
  if (geostyler.rules.length === 0 && !/UserLayer|NamedLayer/.test([...unsupported].join(' '))) {
    unsupported.add('UserStyle (no rule the renderer can read)');
  }
  for (const missing of resolveIcons(geostyler, options.resources)) unsupported.add(missing);
  haloAsGeoServerDraws(geostyler);
  for (const line of inSldWords(flattenUnsupported(read.unsupportedProperties))) approximated.add(line);

  const olParser = new OlStyleParser();
  let written;
  try {
    written = await olParser.writeStyle(geostyler as never);
  } catch (error) {
    return { style: null, errors: [messageOf(error)], unsupported: [...unsupported], approximated: [...approximated] };
  }
  if (written.errors?.length || !written.output) {
    const errors = (written.errors ?? ['The style could not be turned into OpenLayers styles.']).map(messageOf);
    return { style: null, errors, unsupported: [...unsupported], approximated: [...approximated] };
  }
  for (const line of inSldWords(flattenUnsupported(written.unsupportedProperties))) {
    // The audit already names a RasterSymbolizer; GeoStyler says the same in its own words.
    if (!line.startsWith('Symbolizer RasterSymbolizer')) approximated.add(line);
  }
  const output = written.output as unknown as StyleFunction | Style | Style[];
  const olStyle: StyleFunction = typeof output === 'function' ? output : () => output;
  const rules = audit && audit.rules.length === geostyler.rules.length ? audit.rules : geostyler.rules.map((rule) => ({ name: rule.name ?? '' }));
  return {
    style: { name: geostyler.name, geostyler, rules, olStyle },
    errors: [],
    unsupported: [...unsupported],
    approximated: [...approximated],
  };
}

/**
 * The SLD without `<Geometry><ogc:PropertyName>…</ogc:PropertyName></Geometry>` (a symbolizer
 * naming the geometry column): geostyler-sld-parser fails on it, and the feature's one geometry is
 * what is drawn anyway (the audit reports it as approximated).
 */
function withoutGeometryProperty(sld: string): string {
  return sld.replace(/<([\w-]+:)?Geometry>\s*<([\w-]+:)?PropertyName>[^<]*<\/([\w-]+:)?PropertyName>\s*<\/([\w-]+:)?Geometry>/g, '');
}

/**
 * A Halo's Radius is how far GeoServer's halo reaches beyond the glyphs; GeoStyler makes it the
 * width of OpenLayers' text stroke, which reaches half its width beyond them. Doubled here, so a
 * halo is as wide as GeoServer draws it.
 */
function haloAsGeoServerDraws(style: GeoStylerStyle): void {
  for (const rule of style.rules) {
    for (const symbolizer of rule.symbolizers) {
      if (symbolizer.kind === 'Text' && typeof symbolizer.haloWidth === 'number') symbolizer.haloWidth *= 2;
    }
  }
}

/** GeoStyler's notes that say less than the audit does (it names LinePlacement itself). */
const GEOSTYLER_NOISE = [/^Symbolizer TextSymbolizer placement \(partial\)/];

/** GeoStyler's notes in the SLD's words. */
const GEOSTYLER_WORDS: [RegExp, string][] = [
  [/^Symbolizer TextSymbolizer anchor$/, 'AnchorPoint (a label is centred on its point)'],
  [/^Symbolizer IconSymbolizer size /, "Size (an ExternalGraphic's Size sets its width, not its height)"],
];

function inSldWords(lines: string[]): string[] {
  return lines
    .filter((line) => !GEOSTYLER_NOISE.some((noise) => noise.test(line)))
    .map((line) => GEOSTYLER_WORDS.find(([pattern]) => pattern.test(line))?.[1] ?? line);
}

/** Flattens GeoStyler's nested `unsupportedProperties` into readable lines. */
export function flattenUnsupported(value: unknown, path: string[] = []): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [`${path.join(' ')}${value === 'none' ? '' : ` (${value})`}`.trim()];
  if (typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (typeof record.support === 'string') {
    const info = typeof record.info === 'string' ? `: ${record.info}` : '';
    return [`${path.join(' ')} (${record.support})${info}`];
  }
  return Object.entries(record).flatMap(([key, inner]) => flattenUnsupported(inner, [...path, key]));
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // fast-xml-parser's messages carry a long context; the first sentence says enough.
  return text.split('\n')[0];
}
