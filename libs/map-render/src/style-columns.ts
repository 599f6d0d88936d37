import type { CompiledStyle } from './compiled-style';

const COMPARISONS = new Set(['==', '*=', '!=', '<', '<=', '>', '>=', '<=x<=']);
const COMBINATIONS = new Set(['&&', '||', '!']);

/**
 * The attribute names a style reads: in rule filters, labels (`{{name}}` templates) and property
 * functions anywhere in its symbolizers or scale ranges. GetMap selects only these columns.
 * Sorted, each once.
 */
export function styleColumns(style: CompiledStyle): string[] {
  const columns = new Set<string>();
  const expression = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)) columns.add(match[1]);
      return;
    }
    if (Array.isArray(value)) {
      value.forEach(expression);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (record.name === 'property' && Array.isArray(record.args) && typeof record.args[0] === 'string') {
      columns.add(record.args[0]);
      return;
    }
    Object.values(record).forEach(expression);
  };
  const filter = (value: unknown): void => {
    if (!Array.isArray(value) || value.length === 0) {
      expression(value);
      return;
    }
    const [operator, ...operands] = value as unknown[];
    if (COMBINATIONS.has(operator as string)) {
      operands.forEach(filter);
    } else if (COMPARISONS.has(operator as string)) {
      // A comparison's first operand is a property name (or an expression), the rest are values.
      if (typeof operands[0] === 'string') columns.add(operands[0]);
      else expression(operands[0]);
      operands.slice(1).forEach((operand) => typeof operand === 'object' && expression(operand));
    }
  };
  for (const rule of style.geostyler.rules) {
    filter(rule.filter);
    expression(rule.scaleDenominator);
    for (const symbolizer of rule.symbolizers) expression(symbolizer);
  }
  return [...columns].sort();
}
