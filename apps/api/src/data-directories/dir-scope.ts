import { child, entriesFrom, textOf, type WireNode } from '@geocatalog/catalog-model';
import { RESOURCE_FILES, restPath, STORE_FILES } from './data-directory-layout';
import type { DirKind, KnownRecord } from './dir-references';

/** What of a data directory this catalog holds, and the REST paths of stores and resources (skipped ones too). */

/** Why a data store is not imported, or undefined for a PostGIS store this catalog can hold. */
export function outOfScopeDataStore(node: WireNode): string | undefined {
  const paramsNode = child(node, 'connectionParameters');
  let params: Array<[string, string]> = [];
  try {
    params = paramsNode ? entriesFrom(paramsNode, 'connectionParameters') : [];
  } catch {
    // Unreadable parameters are reported by the declaration's reader.
    return undefined;
  }
  const value = (key: string) => params.find(([k]) => k.trim().toLowerCase() === key.toLowerCase())?.[1].trim();
  const dbtype = value('dbtype')?.toLowerCase();
  const type = textOf(node, 'type')?.trim();
  if (dbtype === 'postgis' || (!dbtype && type?.toLowerCase() === 'postgis')) {
    if (value('jndiReferenceName')) return 'A PostGIS store through JNDI: only stores that name their host, port, database and user are imported';
    return undefined;
  }
  return `A ${type || dbtype || 'data'} store: only PostGIS data stores are imported`;
}

export function kindLabel(kind: DirKind): string {
  const labels: Partial<Record<DirKind, string>> = {
    dataStore: 'data store',
    coverageStore: 'coverage (raster) store',
    wmsStore: 'cascaded WMS store',
    wmtsStore: 'cascaded WMTS store',
  };
  return labels[kind] ?? kind;
}

export function storeResource(kind: (typeof STORE_FILES)[number]['kind'], ws: string, name: string): string {
  return restPath[kind](ws, name);
}

export function restPathOfStore(store: KnownRecord): string {
  return storeResource(store.kind as (typeof STORE_FILES)[number]['kind'], store.workspace ?? '', store.name);
}

export function resourcePath(kind: (typeof RESOURCE_FILES)[keyof typeof RESOURCE_FILES]['kind'], ws: string, store: string, name: string): string {
  return restPath[kind](ws, store, name);
}
