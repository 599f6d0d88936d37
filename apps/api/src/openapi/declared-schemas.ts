/**
 * The JSON Schemas of a declared resource: the value rules come from its class-validator
 * decorators (through class-validator-jsonschema: types, enums, patterns), the shape from its
 * `@Wire` fields (element names, GeoServer's Jettison layout, what is always written). A field
 * added to a declaration is documented, and checked by the e2e response validation, at once.
 */
import { DeclarationClass, WireField, wireFields } from '@geocatalog/catalog-model';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { anyBool, anyInt, anyNum, bool, date, entryMap, int, JsonSchema, lenient, num, object } from './schema-parts';

let ruleSchemas: Record<string, JsonSchema> | undefined;

/** What the class-validator rules say about one property (`{}` when nothing). */
function rulesOf(declaration: DeclarationClass, property: string): JsonSchema {
  ruleSchemas ??= validationMetadatasToSchemas() as Record<string, JsonSchema>;
  const properties = (ruleSchemas[declaration.name]?.properties ?? {}) as Record<string, JsonSchema>;
  const rules = { ...(properties[property] ?? {}) };
  delete rules.type;
  return rules;
}

/** A field the catalog always writes: a fixed value, or a scalar whose column cannot be null. */
function alwaysWritten(field: WireField): boolean {
  if (field.constant !== undefined) return true;
  if (field.writeIf || !field.column || field.column.nullable) return false;
  return field.kind === 'boolean' || field.kind === 'integer' || field.kind === 'text';
}

function described(schema: JsonSchema, field: WireField): JsonSchema {
  return field.description ? { ...schema, description: field.description } : schema;
}

function responseField(declaration: DeclarationClass, field: WireField): JsonSchema {
  const rules = rulesOf(declaration, field.property);
  if (field.constant !== undefined) return { const: field.constant };
  switch (field.kind) {
    case 'text':
      return { type: 'string', ...rules };
    case 'boolean':
      return bool;
    case 'integer':
      return int;
    case 'number':
      return num;
    case 'strings':
      return object({ [field.item ?? 'string']: { type: 'array', items: { type: 'string', ...((rules.items as JsonSchema) ?? {}) } } }, [
        field.item ?? 'string',
      ]);
    case 'entries':
      return entryMap;
    case 'object':
      return responseSchema(field.type!(), {});
    case 'date':
      return date;
    case 'given':
      return {};
  }
}

/**
 * The strict schema of a representation (`additionalProperties: false`). `given` documents the
 * fields the mapper writes, by property, with whether they are always there.
 */
export function responseSchema(declaration: DeclarationClass, given: Record<string, { schema: JsonSchema; always?: boolean }>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of wireFields(declaration)) {
    const supplied = given[field.property];
    if ((field.kind === 'given' && !supplied) || field.writeOnly) continue;
    properties[field.element] = described(supplied?.schema ?? responseField(declaration, field), field);
    if (supplied ? supplied.always : alwaysWritten(field)) required.push(field.element);
  }
  return object(properties, required);
}

function requestField(declaration: DeclarationClass, field: WireField): JsonSchema | undefined {
  const rules = rulesOf(declaration, field.property);
  switch (field.kind) {
    case 'text':
      return { type: 'string', ...rules };
    case 'boolean':
      return anyBool;
    case 'integer':
      return anyInt;
    case 'number':
      return anyNum;
    case 'strings': {
      const item = { type: 'string', ...((rules.items as JsonSchema) ?? {}) };
      return { type: 'object', properties: { [field.item ?? 'string']: { oneOf: [item, { type: 'array', items: item }] } } };
    }
    case 'entries':
      return {
        oneOf: [entryMap, { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } }],
        description: '`{"entry":[{"@key":"k","$":"v"}]}` or `{"k":"v"}`; values are kept as strings',
      };
    case 'object':
      return requestSchema(field.type!(), {}, 'merged field by field');
    case 'date':
    case 'given':
      return undefined;
  }
}

/**
 * The lenient schema of a request body: every field optional (PUT merges), unknown ones ignored.
 * `given` documents fields a quirk reads (references), by property.
 */
export function requestSchema(declaration: DeclarationClass, given: Record<string, JsonSchema>, description: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of wireFields(declaration)) {
    if (field.readOnly || field.constant !== undefined) continue;
    const schema = given[field.property] ?? requestField(declaration, field);
    if (schema) properties[field.element] = described(schema, field);
  }
  return lenient(properties, description);
}
