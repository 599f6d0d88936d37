import { ABOUT_OPERATIONS } from './operation-table/about';
import { CATALOG_FILES_OPERATIONS } from './operation-table/catalog-files';
import { DATASTORE_OPERATIONS } from './operation-table/datastores';
import { FEATURETYPE_OPERATIONS } from './operation-table/featuretypes';
import { HISTORY_OPERATIONS } from './operation-table/history';
import { LAYER_OPERATIONS } from './operation-table/layers';
import { LAYER_GROUP_OPERATIONS } from './operation-table/layergroups';
import type { RestOperation } from './operation-table/model';
import { NAMESPACE_OPERATIONS } from './operation-table/namespaces';
import { SECURITY_OPERATIONS } from './operation-table/security';
import { STYLE_OPERATIONS } from './operation-table/styles';
import { WORKSPACE_OPERATIONS } from './operation-table/workspaces';

export * from './operation-table/model';

/**
 * Every operation of the REST API, typed: the single source of the OpenAPI document. The
 * document is built from this table and checked against the live router at run time (a route
 * missing here, or an entry no route answers, is flagged in the served document and fails the
 * e2e suite), and the e2e suite sends every documented example to its operation. One file per
 * resource in operation-table/; this is their order in the document.
 */
export const OPERATIONS: RestOperation[] = [
  ...WORKSPACE_OPERATIONS,
  ...NAMESPACE_OPERATIONS,
  ...DATASTORE_OPERATIONS,
  ...FEATURETYPE_OPERATIONS,
  ...LAYER_OPERATIONS,
  ...STYLE_OPERATIONS,
  ...LAYER_GROUP_OPERATIONS,
  ...SECURITY_OPERATIONS,
  ...HISTORY_OPERATIONS,
  ...CATALOG_FILES_OPERATIONS,
  ...ABOUT_OPERATIONS,
];
