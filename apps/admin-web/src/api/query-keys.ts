import type { ChangeFilter } from './changes';
import type { DataStoreRef } from './datastores';
import type { LayerGroupRef } from './layergroups';
import type { LayerRef } from './layers';
import type { SettingsTarget } from './settings';
import type { StyleRef } from './styles';

/**
 * TanStack Query keys of every REST resource the console caches, in one place so that a
 * module that changes a resource can refresh what other modules show.
 */
export const queryKeys = {
  /** Everything under the REST API; cleared on sign-out. */
  all: ['rest'] as const,
  /** Who the session signs in, with roles (`GET {base}/auth/session`). */
  session: () => [...queryKeys.all, 'session'] as const,
  /** Who the caller is to the data rules, with the workspaces it administers (`GET /security/self`). */
  self: () => [...queryKeys.all, 'self'] as const,
  /** Users, roles, groups, rules and the catalog mode (the security pages). */
  security: () => [...queryKeys.all, 'security'] as const,
  /** `GET /workspaces`. */
  workspaces: () => [...queryKeys.all, 'workspaces'] as const,
  /** Everything about data stores (lists and records). */
  dataStores: () => [...queryKeys.all, 'datastores'] as const,
  dataStoreList: (workspace: string) => [...queryKeys.dataStores(), 'list', workspace] as const,
  dataStore: (ref: DataStoreRef) => [...queryKeys.dataStores(), 'one', ref.workspace, ref.name] as const,
  /** Feature types and available tables of stores. */
  featureTypes: () => [...queryKeys.all, 'featuretypes'] as const,
  featureTypeList: (ref: DataStoreRef) => [...queryKeys.featureTypes(), 'list', ref.workspace, ref.name] as const,
  availableTables: (ref: DataStoreRef) => [...queryKeys.featureTypes(), 'available', ref.workspace, ref.name] as const,
  featureType: (path: string) => [...queryKeys.featureTypes(), 'one', path] as const,
  /** Everything about layers. */
  layers: () => [...queryKeys.all, 'layers'] as const,
  layerList: () => [...queryKeys.layers(), 'list'] as const,
  layer: (ref: LayerRef) => [...queryKeys.layers(), 'one', ref.workspace, ref.name] as const,
  /** Everything about layer groups (lists and records). */
  layerGroups: () => [...queryKeys.all, 'layergroups'] as const,
  layerGroupList: (workspace: string | null) => [...queryKeys.layerGroups(), 'list', workspace ?? ''] as const,
  layerGroup: (ref: LayerGroupRef) => [...queryKeys.layerGroups(), 'one', ref.workspace ?? '', ref.name] as const,
  /** Everything about styles. */
  styles: () => [...queryKeys.all, 'styles'] as const,
  styleList: (workspace: string | null) => [...queryKeys.styles(), 'list', workspace ?? ''] as const,
  styleSld: (ref: StyleRef) => [...queryKeys.styles(), 'sld', ref.workspace ?? '', ref.name] as const,
  /** The SLD with its version tag, for the editor (under `styleSld`, so it is refreshed with it). */
  styleSldVersion: (ref: StyleRef) => [...queryKeys.styleSld(ref), 'version'] as const,
  styleInfo: (ref: StyleRef) => [...queryKeys.styles(), 'info', ref.workspace ?? '', ref.name] as const,
  /** The server's settings, contact and service settings. */
  settings: () => [...queryKeys.all, 'settings'] as const,
  settingsOf: (target: SettingsTarget) => [...queryKeys.settings(), target.kind, target.kind === 'wms' ? (target.workspace ?? '') : ''] as const,
  /** Pages of the change history, by filter. */
  history: () => [...queryKeys.all, 'history'] as const,
  historyOf: (filter: ChangeFilter) => [...queryKeys.history(), filter.resource ?? '', filter.user ?? ''] as const,
  /** OGC API collections. */
  collection: (id: string) => [...queryKeys.all, 'collection', id] as const,
  /** How many features an OGC API collection has. */
  featureCount: (id: string) => [...queryKeys.collection(id), 'count'] as const,
  /** How many features of a collection pass a client filter ('' for none). */
  featureMatches: (id: string, filter: string) => [...queryKeys.collection(id), 'matches', filter] as const,
  /** A page of a collection's attribute table. */
  featureTablePage: (id: string, query: object) => [...queryKeys.collection(id), 'table', query] as const,
};
