/**
 * The catalog record a change names by its REST path (`resource` of the history and of live
 * events), e.g. `/workspaces/acme/datastores/pg` → a data store.
 */
export type CatalogResource =
  | { kind: 'workspace'; workspace: string }
  | { kind: 'namespace'; workspace: string }
  | { kind: 'dataStore'; workspace: string; store: string }
  | { kind: 'featureType'; workspace: string; store: string; featureType: string }
  | { kind: 'layer'; workspace: string; layer: string }
  | { kind: 'style'; workspace: string | null; style: string }
  | { kind: 'user'; user: string };

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Reads a record's REST path; null for a path that names no record the console knows. */
export function parseResourcePath(resource: string): CatalogResource | null {
  const s = resource
    .replace(/\.(json|xml|sld)$/, '')
    .split('/')
    .filter(Boolean)
    .map(decode);
  const [first, ws] = s;
  if (first === 'workspaces' && s.length === 2) return { kind: 'workspace', workspace: ws };
  if (first === 'namespaces' && s.length === 2) return { kind: 'namespace', workspace: ws };
  if (first === 'workspaces' && s[2] === 'datastores' && s.length === 4) return { kind: 'dataStore', workspace: ws, store: s[3] };
  if (first === 'workspaces' && s[2] === 'datastores' && s[4] === 'featuretypes' && s.length === 6) {
    return { kind: 'featureType', workspace: ws, store: s[3], featureType: s[5] };
  }
  if (first === 'workspaces' && s[2] === 'layers' && s.length === 4) return { kind: 'layer', workspace: ws, layer: s[3] };
  if (first === 'layers' && s.length === 2 && s[1].includes(':')) {
    const at = s[1].indexOf(':');
    return { kind: 'layer', workspace: s[1].slice(0, at), layer: s[1].slice(at + 1) };
  }
  if (first === 'workspaces' && s[2] === 'styles' && s.length === 4) return { kind: 'style', workspace: ws, style: s[3] };
  if (first === 'styles' && s.length === 2) return { kind: 'style', workspace: null, style: s[1] };
  if (first === 'security' && s.length >= 4 && (s[2] === 'user' || s[2] === 'users')) return { kind: 'user', user: s[s.length - 1] };
  return null;
}

const enc = encodeURIComponent;

/**
 * The console page that shows a record, or null when it has none (workspaces, namespaces and
 * users have no page of their own). A feature type is shown on the page of its layer.
 */
export function consolePathOf(resource: string): string | null {
  const record = parseResourcePath(resource);
  switch (record?.kind) {
    case 'dataStore':
      return `/stores/${enc(record.workspace)}/${enc(record.store)}`;
    case 'featureType':
      return `/layers/${enc(record.workspace)}/${enc(record.featureType)}`;
    case 'layer':
      return `/layers/${enc(record.workspace)}/${enc(record.layer)}`;
    case 'style':
      return record.workspace ? `/styles/${enc(record.workspace)}/${enc(record.style)}` : `/styles/${enc(record.style)}`;
    default:
      return null;
  }
}

/** The REST path of a record as the history names it (no `/rest`, no suffix; segments as typed). */
export const historyResource = {
  workspace: (workspace: string) => `/workspaces/${workspace}`,
  dataStore: (workspace: string, store: string) => `/workspaces/${workspace}/datastores/${store}`,
  layer: (workspace: string, layer: string) => `/workspaces/${workspace}/layers/${layer}`,
  style: (workspace: string | null, style: string) => (workspace ? `/workspaces/${workspace}/styles/${style}` : `/styles/${style}`),
};

/** The History page narrowed to one record and what is below it. */
export const historyPagePath = (resource: string): string => `/history?resource=${enc(resource)}`;
