import { CatalogError } from './errors';
import { mixedScripts } from './name-scripts';

/** Longest name accepted for a workspace, store, feature type, layer or style. */
export const MAX_NAME_LENGTH = 255;

// A letter of any script or `_` first; then letters, digits (any script), `_`, `-`, `.`.
// Combining marks are allowed after the first character so that scripts that need them
// (Devanagari, Thai, decomposed Latin) can be written.
const NAME_PATTERN = /^[\p{L}_][\p{L}\p{M}\p{Nd}_.-]*$/u;

/** Kinds of catalog record that carry a name checked by {@link checkName}. */
export type NamedKind = 'workspace' | 'namespace' | 'data store' | 'feature type' | 'layer' | 'layer group' | 'style' | 'user';

/**
 * The form a name is stored and compared in: Unicode NFC, so `é` typed precomposed (`%C3%A9`)
 * or decomposed (`e%CC%81`) is one name.
 */
export function normalizeName(name: string): string {
  return name.normalize('NFC');
}

/**
 * The key under which names that differ only in case are one (user names): NFC, then upper,
 * then lower case, so that `ß`/`SS` and `ǅ`/`ǆ` fold together as well as `Admin`/`admin`.
 */
export function caseInsensitiveNameKey(name: string): string {
  return normalizeName(name).toUpperCase().toLowerCase();
}

function scriptName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'script' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Why a name is refused, or `null` when it is acceptable. The rule, on the NFC form of the name:
 * 1–255 characters, starting with a letter of any script or `_`, then only letters, digits, `_`,
 * `-` and `.`, never `..`; no compatibility characters (full-width forms, ligatures: NFKC must not
 * change the name); scripts mixed no further than Unicode TR39's "highly restrictive" level (one
 * script, or Latin with Han and kana, Bopomofo or Hangul, so `été_地图` is a name and Latin mixed
 * with Cyrillic is not).
 */
export function nameProblem(name: string): string | null {
  const nfc = normalizeName(name);
  if (nfc.length === 0) return 'it is empty';
  if ([...nfc].length > MAX_NAME_LENGTH) return `it is longer than ${MAX_NAME_LENGTH} characters`;
  if (!NAME_PATTERN.test(nfc)) {
    return "it must start with a letter or '_' and contain only letters, digits, '_', '-' and '.'";
  }
  if (nfc.includes('..')) return "it must not contain '..'";
  const compatible = nfc.normalize('NFKC');
  if (compatible !== nfc) {
    return `it contains compatibility characters (full-width forms, ligatures, superscripts); write '${compatible}' instead`;
  }
  const mixed = mixedScripts(nfc);
  if (mixed.length) {
    return `it mixes the scripts ${mixed.map(scriptName).join(', ')}; use one script (Latin may go with Han and Japanese kana, Bopomofo or Hangul)`;
  }
  return null;
}

/** True when {@link nameProblem} finds nothing wrong with the name. */
export function isValidName(name: string): boolean {
  return nameProblem(name) === null;
}

/**
 * The name in the form it is stored (NFC, see {@link normalizeName}); throws `INVALID_NAME`
 * naming the kind, the name and the reason when the name is refused.
 */
export function checkName(kind: NamedKind, name: string): string {
  const problem = nameProblem(name);
  if (problem) throw new CatalogError('INVALID_NAME', `Invalid ${kind} name '${name}': ${problem}`);
  return normalizeName(name);
}

/** Reserved workspace names: `default` addresses the default workspace in paths. */
export const RESERVED_WORKSPACE_NAMES: readonly string[] = ['default'];
