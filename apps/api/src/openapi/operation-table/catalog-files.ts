import { RestOperation } from './model';

export const CATALOG_FILES_OPERATIONS: RestOperation[] = [
  {
    operationId: 'importCatalog',
    method: 'POST',
    path: '/catalog/import',
    tag: 'catalogFiles',
    summary: 'Plan the import of a GeoServer data directory and apply it in one transaction (ADMIN only)',
    description:
      'The plan names every record by its REST path with `create`, `update`, `delete` (with `prune`), `unchanged`, `skip` (what this catalog does not hold: other store kinds, coverages, layer groups, service settings; stores whose password cannot be had) or `error`. Any `error` answers 400 with the plan and applies nothing; otherwise the whole plan is applied in one transaction, its changes recorded under this request’s id. Store passwords: clear text and `plain:` as they are, this catalog’s own `crypt2:` kept, GeoServer’s `crypt1:` decrypted through the directory’s `security/` folder, else from `secrets`. `dryRun=true` plans and checks every write without storing any.',
    query: ['prune'],
    body: { kind: 'dataDirectory' },
    success: { status: 200, schema: 'ImportPlan', jsonOnly: true },
    errors: [400, 413, 415, 502],
  },
  {
    operationId: 'exportCatalog',
    method: 'GET',
    path: '/catalog/export',
    tag: 'catalogFiles',
    summary: 'The catalog (or one workspace) as a zipped GeoServer data directory (ADMIN only)',
    description:
      'GeoServer’s own layout and XML (ids stable across exports, references by id), so GeoServer reads it and an import of it into an empty catalog exports the same files. Store passwords are written as this catalog’s `crypt2:` values.',
    query: ['workspace'],
    success: { status: 200, zip: true },
    errors: [400, 404],
  },
];
