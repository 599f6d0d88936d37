/**
 * Where each record lives in a GeoServer data directory (`GeoServerDataDirectory`'s layout), and
 * the REST path that names it in a plan. Reader and writer share these, so a path is spelled once.
 */

/** REST paths (without `/rest`) of the records of a data directory, kept or skipped. */
export const restPath = {
  workspace: (ws: string) => `/workspaces/${ws}`,
  namespace: (ws: string) => `/namespaces/${ws}`,
  dataStore: (ws: string, store: string) => `/workspaces/${ws}/datastores/${store}`,
  featureType: (ws: string, store: string, name: string) => `/workspaces/${ws}/datastores/${store}/featuretypes/${name}`,
  layer: (ws: string, name: string) => `/layers/${ws}:${name}`,
  style: (ws: string | undefined, name: string) => (ws ? `/workspaces/${ws}/styles/${name}` : `/styles/${name}`),
  coverageStore: (ws: string, store: string) => `/workspaces/${ws}/coveragestores/${store}`,
  coverage: (ws: string, store: string, name: string) => `/workspaces/${ws}/coveragestores/${store}/coverages/${name}`,
  wmsStore: (ws: string, store: string) => `/workspaces/${ws}/wmsstores/${store}`,
  wmsLayer: (ws: string, store: string, name: string) => `/workspaces/${ws}/wmsstores/${store}/wmslayers/${name}`,
  wmtsStore: (ws: string, store: string) => `/workspaces/${ws}/wmtsstores/${store}`,
  wmtsLayer: (ws: string, store: string, name: string) => `/workspaces/${ws}/wmtsstores/${store}/layers/${name}`,
  layerGroup: (ws: string | undefined, name: string) => (ws ? `/workspaces/${ws}/layergroups/${name}` : `/layergroups/${name}`),
};

/** File paths (relative to the directory's root) GeoServer gives each record. */
export const dirFile = {
  defaultWorkspace: 'workspaces/default.xml',
  workspace: (ws: string) => `workspaces/${ws}/workspace.xml`,
  namespace: (ws: string) => `workspaces/${ws}/namespace.xml`,
  dataStore: (ws: string, store: string) => `workspaces/${ws}/${store}/datastore.xml`,
  featureType: (ws: string, store: string, name: string) => `workspaces/${ws}/${store}/${name}/featuretype.xml`,
  layer: (ws: string, store: string, name: string) => `workspaces/${ws}/${store}/${name}/layer.xml`,
  layerGroup: (ws: string | undefined, name: string) => (ws ? `workspaces/${ws}/layergroups/${name}.xml` : `layergroups/${name}.xml`),
  /** The folder of a style's `.xml` and its SLD file. */
  styleFolder: (ws: string | undefined) => (ws ? `workspaces/${ws}/styles/` : 'styles/'),
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
