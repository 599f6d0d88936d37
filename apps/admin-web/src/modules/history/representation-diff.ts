/** One field that differs between two representations of a record. */
export interface FieldChange {
  /** Where the field is, e.g. `connectionParameters.host` or `attributes.attribute[geom].binding`. */
  path: string;
  change: 'added' | 'removed' | 'changed';
  /** The value before, as text; null when the field was added. */
  before: string | null;
  /** The value after, as text; null when the field was removed. */
  after: string | null;
}

/** What changed between two representations, field by field. */
export interface RepresentationDiff {
  changes: FieldChange[];
  /** How many fields are the same in both. */
  unchanged: number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{"dataStore":{…}}` → `{…}`: the wrapper names the kind, which the reader already knows. */
function unwrap(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  return keys.length === 1 && isPlainObject(value[keys[0]]) ? value[keys[0]] : value;
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return '[]';
  if (isPlainObject(value)) return '{}';
  return String(value);
}

/**
 * The name an array item is known by, so that an inserted item does not make every later one
 * look changed: GeoServer's `{"@key":…,"$":…}` entries and named objects (attributes, styles).
 */
function itemNames(items: unknown[], field: '@key' | 'name'): string[] | null {
  const names = items.map((item) => (isPlainObject(item) && typeof item[field] === 'string' ? (item[field] as string) : null));
  if (names.some((name) => name === null) || new Set(names).size !== names.length) return null;
  return names as string[];
}

const join = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

function flattenInto(value: unknown, path: string, out: Map<string, string>): void {
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.set(path, '[]');
      return;
    }
    const keys = itemNames(value, '@key');
    if (keys) {
      // Connection parameters: `connectionParameters.entry[{"@key":"host","$":"db"}]` → `connectionParameters.host`.
      const parent = path.endsWith('.entry') ? path.slice(0, -'.entry'.length) : path;
      value.forEach((item, i) => flattenInto((item as Record<string, unknown>).$ ?? '', join(parent, keys[i]), out));
      return;
    }
    const names = itemNames(value, 'name');
    value.forEach((item, i) => flattenInto(item, `${path}[${names ? names[i] : i}]`, out));
    return;
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) {
      out.set(path, '{}');
      return;
    }
    for (const key of keys) flattenInto(value[key], join(path, key), out);
    return;
  }
  out.set(path, scalarText(value));
}

/** Every leaf field of a JSON representation by its path, in document order. */
export function flattenRepresentation(representation: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (representation === null || representation === undefined) return out;
  flattenInto(unwrap(representation), '', out);
  return out;
}

/**
 * The field-by-field difference of two JSON representations of one record (`before` null for a
 * create, `after` null for a delete): fields in the order of `before`, then those only in `after`.
 */
export function diffRepresentations(before: unknown, after: unknown): RepresentationDiff {
  const old = flattenRepresentation(before);
  const next = flattenRepresentation(after);
  const changes: FieldChange[] = [];
  let unchanged = 0;
  for (const [path, value] of old) {
    if (!next.has(path)) changes.push({ path, change: 'removed', before: value, after: null });
    else if (next.get(path) !== value) changes.push({ path, change: 'changed', before: value, after: next.get(path) ?? null });
    else unchanged++;
  }
  for (const [path, value] of next) {
    if (!old.has(path)) changes.push({ path, change: 'added', before: null, after: value });
  }
  return { changes, unchanged };
}
