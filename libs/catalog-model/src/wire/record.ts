/**
 * Reading a record back from the JSON representation the api wrote (`{"dataStore":{…}}`): the
 * console's readers. Each declared field is read by the same rules as a request body (`read.ts`),
 * server-owned ones included, so a field the declaration gains is read by every client at once;
 * references (`given`) are read where the declaration says how, else left to the caller, who
 * knows the links. Absent fields take the declared defaults (`withDefaults`).
 */
import { DeclarationClass, wireRoot } from './declare';
import { wrapped } from './jettison';
import { nodesFromJson } from './node';
import { readFields, Sent, withDefaults } from './read';

/** Deepest nesting a representation is read to (a record is a few levels deep). */
const MAX_DEPTH = 32;

/**
 * The declared fields of the record under the declaration's root element, with the raw object
 * (for the references the caller reads itself). A body without that root is an error naming it.
 */
export function readRecord<T extends object>(declaration: DeclarationClass<T>, body: unknown): { fields: Sent<T>; raw: Record<string, unknown> } {
  const root = wireRoot(declaration);
  const raw = wrapped(body, root, root);
  const [node] = nodesFromJson(root, raw, MAX_DEPTH, () => new Error(`The ${root} is nested too deeply.`));
  return { fields: withDefaults(declaration, readFields(declaration, node, 'representation')), raw };
}
