import { EXAMPLES } from './examples';
import { buildOpenApiDocument, checkRoutes, servedRestRoutes } from './openapi-document';
import { PATH_PARAMETERS } from './operation-parts';
import { declaredOperations } from './operation.decorator';
import { rootOf, SCHEMAS } from './schemas';
import { AppModule } from '../app.module';

type Controller = { name: string; prototype: object };

/** The app's controllers, as Nest finds them: every module's `controllers`, through its `imports`. */
function controllersOf(module: unknown, seen = new Set<unknown>()): Controller[] {
  if (!module || seen.has(module)) return [];
  seen.add(module);
  const dynamic = typeof module === 'object' ? (module as { module?: unknown; imports?: unknown[]; controllers?: Controller[] }) : undefined;
  const type = dynamic?.module ?? module;
  const own = (Reflect.getMetadata('controllers', type as object) as Controller[] | undefined) ?? [];
  const imports = [...((Reflect.getMetadata('imports', type as object) as unknown[] | undefined) ?? []), ...(dynamic?.imports ?? [])];
  return [...own, ...(dynamic?.controllers ?? []), ...imports.flatMap((m) => controllersOf(m, seen))];
}

const { operations: OPERATIONS, undeclared } = declaredOperations(controllersOf(AppModule));

/** The served routes the handlers declare, as the router would list them. */
const servedAsDocumented = OPERATIONS.map((op) => ({ method: op.method, path: op.path }));

describe('the handlers’ @Operation declarations', () => {
  it('document every /rest handler', () => {
    expect(undeclared).toEqual([]);
    expect(OPERATIONS.length).toBeGreaterThan(60);
  });

  it('has unique operation ids and one entry per method and path', () => {
    const ids = OPERATIONS.map((op) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const keys = OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('declares every path parameter it uses', () => {
    for (const op of OPERATIONS) {
      for (const [, name] of op.path.matchAll(/\{([^}]+)\}/g)) expect([op.operationId, name in PATH_PARAMETERS]).toEqual([op.operationId, true]);
    }
  });

  it('gives every body an example in each documented format, rooted as its schema', () => {
    for (const op of OPERATIONS) {
      const body = op.body;
      // A zipped data directory has no text example: the e2e suite zips one.
      if (!body || body.kind === 'dataDirectory') continue;
      // A rule map has no root in JSON (GeoServer's flat object): its examples are checked as such.
      if (body.kind === 'ruleMap') {
        const xmlRoot = body.schema === 'RuleMap' ? '<rules>' : '<catalog>';
        expect([op.operationId, body.example.xml?.startsWith(xmlRoot), typeof body.example.json]).toEqual([op.operationId, true, 'object']);
        continue;
      }
      const { example, schema, kind } = body;
      const root = rootOf(schema) ?? (SCHEMAS[schema] as { required?: string[] }).required?.[0];
      expect([op.operationId, typeof example.xml, Object.keys(example.json as object)]).toEqual([op.operationId, 'string', [root]]);
      expect(example.xml!.startsWith(`<${root}`)).toBe(true);
      if (kind === 'documentOrSld') expect([op.operationId, typeof example.sld, typeof example.se]).toEqual([op.operationId, 'string', 'string']);
    }
    expect(Object.keys(EXAMPLES).length).toBeGreaterThan(0);
  });

  it('documents every success schema as a known schema', () => {
    for (const op of OPERATIONS) if ('schema' in op.success) expect(op.success.schema in SCHEMAS).toBe(true);
  });
});

describe('served routes against the table', () => {
  it('reads /rest routes of the router in OpenAPI syntax and ignores the others', () => {
    const served = servedRestRoutes(
      [
        { path: '/geoserver/rest/workspaces/:ws/datastores/:ds', methods: ['GET', 'PUT'] },
        { path: '/geoserver/ogc/features/collections', methods: ['GET'] },
        { path: '/geoserver/rest', methods: ['GET'] },
      ],
      '/geoserver',
    );
    expect(served).toEqual([
      { method: 'GET', path: '/workspaces/{ws}/datastores/{ds}' },
      { method: 'PUT', path: '/workspaces/{ws}/datastores/{ds}' },
    ]);
  });

  it('finds routes the table lacks and entries no route serves', () => {
    const served = [...servedAsDocumented.filter((r) => r.path !== '/reload'), { method: 'PATCH', path: '/workspaces/{ws}' }];
    expect(checkRoutes(served, OPERATIONS)).toEqual({
      undocumented: ['PATCH /workspaces/{ws}'],
      unserved: ['POST /reload', 'PUT /reload'],
    });
    expect(checkRoutes(servedAsDocumented, OPERATIONS)).toEqual({ undocumented: [], unserved: [] });
  });

  it('flags both in the document', () => {
    const served = [...servedAsDocumented.filter((r) => !(r.method === 'POST' && r.path === '/reset')), { method: 'GET', path: '/secret' }];
    const doc = buildOpenApiDocument({ restBase: 'http://localhost:8080/geoserver/rest', operations: OPERATIONS, served }) as any;
    expect(doc['x-route-check']).toEqual({ undocumented: ['GET /secret'], unserved: ['POST /reset'] });
    expect(doc.paths['/secret'].get['x-undocumented']).toBe(true);
    expect(doc.paths['/reset'].post['x-unserved']).toBe(true);
    expect(doc.paths['/reset'].put['x-unserved']).toBeUndefined();
  });
});

describe('the document', () => {
  const doc = buildOpenApiDocument({ restBase: 'http://localhost:8080/geoserver/rest', operations: OPERATIONS, served: servedAsDocumented }) as any;

  it('is OpenAPI 3.1 with Basic auth and the request’s /rest as its server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'http://localhost:8080/geoserver/rest', description: 'This server’s /rest' }]);
    expect(doc.security).toEqual([{ basic: [] }]);
  });

  it('answers creates with 201 + Location, and documents 401 and 403 everywhere', () => {
    const create = doc.paths['/workspaces'].post;
    expect(create.responses['201'].headers.Location).toBeDefined();
    for (const methods of Object.values(doc.paths) as Array<Record<string, any>>) {
      for (const op of Object.values(methods)) expect([op.operationId, '401' in op.responses, '403' in op.responses]).toEqual([op.operationId, true, true]);
    }
  });

  it('offers XML, JSON and SLD bodies for styles, and the SLD as a style GET answer', () => {
    expect(Object.keys(doc.paths['/styles'].post.requestBody.content)).toEqual([
      'application/xml',
      'text/xml',
      'application/json',
      'application/vnd.ogc.sld+xml',
      'application/vnd.ogc.se+xml',
    ]);
    expect(Object.keys(doc.paths['/styles/{style}'].get.responses['200'].content)).toContain('application/vnd.ogc.sld+xml');
  });
});
