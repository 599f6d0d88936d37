/**
 * The catalog's records as the api and the console see them, independent of any wire format.
 * Field names follow GeoServer's (camelCase) so that JSON bodies map one to one.
 */

/** A named container of stores, styles and layers; it has exactly one namespace. */
export interface Workspace {
  /** Unique name; also the namespace prefix. */
  name: string;
  /** Isolated workspaces share their namespace URI with others; kept for compatibility. */
  isolated: boolean;
  /** True for the workspace that `/rest/workspaces/default` addresses. */
  isDefault: boolean;
  /** When the workspace was created. */
  dateCreated: Date;
  /** When the workspace was last changed, if ever. */
  dateModified?: Date;
}

/** The namespace of a workspace: prefix = workspace name, with a URI (default `http://{name}`). */
export interface Namespace {
  /** The workspace name. */
  prefix: string;
  /** Namespace URI, unique among namespaces. */
  uri: string;
  /** Mirrors the workspace's `isolated`. */
  isolated: boolean;
}

/** Connection parameters of a data store, as strings keyed by GeoServer's parameter names. */
export type ConnectionParameters = Record<string, string>;

/** A data store: a database that feature types are published from. */
export interface DataStore {
  /** Name, unique in its workspace. */
  name: string;
  /** Workspace holding the store. */
  workspace: string;
  /** Free text. */
  description?: string;
  /** Human-readable kind of database, e.g. `PostGIS`. */
  type: string;
  /** Disabled stores publish nothing. */
  enabled: boolean;
  /** Connection parameters; `passwd` is only ever seen encrypted outside the connector. */
  connectionParameters: ConnectionParameters;
  /** Whether the store is disabled automatically when it cannot be reached. */
  disableOnConnFailure: boolean;
  /** When the store was created. */
  dateCreated: Date;
  /** When the store was last changed, if ever. */
  dateModified?: Date;
}

/** Style languages whose content the catalog stores. */
export type StyleFormat = 'sld';

/** A style: an SLD document, global (no workspace) or in a workspace. */
export interface Style {
  /** Name, unique among global styles or within its workspace. */
  name: string;
  /** Workspace holding the style; absent for a global style. */
  workspace?: string;
  /** Style language. */
  format: StyleFormat;
  /** Version of the style language: `1.0.0` (SLD) or `1.1.0` (SLD/SE). */
  languageVersion: string;
  /** File name the content is associated with, ending in `.sld`. */
  filename: string;
  /** When the style was created. */
  dateCreated: Date;
  /** When the style or its content last changed, if ever. */
  dateModified?: Date;
}

/** Roles a user can hold: ADMIN may do everything, READER may only read. */
export type Role = 'ADMIN' | 'READER';

/** Every role, in the order they are listed. */
export const ROLES: readonly Role[] = ['ADMIN', 'READER'];

/** A user account; its password is stored hashed and never returned. */
export interface User {
  /** Unique user name. */
  userName: string;
  /** Disabled users cannot sign in. */
  enabled: boolean;
  /** Roles granted to the user. */
  roles: Role[];
}

/** The global styles that exist from the first start and cannot be deleted. */
export const DEFAULT_STYLE_NAMES: readonly string[] = ['point', 'line', 'polygon', 'generic'];

/** Value of `type` for a data store whose `dbtype` is `postgis`. */
export const POSTGIS_STORE_TYPE = 'PostGIS';
