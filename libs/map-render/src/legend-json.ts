import type { Filter, Symbolizer } from 'geostyler-style';
import type { CompiledStyle } from './compiled-style';
import { legendEntries, type LegendEntry } from './legend';

/** One layer of GeoServer's JSON legend (`GetLegendGraphic&FORMAT=application/json`). */
export interface JsonLegendLayer {
  layerName: string;
  title?: string;
  rules: JsonLegendRule[];
}

/** One rule of the JSON legend: name, title, its filter in CQL (`[…]`), its symbolizers by kind. */
export interface JsonLegendRule {
  name?: string;
  title?: string;
  abstract?: string;
  filter?: string;
  symbolizers?: Record<string, Record<string, unknown>>[];
}

/**
 * The JSON legend of a style, shaped as GeoServer's JSONLegendGraphicBuilder writes it
 * (`{"Legend":[{layerName, title, rules:[{name, title, filter, symbolizers:[{"Polygon":{…}}]}]}]}`
 * is made of these layers): numbers and colours as strings, filters as `[CQL]`. `ruleName` keeps
 * only that rule (GetLegendGraphic's RULE).
 */
export function legendJson(style: CompiledStyle, layer: { layerName: string; title?: string; ruleName?: string }): JsonLegendLayer {
  const entries = legendEntries(style).filter((entry) => layer.ruleName === undefined || entry.name === layer.ruleName);
  return {
    layerName: layer.layerName,
    ...(layer.title !== undefined ? { title: layer.title } : {}),
    rules: entries.map((entry) => jsonRule(entry)),
  };
}

function jsonRule({ rule, name, ruleTitle, abstract }: LegendEntry): JsonLegendRule {
  const symbolizers = rule.symbolizers.map(jsonSymbolizer).filter((s): s is Record<string, Record<string, unknown>> => s !== null);
  return {
    ...(name ? { name } : {}),
    ...(ruleTitle ? { title: ruleTitle } : {}),
    ...(abstract ? { abstract } : {}),
    ...(rule.filter ? { filter: `[${filterToCql(rule.filter)}]` } : {}),
    ...(symbolizers.length ? { symbolizers } : {}),
  };
}

function jsonSymbolizer(symbolizer: Symbolizer): Record<string, Record<string, unknown>> | null {
  const s = symbolizer as unknown as Record<string, unknown>;
  switch (symbolizer.kind) {
    case 'Fill':
      return {
        Polygon: clean({
          ...stroke(s.outlineColor, s.outlineWidth, s.outlineOpacity, s.outlineCap, s.outlineJoin, s.outlineDasharray),
          fill: text(s.color ?? '#808080'),
          'fill-opacity': javaNumber(s.fillOpacity ?? s.opacity ?? 1),
        }),
      };
    case 'Line':
      return {
        Line: clean({
          ...stroke(s.color ?? '#000000', s.width ?? 1, s.opacity ?? 1, s.cap, s.join, s.dasharray),
          'perpendicular-offset': s.perpendicularOffset === undefined ? undefined : javaNumber(s.perpendicularOffset),
        }),
      };
    case 'Mark':
      return {
        Point: clean({
          size: javaNumber(typeof s.radius === 'number' ? s.radius * 2 : s.radius),
          opacity: javaNumber(s.opacity ?? 1),
          rotation: javaNumber(s.rotate ?? 0),
          graphics: [
            clean({
              mark: text(s.wellKnownName),
              fill: text(s.color),
              'fill-opacity': javaNumber(s.fillOpacity ?? 1),
              ...stroke(s.strokeColor, s.strokeWidth, s.strokeOpacity, undefined, undefined, undefined),
            }),
          ],
        }),
      };
    case 'Icon':
      return {
        Point: clean({
          size: javaNumber(s.size),
          opacity: javaNumber(s.opacity ?? 1),
          rotation: javaNumber(s.rotate ?? 0),
          graphics: [
            clean({
              'external-graphic-url': typeof s.image === 'string' && s.image.startsWith('data:') ? undefined : text(s.image),
              'external-graphic-type': text(s.format),
            }),
          ],
        }),
      };
    case 'Text':
      return {
        Text: clean({
          label: typeof s.label === 'string' ? s.label.replace(/\{\{\s*([^}]+?)\s*\}\}/g, '[$1]') : text(s.label),
          fonts: [
            clean({
              'font-family': Array.isArray(s.font) ? s.font : undefined,
              'font-size': javaNumber(s.size),
              'font-style': text(s.fontStyle),
              'font-weight': text(s.fontWeight),
            }),
          ],
          fill: text(s.color ?? '#000000'),
          'fill-opacity': javaNumber(s.opacity ?? 1),
          halo:
            s.haloWidth === undefined
              ? undefined
              : clean({ radius: javaNumber(s.haloWidth), fill: text(s.haloColor ?? '#FFFFFF'), 'fill-opacity': javaNumber(s.haloOpacity ?? 1) }),
        }),
      };
    default:
      return null;
  }
}

function stroke(color: unknown, width: unknown, opacity: unknown, cap: unknown, join: unknown, dasharray: unknown): Record<string, unknown> {
  if (color === undefined) return {};
  return {
    stroke: text(color),
    'stroke-width': javaNumber(width ?? 1),
    'stroke-opacity': javaNumber(opacity ?? 1),
    'stroke-linecap': text(cap ?? 'butt'),
    'stroke-linejoin': text(join ?? 'miter'),
    'stroke-dasharray': Array.isArray(dasharray) ? dasharray.map(javaNumber).join(' ') : undefined,
  };
}

/** GeoServer prints numbers with Java's Double.toString: `1.0`, `0.5`. Expressions as `'[…]'`. */
function javaNumber(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return Number.isInteger(value) ? `${value}.0` : String(value);
  if (typeof value === 'string') return value;
  return `'[${expressionToCql(value)}]'`;
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object'
    ? `'[${expressionToCql(value)}]'`
    : String(value).toUpperCase().startsWith('#')
      ? String(value).toUpperCase()
      : String(value);
}

function clean(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

const CQL_OPERATORS: Record<string, string> = { '==': '=', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

/** A GeoStyler filter as ECQL text, as GeoTools' CQL.toCQL prints an SLD filter. */
export function filterToCql(filter: Filter): string {
  const value = filter as unknown;
  if (!Array.isArray(value)) return expressionToCql(value);
  const [operator, ...operands] = value as [string, ...unknown[]];
  switch (operator) {
    case '&&':
      return operands.map((f) => `(${filterToCql(f as Filter)})`).join(' AND ');
    case '||':
      return operands.map((f) => `(${filterToCql(f as Filter)})`).join(' OR ');
    case '!':
      return `NOT (${filterToCql(operands[0] as Filter)})`;
    case '*=':
      return `${propertyToCql(operands[0])} LIKE '%${String(operands[1]).replace(/'/g, "''")}%'`;
    case '<=x<=':
      return `${propertyToCql(operands[0])} BETWEEN ${literalToCql(operands[1])} AND ${literalToCql(operands[2])}`;
    default:
      if (operator in CQL_OPERATORS) {
        if (operands[1] === null) return `${propertyToCql(operands[0])} IS ${operator === '!=' ? 'NOT ' : ''}NULL`;
        return `${propertyToCql(operands[0])} ${CQL_OPERATORS[operator]} ${literalToCql(operands[1])}`;
      }
      return expressionToCql(value);
  }
}

function propertyToCql(value: unknown): string {
  return typeof value === 'string' ? value : expressionToCql(value);
}

function literalToCql(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return expressionToCql(value);
}

function expressionToCql(value: unknown): string {
  if (value && typeof value === 'object' && 'name' in value) {
    const fn = value as { name: string; args?: unknown[] };
    if (fn.name === 'property' && typeof fn.args?.[0] === 'string') return fn.args[0];
    return `${fn.name}(${(fn.args ?? []).map(literalToCql).join(', ')})`;
  }
  return literalToCql(value);
}
