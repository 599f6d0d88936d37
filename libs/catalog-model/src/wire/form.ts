import { CatalogError } from '../errors';
import { DeclarationClass, wireRoot } from './declare';
import { nodesFromJson } from './node';
import { readDeclared } from './read';

/**
 * Why the api would refuse these form values, in the api's words, or null: the values go through
 * the same reading and the same rules as a JSON body (`{"root": values}`), so the console and the
 * api cannot disagree.
 */
export function formProblem<T extends object>(declaration: DeclarationClass<T>, values: Record<string, unknown>, groups?: string[]): string | null {
  try {
    const tooDeep = () => new CatalogError('MALFORMED_BODY', 'The form is nested too deeply');
    const [node] = nodesFromJson(wireRoot(declaration), values, 16, tooDeep);
    readDeclared(declaration, node, groups);
    return null;
  } catch (err) {
    if (err instanceof CatalogError) return err.message;
    throw err;
  }
}
