/**
 * The wire half of a resource declaration. A resource is one class in `resources/`: each property
 * carries `class-validator` decorators (what a valid value is) and one `@Wire` (how GeoServer
 * names, orders, reads and writes it). Readers, the PUT merge, representations, OpenAPI schemas,
 * the console's form checks and the entity columns all come from these two.
 */
import type { Rep } from './representation';
import type { WireNode } from './node';

/**
 * How a value travels. `text`, `boolean`, `integer` (PostgreSQL `integer` range), `number` (a Java
 * double) are scalars; `strings` is `<x><string>a</string>…</x>`; `entries` a map
 * (`<entry key="k">v</entry>`, and GeoServer's three other spellings on input); `object` a nested
 * declaration; `date` a timestamp written as GeoServer does and never read; `given` a value the
 * mapper supplies (links, references to other records).
 */
export type WireKind = 'text' | 'boolean' | 'integer' | 'number' | 'strings' | 'entries' | 'object' | 'date' | 'given';

/** A stored column for a field: plain data, turned into a TypeORM column by the api. */
export interface WireColumn {
  /** Column name; snake_case of the property when absent. */
  name?: string;
  type: 'text' | 'varchar' | 'boolean' | 'integer' | 'json' | 'timestamptz';
  length?: number;
  nullable?: boolean;
  /** SQL default: a literal, or `now()` for timestamps. */
  default?: string | number | boolean;
}

export interface WireOptions {
  kind: WireKind;
  /** GeoServer's element name; the property name when absent. */
  element?: string;
  /** Other element names accepted on input (`fileName` for `filename`). */
  aliases?: readonly string[];
  /** Text read as sent (no trimming): titles and abstracts keep their spaces. */
  keepSpace?: boolean;
  /** Empty text reads as absent rather than as `''`. */
  emptyIsAbsent?: boolean;
  /** Text read in this case before it is checked (enumerations). */
  letterCase?: 'upper' | 'lower';
  /** Not read from bodies: the server owns it. */
  readOnly?: boolean;
  /** Read from bodies, never written (passwords). */
  writeOnly?: boolean;
  /** Not copied by the PUT merge: the service decides (renames, CRS changes). */
  mergedByService?: boolean;
  /** For `strings`: the item element (`string` when absent). */
  item?: string;
  /** For `object`: the nested declaration. */
  type?: () => DeclarationClass;
  /** Written as this value whatever the record holds (GeoServer's fixed `false` flags). */
  constant?: string | number | boolean;
  /** Written only when this holds (GeoServer omits `advertised` while it is true). */
  writeIf?: (value: unknown) => boolean;
  /** A quirk: reads the field from the parent node instead of the kind's rule. */
  read?: (parent: WireNode, element: string) => unknown;
  /** A quirk: writes the field instead of the kind's rule. */
  write?: (value: unknown) => Rep | undefined;
  /** Where the record keeps it; absent for fields that are not columns of their own. */
  column?: WireColumn;
  /** One sentence for the OpenAPI description. */
  description?: string;
}

/** A declared field: the property it sits on and its wire options. */
export interface WireField extends WireOptions {
  property: string;
  element: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any class: declarations take no constructor arguments
export type DeclarationClass<T = any> = new () => T;

const declarations = new Map<object, WireField[]>();
const roots = new Map<object, string>();

/** Declares how a property travels on the wire; the order of declaration is GeoServer's order. */
export function Wire(options: WireOptions): PropertyDecorator {
  return (prototype, property) => {
    const owner = prototype.constructor;
    const fields = declarations.get(owner) ?? [];
    fields.push({ ...options, property: String(property), element: options.element ?? String(property) });
    declarations.set(owner, fields);
  };
}

/** Names the root element of a resource (`featureType`) on its class. */
export function WireRoot(element: string): ClassDecorator {
  return (target) => {
    roots.set(target, element);
  };
}

/** The declared fields of a resource, in GeoServer's order. */
export function wireFields(declaration: DeclarationClass): readonly WireField[] {
  const fields = declarations.get(declaration);
  if (!fields) throw new Error(`${declaration.name} declares no @Wire field`);
  return fields;
}

/** The root element of a resource declared with {@link WireRoot}. */
export function wireRoot(declaration: DeclarationClass): string {
  const root = roots.get(declaration);
  if (!root) throw new Error(`${declaration.name} has no @WireRoot`);
  return root;
}

/** Column name of a field: its own, or snake_case of the property. */
export function columnName(field: WireField): string {
  return field.column?.name ?? field.property.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
