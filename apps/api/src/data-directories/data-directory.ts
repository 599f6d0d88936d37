import type {
  DataStore,
  FeatureType,
  Layer,
  LayerGroup,
  MemberType,
  Namespace,
  Sent,
  SentReference,
  ServiceSettings,
  Settings,
  SettingsService,
  Style,
  Workspace,
} from '@geocatalog/catalog-model';

/**
 * A GeoServer data directory (contract §8) as the files it is made of: paths relative to the
 * directory's root (the folder holding `workspaces/`), `/`-separated, to their bytes.
 */
export type DirFiles = Map<string, Uint8Array>;

/** Where a record of the directory came from: its file, and GeoServer's `<id>` when it had one. */
export interface DirOrigin {
  file: string;
  id?: string;
}

/**
 * The records of a data directory that this catalog can hold, read into the same `Sent<…>`
 * inputs a REST body gives (the catalog-model declarations are the one description of every
 * field), with GeoServer's `<id>` references resolved to names.
 */
export interface DirWorkspace extends DirOrigin {
  input: Sent<Workspace> & { name: string };
}

export interface DirNamespace extends DirOrigin {
  /** The namespace's prefix: its workspace's name. */
  input: Sent<Namespace> & { name: string };
}

export interface DirDataStore extends DirOrigin {
  workspace: string;
  input: Sent<DataStore> & { name: string };
}

export interface DirFeatureType extends DirOrigin {
  workspace: string;
  store: string;
  input: Sent<FeatureType> & { name: string };
}

export interface DirLayer extends DirOrigin {
  /** The layer's workspace and name (a layer is named like its feature type). */
  workspace: string;
  name: string;
  input: Sent<Layer>;
  /** The default style and the alternates, resolved to names (`workspace` unset for a global style). */
  defaultStyle?: SentReference;
  styles: SentReference[];
}

export interface DirStyle extends DirOrigin {
  /** Unset for a global style (`styles/`). */
  workspace?: string;
  input: Sent<Style> & { name: string };
  /** The style's document (`{filename}` next to its `.xml`), byte for byte. */
  content: Uint8Array;
}

/** A member of a layer group: a layer or another group, named (`workspace` unset for a global group). */
export interface DirGroupMember {
  type: MemberType;
  workspace?: string;
  name: string;
}

export interface DirLayerGroup extends DirOrigin {
  /** Unset for a global group (`layergroups/`). */
  workspace?: string;
  /** The declared fields but the references (workspace, members, styles), which are below, resolved. */
  input: Sent<LayerGroup> & { name: string };
  members: DirGroupMember[];
  /** One per member, in order: the style it is drawn with, or null for its default. */
  styles: Array<SentReference | null>;
}

/** The server's settings (`global.xml`'s `<settings>`) or a workspace's (`workspaces/{ws}/settings.xml`). */
export interface DirSettings extends DirOrigin {
  /** Unset for the server's settings. */
  workspace?: string;
  input: Sent<Settings>;
}

/** A service's settings: `{service}.xml`, or a workspace's `workspaces/{ws}/{service}.xml`. */
export interface DirServiceSettings extends DirOrigin {
  /** Unset for the global settings. */
  workspace?: string;
  service: SettingsService;
  input: Sent<ServiceSettings>;
}

/** A part of the directory this catalog does not hold (shapefile store, coverage, layer group, …). */
export interface DirSkip {
  kind: string;
  /** The REST path the record would have in GeoServer, e.g. `/workspaces/topp/coveragestores/dem`. */
  resource: string;
  reason: string;
}

/** A part of the directory that cannot be read: the import fails with it, naming the file. */
export interface DirProblem {
  kind: string;
  resource: string;
  file: string;
  reason: string;
}

/** Everything read from a data directory. */
export interface DataDirectory {
  /** `workspaces/default.xml`'s workspace, when the file is there. */
  defaultWorkspace?: string;
  workspaces: DirWorkspace[];
  namespaces: DirNamespace[];
  dataStores: DirDataStore[];
  featureTypes: DirFeatureType[];
  layers: DirLayer[];
  styles: DirStyle[];
  /** In dependency order: a group comes after the groups it holds. */
  layerGroups: DirLayerGroup[];
  /** Service settings (contract §10); absent when the directory has none. */
  settings?: DirSettings[];
  serviceSettings?: DirServiceSettings[];
  /** `security/layers.properties` (the `mode` line included) and `services.properties`, as `key` → roles; absent when the directory has none. */
  dataRules?: Array<[key: string, value: string]>;
  serviceRules?: Array<[key: string, value: string]>;
  skipped: DirSkip[];
  problems: DirProblem[];
}
