import { parseRecordPath, recordPath, type KindName, type RecordRef } from '@geocatalog/catalog-model';

/**
 * The catalog record a change names by its REST path (`resource` of the history and of live
 * events), e.g. `/workspaces/acme/datastores/pg` → a data store named `pg` in `acme`.
 */
export type CatalogResource = RecordRef;

/** Reads a record's REST path (the registry's templates); null for a path that names no record. */
export function parseResourcePath(resource: string): CatalogResource | null {
  return parseRecordPath(resource);
}

const enc = encodeURIComponent;

/**
 * The console page of each kind's record, or null when it has none (workspaces, namespaces and
 * users have no page of their own). A feature type is shown on the page of its layer.
 */
const CONSOLE_PAGES: Record<KindName, ((r: RecordRef) => string) | null> = {
  workspace: null,
  namespace: null,
  user: null,
  // Settings have no page of their own yet.
  settings: null,
  serviceSettings: null,
  // Rules have no page of their own yet.
  rule: null,
  serviceRule: null,
  layerGroup: (r) => (r.workspace ? `/layergroups/${enc(r.workspace)}/${enc(r.name)}` : `/layergroups/${enc(r.name)}`),
  dataStore: (r) => `/stores/${enc(r.workspace ?? '')}/${enc(r.name)}`,
  featureType: (r) => `/layers/${enc(r.workspace ?? '')}/${enc(r.name)}`,
  layer: (r) => `/layers/${enc(r.workspace ?? '')}/${enc(r.name)}`,
  style: (r) => (r.workspace ? `/styles/${enc(r.workspace)}/${enc(r.name)}` : `/styles/${enc(r.name)}`),
};

/** The console page that shows a record, or null when it has none. */
export function consolePathOf(resource: string): string | null {
  const record = parseResourcePath(resource);
  return (record && CONSOLE_PAGES[record.kind]?.(record)) ?? null;
}

/** The REST path of a record as the history names it (no `/rest`, no suffix; segments as typed). */
export const historyResource = {
  workspace: (workspace: string) => recordPath('workspace', { name: workspace }),
  dataStore: (workspace: string, store: string) => recordPath('dataStore', { workspace, name: store }),
  layer: (workspace: string, layer: string) => recordPath('layer', { workspace, name: layer }),
  style: (workspace: string | null, style: string) => recordPath('style', { workspace, name: style }),
};

/** The History page narrowed to one record and what is below it. */
export const historyPagePath = (resource: string): string => `/history?resource=${enc(resource)}`;
