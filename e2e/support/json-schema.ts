/**
 * A small JSON Schema checker for the subset the OpenAPI document uses (type, const, enum,
 * properties, required, additionalProperties, items, oneOf, anyOf, pattern, local `$ref`s), so
 * specs can check answers against the served document without a schema library.
 */

export type Schema = { [key: string]: unknown };

/** Problems of `value` against `schema` (empty when it conforms), each with its JSON path. */
export function schemaProblems(value: unknown, schema: Schema, root: Schema, path = '$'): string[] {
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref, root);
    if (!target) return [`${path}: unresolved $ref ${schema.$ref}`];
    return schemaProblems(value, target, root, path);
  }
  if (Array.isArray(schema.oneOf)) {
    const matching = (schema.oneOf as Schema[]).filter((s) => schemaProblems(value, s, root, path).length === 0);
    if (matching.length !== 1) {
      const detail = (schema.oneOf as Schema[]).map((s) => schemaProblems(value, s, root, path).slice(0, 3).join('; ')).join(' | ');
      return [`${path}: matches ${matching.length} of the oneOf alternatives (${detail})`];
    }
  }
  if (Array.isArray(schema.anyOf) && !(schema.anyOf as Schema[]).some((s) => schemaProblems(value, s, root, path).length === 0)) {
    return [`${path}: matches none of the anyOf alternatives`];
  }
  const problems: string[] = [];
  if ('const' in schema && !deepEqual(value, schema.const)) problems.push(`${path}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => deepEqual(e, value))) {
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((t) => hasType(value, t))) {
      problems.push(`${path}: ${JSON.stringify(value)?.slice(0, 80)} is not of type ${types.join('|')}`);
      return problems;
    }
  }
  if (typeof value === 'string' && typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
    problems.push(`${path}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  }
  if (isObject(value)) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required ?? []) as string[]) {
      if (!(name in value)) problems.push(`${path}: missing required ${JSON.stringify(name)}`);
    }
    for (const [name, v] of Object.entries(value)) {
      const p = `${path}.${name}`;
      if (properties[name]) problems.push(...schemaProblems(v, properties[name], root, p));
      else if (schema.additionalProperties === false) problems.push(`${p}: not documented`);
      else if (isObject(schema.additionalProperties)) problems.push(...schemaProblems(v, schema.additionalProperties as Schema, root, p));
    }
  }
  if (Array.isArray(value) && isObject(schema.items)) {
    value.forEach((item, i) => problems.push(...schemaProblems(item, schema.items as Schema, root, `${path}[${i}]`)));
  }
  return problems;
}

function resolve(ref: string, root: Schema): Schema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (!isObject(node)) return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isObject(node) ? node : undefined;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return false;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
