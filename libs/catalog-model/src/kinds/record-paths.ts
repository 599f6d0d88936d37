import { KIND_NAMES, KindName, RECORD_KINDS, RecordNames } from './record-kinds';

/** A record named by its REST path. */
export interface RecordRef extends RecordNames {
  kind: KindName;
}

function fill(template: string, names: RecordNames, encode: (s: string) => string): string {
  return template.replace(/\{(workspace|store|name)\}/g, (_, key: keyof RecordNames) => encode(String(names[key] ?? '')));
}

/**
 * The REST path of a record (no `/rest`, no suffix). `encode` applies to each name (e.g.
 * `encodeURIComponent` for a link; the history keeps names as typed).
 */
export function recordPath(kind: KindName, names: RecordNames, encode: (s: string) => string = (s) => s): string {
  const entry = RECORD_KINDS[kind];
  const template = entry.globalPath && !names.workspace ? entry.globalPath : entry.path;
  return fill(template, names, encode);
}

/** The path of a kind's collection for a parent (`/workspaces/acme/datastores`). */
export function collectionPath(kind: KindName, parent: Omit<RecordNames, 'name'>, encode: (s: string) => string = (s) => s): string {
  const path = recordPath(kind, { ...parent, name: '' }, encode);
  return path.slice(0, path.lastIndexOf('/'));
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

interface Matcher {
  kind: KindName;
  pattern: RegExp;
  keys: Array<keyof RecordNames>;
}

function matcherOf(kind: KindName, template: string): Matcher {
  const keys: Array<keyof RecordNames> = [];
  const source = template
    .split(/(\{(?:workspace|store|name)\})/)
    .map((part) => {
      const key = /^\{(workspace|store|name)\}$/.exec(part)?.[1] as keyof RecordNames | undefined;
      if (!key) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(key);
      // A workspace in `{workspace}:{name}` ends at its first colon.
      return key === 'workspace' ? '([^/:]+)' : '([^/]+)';
    })
    .join('');
  return { kind, pattern: new RegExp(`^${source}$`), keys };
}

const MATCHERS: Matcher[] = KIND_NAMES.flatMap((kind) => {
  const entry = RECORD_KINDS[kind];
  return [entry.path, ...(entry.globalPath ? [entry.globalPath] : []), ...(entry.aliases ?? [])].map((t) => matcherOf(kind, t));
});

/**
 * Reads a record's REST path (with or without `/rest`, with or without a `.xml`/`.json`/`.sld`
 * suffix); null for a path that names no record.
 */
export function parseRecordPath(path: string): RecordRef | null {
  const clean = path
    .replace(/^\/rest(?=\/)/, '')
    .replace(/\.(json|xml|sld)$/, '')
    .replace(/\/{2,}/g, '/');
  for (const m of MATCHERS) {
    const found = m.pattern.exec(clean);
    if (!found) continue;
    const ref: RecordRef = { kind: m.kind, name: '' };
    m.keys.forEach((key, i) => {
      (ref as unknown as Record<string, string>)[key] = decode(found[i + 1]);
    });
    if (RECORD_KINDS[m.kind].scope === 'globalOrWorkspace' && ref.workspace === undefined) ref.workspace = null;
    return ref;
  }
  return null;
}
