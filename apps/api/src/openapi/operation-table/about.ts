import { DONE, ok, RestOperation } from './model';

export const ABOUT_OPERATIONS: RestOperation[] = [
  {
    operationId: 'getVersion',
    method: 'GET',
    path: '/about/version',
    tag: 'about',
    summary: 'What is running, and the GeoServer version whose REST API this follows',
    success: ok('About'),
    errors: [],
  },
  {
    operationId: 'reset',
    method: 'POST',
    path: '/reset',
    tag: 'maintenance',
    summary: 'GeoServer’s cache reset: a no-op (nothing is cached)',
    success: DONE,
    errors: [],
  },
  { operationId: 'resetByPut', method: 'PUT', path: '/reset', tag: 'maintenance', summary: 'The same as POST /reset', success: DONE, errors: [] },
  {
    operationId: 'reload',
    method: 'POST',
    path: '/reload',
    tag: 'maintenance',
    summary: 'GeoServer’s configuration reload: a no-op (the catalog is read from PostgreSQL on every request)',
    success: DONE,
    errors: [],
  },
  { operationId: 'reloadByPut', method: 'PUT', path: '/reload', tag: 'maintenance', summary: 'The same as POST /reload', success: DONE, errors: [] },
  {
    operationId: 'getOpenApi',
    method: 'GET',
    path: '/openapi',
    tag: 'openapi',
    summary: 'This OpenAPI 3.1 document (served at /rest/openapi.json; JSON only)',
    success: { status: 200, schema: 'OpenApiDocument', jsonOnly: true },
    errors: [],
  },
];
