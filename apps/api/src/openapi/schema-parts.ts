/** Building blocks of the OpenAPI document's JSON Schemas (OpenAPI 3.1 / JSON Schema 2020-12). */

/** A JSON Schema object (the subset this document uses). */
export type JsonSchema = { [key: string]: unknown };

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const str = (description?: string): JsonSchema => (description ? { type: 'string', description } : { type: 'string' });
export const bool: JsonSchema = { type: 'boolean' };
export const int: JsonSchema = { type: 'integer' };
export const num: JsonSchema = { type: 'number' };
export const uri: JsonSchema = { type: 'string', format: 'uri' };

/** A strict object: every listed property is known, `required` ones are always written. */
export function object(properties: Record<string, JsonSchema>, required: string[] = [], description?: string): JsonSchema {
  return { type: 'object', ...(description ? { description } : {}), properties, required, additionalProperties: false };
}

/** A document `{"root": …}`. */
export function rootDoc(root: string, body: JsonSchema, description?: string): JsonSchema {
  return object({ [root]: body }, [root], description);
}

/** GeoServer's JSON for a collection: an array of items, or `""` when it is empty (Jettison). */
export function listOf(item: string, itemSchema: JsonSchema): JsonSchema {
  return { oneOf: [{ const: '' }, object({ [item]: { type: 'array', items: itemSchema } }, [item])] };
}

/** `{"root": {"item": [{name, href}]}}` or `{"root": ""}`. */
export function namedLinkList(root: string, item: string, description: string): JsonSchema {
  return rootDoc(root, listOf(item, ref('NamedLink')), description);
}

/** `yyyy-MM-dd HH:mm:ss.S UTC`, milliseconds not zero-padded, as GeoServer writes dates. */
export const date: JsonSchema = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{1,3} UTC$',
  examples: ['2024-05-01 10:11:12.5 UTC'],
};

/** A CRS as GeoServer writes it: a code or WKT, with `@class: projected` for projected ones. */
export const crs: JsonSchema = {
  oneOf: [str(), object({ '@class': { const: 'projected' }, $: str() }, ['@class', '$'])],
};

/** A map written as `{"entry":[{"@key","$"}]}`; values are strings. */
export const entryMap: JsonSchema = {
  oneOf: [
    { const: '' },
    object(
      {
        entry: {
          type: 'array',
          // A text value, or a dimension (GeoServer's `time` entry: `{"@key":"time","dimensionInfo":{…}}`).
          items: {
            oneOf: [
              object({ '@key': str(), $: str() }, ['@key', '$']),
              object({ '@key': str(), dimensionInfo: { type: 'object' } }, ['@key', 'dimensionInfo']),
            ],
          },
        },
      },
      ['entry'],
    ),
  ],
};

// Request bodies: every field optional (PUT merges), unknown fields ignored. Booleans may be
// strings in any case (`"True"`), numbers may be strings, and references may be a bare string or
// an object with `name` (and `workspace`).

export const anyBool: JsonSchema = { type: ['boolean', 'string'], description: 'true/false in any case' };
export const anyInt: JsonSchema = { type: ['integer', 'string'] };
export const anyNum: JsonSchema = { type: ['number', 'string'] };
export const reference: JsonSchema = {
  oneOf: [str(), { type: 'object', properties: { name: str(), workspace: { oneOf: [str(), { type: 'object', properties: { name: str() } }] } } }],
  description: 'a name, `ws:name`, or `{name, workspace}`',
};
export const lenient = (properties: Record<string, JsonSchema>, description: string): JsonSchema => ({
  type: 'object',
  description,
  properties,
  additionalProperties: true,
});
