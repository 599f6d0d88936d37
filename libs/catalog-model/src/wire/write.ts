/**
 * A declared resource as a representation: its fields in declared (GeoServer's) order, each
 * written by its kind — nulls, empty lists and empty maps omitted as XStream omits them — with the
 * values the mapper gives (links, references) in their places.
 */
import { DeclarationClass, WireField, wireFields } from './declare';
import { formatDate } from './date-format';
import { metadataValueRep } from './dimension-entry';
import { dbl, entries, list, obj, Rep, RepObject } from './representation';

/** Values the mapper supplies, by property: they replace what the record holds. */
export type Given = Record<string, Rep | undefined | null>;

function writeField(field: WireField, value: unknown): Rep | undefined {
  if (field.writeOnly) return undefined;
  if (field.constant !== undefined) return field.constant;
  if (value === undefined || value === null) return undefined;
  if (field.writeIf && !field.writeIf(value)) return undefined;
  if (field.write) return field.write(value);
  switch (field.kind) {
    case 'text':
    case 'boolean':
    case 'integer':
      return value as string | number | boolean;
    case 'number':
      return dbl(value as number);
    case 'strings': {
      const items = value as string[];
      return items.length ? list(field.item ?? 'string', items) : undefined;
    }
    case 'entries': {
      const pairs = Object.entries(value as Record<string, string>);
      return pairs.length ? entries(pairs.map(([k, v]) => [k, metadataValueRep(v)])) : undefined;
    }
    case 'object':
      if (!field.type) throw new Error(`${field.property} is an object field without a type`);
      return declaredRep(field.type(), value as object);
    case 'date':
      return formatDate(value as Date);
    case 'given':
      return undefined;
  }
}

/** The record's declared fields as an object node; `given` values take their property's place. */
export function declaredRep<T extends object>(
  declaration: DeclarationClass<T>,
  record: T | Partial<T>,
  given: Given = {},
  attrs: Array<[string, string]> = [],
): RepObject {
  const values = record as Record<string, unknown>;
  return obj(
    wireFields(declaration).map((field): [string, Rep | undefined | null] => [
      field.element,
      field.property in given ? given[field.property] : writeField(field, values[field.property]),
    ]),
    attrs,
  );
}
