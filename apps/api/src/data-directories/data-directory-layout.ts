/**
 * Where each record lives in a GeoServer data directory (`GeoServerDataDirectory`'s layout), and
 * the REST path that names it in a plan. Reader and writer share these, so a path is spelled once.
 */
import { directoryFile, type KindName, RECORD_KINDS, type RecordNames, recordPath, recordSegments } from '@geocatalog/catalog-model';

/** `/layers/{workspace}:{name}`: how a plan names a layer, as GeoServer's `/rest/layers` does. */
const QUALIFIED_LAYER = RECORD_KINDS.layer.aliases![0];

/**
 * REST paths (without `/rest`) of the records of a data directory, kept or skipped: the catalog's
 * kinds from the registry; the kinds GeoServer has and this catalog skips, here.
 */
export const restPath = {
  workspace: (ws: string) => recordPath('workspace', { name: ws }),
  namespace: (ws: string) => recordPath('namespace', { name: ws }),
  dataStore: (ws: string, store: string) => recordPath('dataStore', { workspace: ws, name: store }),
  featureType: (ws: string, store: string, name: string) => recordPath('featureType', { workspace: ws, store, name }),
  layer: (ws: string, name: string) => `/${recordSegments('layer', { workspace: ws, name }, QUALIFIED_LAYER).join('/')}`,
  style: (ws: string | undefined, name: string) => recordPath('style', { workspace: ws, name }),
  coverageStore: (ws: string, store: string) => `/workspaces/${ws}/coveragestores/${store}`,
  coverage: (ws: string, store: string, name: string) => `/workspaces/${ws}/coveragestores/${store}/coverages/${name}`,
  wmsStore: (ws: string, store: string) => `/workspaces/${ws}/wmsstores/${store}`,
  wmsLayer: (ws: string, store: string, name: string) => `/workspaces/${ws}/wmsstores/${store}/wmslayers/${name}`,
  wmtsStore: (ws: string, store: string) => `/workspaces/${ws}/wmtsstores/${store}`,
  wmtsLayer: (ws: string, store: string, name: string) => `/workspaces/${ws}/wmtsstores/${store}/layers/${name}`,
  layerGroup: (ws: string | undefined, name: string) => recordPath('layerGroup', { workspace: ws, name }),
  settings: (ws: string | undefined) => recordPath('settings', { workspace: ws, name: '' }),
  serviceSettings: (ws: string | undefined, service: string) => recordPath('serviceSettings', { workspace: ws, name: service }),
};

/** A record's file, for a kind the registry places in a data directory. */
function fileOf(kind: KindName, names: RecordNames): string {
  const file = directoryFile(kind, names);
  if (file === null) throw new Error(`A ${kind} has no file in a data directory`);
  return file;
}

/** File paths (relative to the directory's root) GeoServer gives each record (the registry's `directory`). */
export const dirFile = {
  defaultWorkspace: 'workspaces/default.xml',
  workspace: (ws: string) => fileOf('workspace', { name: ws }),
  namespace: (ws: string) => fileOf('namespace', { name: ws }),
  dataStore: (ws: string, store: string) => fileOf('dataStore', { workspace: ws, name: store }),
  featureType: (ws: string, store: string, name: string) => fileOf('featureType', { workspace: ws, store, name }),
  layer: (ws: string, store: string, name: string) => fileOf('layer', { workspace: ws, store, name }),
  layerGroup: (ws: string | undefined, name: string) => fileOf('layerGroup', { workspace: ws ?? null, name }),
  /** `global.xml`, or a workspace's `settings.xml`. */
  settings: (ws: string | undefined) => fileOf('settings', { workspace: ws ?? null, name: '' }),
  /** `wms.xml`, or a workspace's `wms.xml`. */
  serviceSettings: (ws: string | undefined, service: string) => fileOf('serviceSettings', { workspace: ws ?? null, name: service }),
  /** The folder of a style's `.xml` and its SLD file. */
  styleFolder: (ws: string | undefined) => {
    const file = fileOf('style', { workspace: ws, name: '' });
    return file.slice(0, file.lastIndexOf('/') + 1);
  },
};

/** The store files GeoServer looks for in a store folder, in its order, with the kind they hold. */
export const STORE_FILES = [
  { file: 'datastore.xml', kind: 'dataStore' },
  { file: 'coveragestore.xml', kind: 'coverageStore' },
  { file: 'wmsstore.xml', kind: 'wmsStore' },
  { file: 'wmtsstore.xml', kind: 'wmtsStore' },
] as const;

/** The resource file GeoServer looks for in a resource folder of each store kind. */
export const RESOURCE_FILES = {
  dataStore: { file: 'featuretype.xml', kind: 'featureType' },
  coverageStore: { file: 'coverage.xml', kind: 'coverage' },
  wmsStore: { file: 'wmslayer.xml', kind: 'wmsLayer' },
  wmtsStore: { file: 'wmtslayer.xml', kind: 'wmtsLayer' },
} as const;

/** Folders of a workspace that are not stores (`GeoServerLoader.isConfigDirectory`). */
export const WORKSPACE_CONFIG_FOLDERS = ['styles', 'layergroups'];

/** Services whose settings GeoServer keeps as `{service}.xml`, globally and per workspace. */
export const SERVICE_SETTINGS = ['wms', 'wfs', 'wcs', 'wmts', 'wps'];
