import { child, DIMENSION_ELEMENT, Namespace, readDeclared, wireFields, type DeclarationClass, type Sent, type WireNode } from '@geocatalog/catalog-model';

/** How the reader turns a record's XML into its declared input (contract §8): the REST body's rules, references left to the reader. */

/** A declared input without the reference fields (`given`): the Dir record holds those, resolved. */
export function declaredInput<T extends object>(declaration: DeclarationClass<T>, node: WireNode): Sent<T> {
  const input = readDeclared(declaration, node) as Record<string, unknown>;
  // References (given, no column of their own) are resolved by the reader; a stored given value (a feature type's attribute subset) stays.
  for (const field of wireFields(declaration)) if (field.kind === 'given' && !field.column) delete input[field.property];
  return input as Sent<T>;
}

/** As {@link declaredInput}, for a record that must have a name (every record GeoServer writes). */
export function namedInput<T extends { name: string }>(declaration: DeclarationClass<T>, node: WireNode): Sent<T> & { name: string } {
  const input = declaredInput(declaration, node);
  if (!input.name) throw new Error(`It has no ${(declaration as unknown) === Namespace ? 'prefix' : 'name'}`);
  return input as Sent<T> & { name: string };
}

/**
 * Metadata entries whose value is a structure (SQL views…), not text, are left out; a dimension
 * (`<dimensionInfo>`: the time column, contract §11) is kept, as the REST API keeps it.
 */
export function withTextMetadata(node: WireNode): WireNode {
  const metadata = child(node, 'metadata');
  if (!metadata) return node;
  const plain = metadata.children.filter((e) => e.children.every((c) => c.name === 'string') || child(e, DIMENSION_ELEMENT));
  return { ...node, children: node.children.map((c) => (c === metadata ? { ...metadata, children: plain } : c)) };
}

export function metadataKeys(node: WireNode): string[] {
  const metadata = child(node, 'metadata');
  return metadata ? metadata.children.map((e) => e.attrs.key ?? e.name) : [];
}
