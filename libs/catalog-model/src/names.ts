import { CatalogError } from './errors';

/** Longest name accepted for a workspace, store, feature type, layer or style. */
export const MAX_NAME_LENGTH = 255;

// A letter of any script or `_` first; then letters, digits (any script), `_`, `-`, `.`.
// Combining marks are allowed after the first character so that scripts that need them
// (Devanagari, Thai, decomposed Latin) can be written.
const NAME_PATTERN = /^[\p{L}_][\p{L}\p{M}\p{Nd}_.-]*$/u;

/** Kinds of catalog record that carry a name checked by {@link checkName}. */
export type NamedKind = 'workspace' | 'namespace' | 'data store' | 'feature type' | 'layer' | 'style' | 'user';

/**
 * Why a name is refused, or `null` when it is acceptable. The rule: 1–255 characters, starting
 * with a letter of any script or `_`, then only letters, digits, `_`, `-` and `.`, never `..`.
 */
export function nameProblem(name: string): string | null {
  if (name.length === 0) return 'it is empty';
  if ([...name].length > MAX_NAME_LENGTH) return `it is longer than ${MAX_NAME_LENGTH} characters`;
  if (!NAME_PATTERN.test(name)) {
    return "it must start with a letter or '_' and contain only letters, digits, '_', '-' and '.'";
  }
  if (name.includes('..')) return "it must not contain '..'";
  return null;
}

/** True when {@link nameProblem} finds nothing wrong with the name. */
export function isValidName(name: string): boolean {
  return nameProblem(name) === null;
}

/** Throws `INVALID_NAME` naming the kind, the name and the reason when the name is refused. */
export function checkName(kind: NamedKind, name: string): string {
  const problem = nameProblem(name);
  if (problem) throw new CatalogError('INVALID_NAME', `Invalid ${kind} name '${name}': ${problem}`);
  return name;
}

/** Reserved workspace names: `default` addresses the default workspace in paths. */
export const RESERVED_WORKSPACE_NAMES: readonly string[] = ['default'];
