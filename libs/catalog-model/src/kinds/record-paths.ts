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

const MATCHERS: Matcher[] = KIND_NAMES.flatMap((kind) => pathTemplates(kind).map((t) => matcherOf(kind, t)));

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

/** Every path template a kind answers on: its path, its global form, its aliases. */
export function pathTemplates(kind: KindName): string[] {
  const entry = RECORD_KINDS[kind];
  return [...(entry.globalPath ? [entry.globalPath] : []), entry.path, ...(entry.aliases ?? [])];
}

/**
 * The segments of a record's path below `/rest`, names whole (a link builder encodes each): the
 * kind's path, or `template` (one of {@link pathTemplates}).
 */
export function recordSegments(kind: KindName, names: RecordNames, template?: string): string[] {
  const entry = RECORD_KINDS[kind];
  const chosen = template ?? (entry.globalPath && !names.workspace ? entry.globalPath : entry.path);
  return templateSegments(chosen).map((segment) => (typeof segment === 'string' ? segment : segment(names)));
}

/** A template's segments: literal, or filled from the names (every record link of a response goes through here). */
type TemplateSegment = string | ((names: RecordNames) => string);
const compiledTemplates = new Map<string, TemplateSegment[]>();

function templateSegments(template: string): TemplateSegment[] {
  let compiled = compiledTemplates.get(template);
  if (!compiled) {
    compiled = template
      .split('/')
      .filter(Boolean)
      .map((segment): TemplateSegment => {
        const whole = /^\{(workspace|store|name)\}$/.exec(segment);
        if (whole) {
          const key = whole[1] as keyof RecordNames;
          return (names) => String(names[key] ?? '');
        }
        return /\{(workspace|store|name)\}/.test(segment) ? (names) => fill(segment, names, (s) => s) : segment;
      });
    compiledTemplates.set(template, compiled);
  }
  return compiled;
}

/** The api's route parameter of each name placeholder; `{name}` is the kind's own `param`. */
export const ROUTE_PARAMS = { workspace: 'ws', store: 'ds' } as const;

/**
 * The api's route of a path template: `/workspaces/{workspace}/datastores/{name}` →
 * `rest/workspaces/:ws/datastores/:ds`. A segment of several names (`{workspace}:{name}`) is one
 * parameter, the record's: the handler splits it.
 */
export function routeOf(kind: KindName, template: string): string {
  const segments = template
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const keys = [...segment.matchAll(/\{(workspace|store|name)\}/g)].map((m) => m[1] as keyof typeof ROUTE_PARAMS | 'name');
      if (!keys.length) return segment;
      if (keys.length > 1 || keys[0] === 'name') return `:${RECORD_KINDS[kind].param}`;
      return `:${ROUTE_PARAMS[keys[0]]}`;
    });
  return ['rest', ...segments].join('/');
}

/** The api's routes of one record of a kind, one per path template. */
export function recordRoutes(kind: KindName): string[] {
  return pathTemplates(kind).map((t) => routeOf(kind, t));
}

/** The api's routes of a kind's collections (its record routes without the last segment), without repeats. */
export function collectionRoutes(kind: KindName): string[] {
  return [...new Set(recordRoutes(kind).map((r) => r.slice(0, r.lastIndexOf('/'))))];
}

/** The route parameter of one record below a collection route: `:ds`. */
export function recordParam(kind: KindName): string {
  return `:${RECORD_KINDS[kind].param}`;
}

/** A record's file in a data directory (relative to its root); null for a kind kept elsewhere. */
export function directoryFile(kind: KindName, names: RecordNames): string | null {
  const layout = RECORD_KINDS[kind].directory;
  if (!layout) return null;
  return fill(layout.globalFile && !names.workspace ? layout.globalFile : layout.file, names, (s) => s);
}

/** The segments of a kind's collection for a parent below `/rest` (`['workspaces', 'acme', 'datastores']`). */
export function collectionSegments(kind: KindName, parent: Omit<RecordNames, 'name'>, template?: string): string[] {
  return recordSegments(kind, { ...parent, name: '' }, template).slice(0, -1);
}
