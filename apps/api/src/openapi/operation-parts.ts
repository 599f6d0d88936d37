import type { BodyExample } from './examples';
import type { SchemaName } from './schemas';

/** The parts an `@Operation` declaration is made of: tags, parameters, bodies, answers. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Groups of operations, in the order the document lists them. */
export const TAGS = {
  workspaces: 'Workspaces and the (empty) coverage, WMS and WMTS store lists of a workspace',
  namespaces: 'Namespaces: one per workspace, prefix = workspace name',
  datastores: 'PostGIS data stores of a workspace, and the console’s connection test',
  featuretypes: 'Feature types: published tables of a data store, each with its layer',
  layers: 'Layers (one per feature type) and their styles',
  styles: 'Styles: global ones and workspace ones, records and SLD documents',
  layergroups: 'Layer groups: layers and other groups published together, global or in a workspace',
  security: 'Users, roles, groups and data security rules (ADMIN only)',
  history: 'The change history, reverts and live change events',
  catalogFiles: 'The catalog as GeoServer data directory files: import (plan, apply) and export (ADMIN only)',
  settings: 'Service settings: the server’s (contact, proxyBaseUrl), each workspace’s, and the WMS and WFS settings',
  about: 'Version, manifest and module status',
  maintenance: 'GeoServer’s reset and reload (no-ops here)',
  openapi: 'This document',
} as const;
export type Tag = keyof typeof TAGS;

/** Path parameters, with the example value every example request uses. */
export const PATH_PARAMETERS = {
  ws: { description: 'Workspace name (`default` = the default workspace)', example: 'acme' },
  prefix: { description: 'Namespace prefix (= workspace name; `default` = the default one)', example: 'acme' },
  ds: { description: 'Data store name', example: 'nyc' },
  ft: { description: 'Feature type name', example: 'roads' },
  layer: { description: 'Layer name: `ws:name` (a bare name is looked up in the default workspace)', example: 'acme:roads' },
  style: { description: 'Style name', example: 'roads_style' },
  group: { description: 'Layer group name', example: 'roads_group' },
  name: { description: 'User name', example: 'viewer' },
  role: { description: 'Role: `ADMIN`, `READER`, or a custom role', example: 'READER' },
  rule: { description: 'A rule’s key: `ws.layer.mode` (data), `service.method` (services)', example: 'acme.*.r' },
  usergroup: { description: 'User group name', example: 'editors' },
  seq: { description: 'Number of a change in the history', example: '1' },
} as const;
export type PathParameter = keyof typeof PATH_PARAMETERS;

/** Query parameters, with their meaning and the example value example requests use. */
export const QUERY_PARAMETERS = {
  recurse: { description: 'Delete everything inside too (without it, a non-empty resource is a 403)', schema: { type: 'boolean' }, example: true },
  purge: { description: 'Accepted for GeoServer compatibility (no files to purge here)', schema: { type: 'string' }, example: 'true' },
  default: { description: 'Also make it the default', schema: { type: 'boolean' }, example: true },
  name: { description: 'Name of the new resource (or the style to add) when the body does not give one', schema: { type: 'string' } },
  raw: { description: 'Store the SLD as sent, without validating it', schema: { type: 'boolean' }, example: false },
  list: {
    description:
      '`configured` (default): the catalog’s feature types; `available`: tables not yet published; `available_with_geom`: those with a geometry; `all`: every table',
    schema: { enum: ['configured', 'available', 'available_with_geom', 'all'] },
    example: 'configured',
  },
  recalculate: {
    description: 'What to recompute from the data: a comma list of `nativebbox`, `latlonbbox`, `attributes` (empty: nothing)',
    schema: { type: 'string' },
    example: 'nativebbox,latlonbbox',
  },
  since: { description: 'Only changes after this number', schema: { type: 'integer', minimum: 0 } },
  olderThan: { description: 'Only changes before this number (the `next` link of a page sets it)', schema: { type: 'integer', minimum: 0 } },
  resource: {
    description: 'Only changes of this resource or below it (a REST path without `/rest` and suffix, e.g. `/workspaces/acme`)',
    schema: { type: 'string' },
  },
  user: { description: 'Only changes made by this user', schema: { type: 'string' } },
  limit: { description: 'Changes per page (default 100, at most 1000)', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
  force: { description: 'Revert even when the records changed since (their later changes are overwritten)', schema: { type: 'boolean' } },
  prune: { description: 'Also delete what the directory lacks inside the workspaces it names', schema: { type: 'boolean' } },
  workspace: { description: 'Only this workspace (with the global styles its layers use)', schema: { type: 'string' } },
  manifest: { description: 'A regular expression: only the manifest resources whose name matches it', schema: { type: 'string' }, example: 'Geo.*' },
} as const;
export type QueryParameter = keyof typeof QUERY_PARAMETERS;

/** What a request body may be. */
export type BodyKind =
  /** A catalog document in XML (`application/xml`, `text/xml`) or JSON (`application/json`). */
  | { kind: 'document'; schema: SchemaName; example: BodyExample }
  /** A catalog document, or an SLD document (`application/vnd.ogc.sld+xml` 1.0.0, `application/vnd.ogc.se+xml` 1.1.0). */
  | { kind: 'documentOrSld'; schema: SchemaName; example: BodyExample }
  /**
   * GeoServer's security documents without a root in JSON: a rule map (`{"key":"roles"}`, XML
   * `<rules><rule resource="key">roles</rule></rules>`) or the catalog mode (`{"mode":"HIDE"}`,
   * XML `<catalog><mode>HIDE</mode></catalog>`).
   */
  | { kind: 'ruleMap'; schema: 'RuleMap' | 'CatalogMode'; example: BodyExample }
  /** A zipped GeoServer data directory (`application/zip`), or `multipart/form-data` with it as `datadir` and a `secrets` JSON part. */
  | { kind: 'dataDirectory' };

/** What a successful answer is. */
export type Success =
  /** 200 with a representation, JSON by default or XML (`jsonOnly`: JSON whatever is asked). */
  | { status: 200; schema: SchemaName; jsonOnly?: true }
  /** 200 with a representation, or the style's SLD document (`.sld`, `?format=sld`, an SLD `Accept`). */
  | { status: 200; schema: SchemaName; sld: true }
  /** 201, `Location` of the new resource, its name as text/plain. */
  | { status: 201 }
  /** 200 with an empty body. */
  | { status: 200; empty: true }
  /** 200 with a `text/event-stream` that stays open. */
  | { status: 200; eventStream: true }
  /** 200 with a zipped GeoServer data directory. */
  | { status: 200; zip: true };

/** One documented operation: a handler's `@Operation` declaration at one of its routes. */
export interface RestOperation {
  operationId: string;
  method: HttpMethod;
  /** Below `/rest`, OpenAPI syntax; parameter names are the router's. */
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  query?: QueryParameter[];
  body?: BodyKind;
  success: Success;
  /** Error statuses beyond those every operation has (401, 403, 429). */
  errors: number[];
  /** Path parameters with another example than the default (e.g. a bare layer name). */
  examples?: Partial<Record<PathParameter, string>>;
}

export const catalogBody = (schema: SchemaName, example: BodyExample): BodyKind => ({ kind: 'document', schema, example });
export const catalogOrSldBody = (schema: SchemaName, example: BodyExample): BodyKind => ({ kind: 'documentOrSld', schema, example });
export const ok = (schema: SchemaName): Success => ({ status: 200, schema });
export const CREATED: Success = { status: 201 };
export const DONE: Success = { status: 200, empty: true };

/** Errors of every request with a body: malformed or invalid (400), too large (413), wrong media type (415). */
export const BODY_ERRORS = [400, 413, 415];
