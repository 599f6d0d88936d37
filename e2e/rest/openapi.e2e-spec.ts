/**
 * The OpenAPI document at /rest/openapi.json, checked against the running server:
 * - it documents exactly the routes the server answers (the server compares its router with the
 *   handlers' documented operations and flags any difference; the paths are probed from outside too);
 * - every documented operation is exercised here: its documented example request (each request
 *   media type) gets its documented success status, and the answer matches the documented JSON
 *   schema and XML root element;
 * - every operation needs credentials, and every one that documents a 404 answers it.
 */
import { openEventStream } from '../support/event-stream';
import { HttpResponse, rawRequest, RequestOptions } from '../support/http';
import { schemaProblems, Schema } from '../support/json-schema';
import {
  ALL_FIXTURES,
  buildCatalog,
  catalogFixture,
  concretePath,
  createRoadsTable,
  DocumentedOperation,
  exampleRequest as exampleRequestOf,
  exampleQuery,
  isEventStream,
  Fixture,
  label,
  needs,
  OpenApi,
  Operation,
  operationsOf,
  readsFirst,
  resetCatalog as resetCatalogOf,
  SLD,
} from '../support/openapi-catalog';
import { useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();

let doc: OpenApi;

beforeAll(async () => {
  await createRoadsTable(ctx);
  const res = await ctx.api.get('/openapi.json');
  if (res.status !== 200) throw new Error(`GET /openapi.json: ${res.status} ${res.text}`);
  doc = res.json();
}, 60_000);

const operations = () => operationsOf(doc);
const resetCatalog = () => resetCatalogOf(ctx);
const build = (need: Set<Fixture>) => buildCatalog(ctx, need);
const exampleRequest = (o: DocumentedOperation, mediaType: string) => exampleRequestOf(ctx, o, mediaType);

function successStatus(op: Operation): number {
  return Number(Object.keys(op.responses).find((s) => s.startsWith('2')));
}

/** The root key of a documented JSON schema (`{"workspace": …}` → `workspace`), the XML root element too. */
function rootOf(schema: Schema | undefined): string | undefined {
  const resolved = schema && typeof schema.$ref === 'string' ? (doc.components as any).schemas[schema.$ref.split('/').pop()!] : schema;
  const required = resolved?.required as string[] | undefined;
  return required?.length === 1 && resolved.additionalProperties === false ? required[0] : undefined;
}

function send(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResponse> {
  return rawRequest(ctx.api.url(path), { auth: ctx.server.admin, method, ...opts });
}

// ------------------------------------------------------------------------------------------------

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 JSON at /rest/openapi.json (and /rest/openapi), for any user with credentials; its server is this /rest', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe(ctx.server.restUrl);
    expect((doc.components as any).securitySchemes).toEqual({ basic: { type: 'http', scheme: 'basic' } });
    const plain = await ctx.api.get('/openapi');
    expect([plain.status, plain.contentType]).toEqual([200, 'application/json']);
    expect(plain.json().paths).toEqual(doc.paths);
    expect(await ctx.api.as(null).get('/openapi.json')).toBeTextError(401);
  });

  it('documents exactly the routes the server answers', async () => {
    expect(doc['x-route-check']).toEqual({ undocumented: [], unserved: [] });
    const flagged = operations().filter(({ op }) => op['x-undocumented'] || op['x-unserved']);
    expect(flagged.map(label)).toEqual([]);
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('every documented path answers exactly its documented methods (the 405 of an unanswered method lists them)', async () => {
    const byPath = new Map<string, DocumentedOperation[]>();
    for (const o of operations()) byPath.set(o.path, [...(byPath.get(o.path) ?? []), o]);
    for (const [path, ops] of byPath) {
      const res = await send('OPTIONS', concretePath(ops[0]));
      const documented = ops.map((o) => o.method);
      if (documented.includes('GET')) documented.push('HEAD');
      expect([path, res.status, res.headers.get('allow')]).toEqual([path, 405, documented.sort().join(', ')]);
    }
  });

  it('every $ref resolves and every path parameter is declared with an example', async () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    const unresolved = [...new Set(refs)].filter((ref) => {
      let node: any = doc;
      for (const part of ref.slice(2).split('/')) node = node?.[part];
      return node === undefined;
    });
    expect(unresolved).toEqual([]);
    for (const o of operations()) {
      for (const [, name] of o.path.matchAll(/\{([^}]+)\}/g)) {
        const p = o.op.parameters?.find((q) => q.in === 'path' && q.name === name);
        expect([label(o), name, p?.example !== undefined]).toEqual([label(o), name, true]);
      }
    }
  });

  it('every JSON request example conforms to its documented request schema', async () => {
    for (const o of operations().filter(({ op }) => op.requestBody?.content['application/json'])) {
      const { example, schema } = o.op.requestBody!.content['application/json'] as { example: unknown; schema: Schema };
      expect([label(o), schemaProblems(example, schema, doc)]).toEqual([label(o), []]);
    }
  });
});

describe('every documented operation, exercised', () => {
  it('needs credentials: 401 without them', async () => {
    for (const o of operations()) {
      const res = await rawRequest(ctx.api.url(concretePath(o)), { method: o.method, auth: null });
      expect([label(o), res.status]).toEqual([label(o), 401]);
    }
  }, 120_000);

  it('answers its documented example (every request media type) with its documented success, matching the documented schema', async () => {
    const failures: string[] = [];
    let exercised = 0;
    // Reads first, by the catalog they need: they leave it as they found it, so one build serves many.
    const catalog = catalogFixture(ctx);
    for (const [, o] of readsFirst(operations())) {
      const status = successStatus(o.op);
      const mediaTypes = o.op.requestBody ? Object.keys(o.op.requestBody.content) : [undefined];
      for (const mediaType of mediaTypes) {
        const what = `${label(o)}${mediaType ? ` [${mediaType}]` : ''}`;
        await catalog.build(needs(o));
        // Told now, before the request: the checks below `continue` early.
        catalog.sent(o);
        const path = concretePath(o) + exampleQuery(o.op);
        if (isEventStream(o.op)) {
          // An event stream stays open: its answer is checked, then it is closed.
          const stream = await openEventStream(ctx.api.url(path), ctx.server.admin);
          stream.close();
          exercised++;
          if (stream.status !== status || !String(stream.headers['content-type']).startsWith('text/event-stream'))
            failures.push(`${what}: ${stream.status} ${stream.headers['content-type']}`);
          continue;
        }
        const res = await send(o.method, path, mediaType ? { ...exampleRequest(o, mediaType), accept: 'application/json' } : { accept: 'application/json' });
        exercised++;
        if (res.status !== status) {
          failures.push(`${what}: ${res.status} instead of ${status}: ${res.text.slice(0, 200)}`);
          continue;
        }
        const success = o.op.responses[String(status)];
        const json = success.content?.['application/json'];
        if (status === 201) {
          if (res.contentType !== 'text/plain' || !res.text || !res.headers.get('location')) failures.push(`${what}: 201 without a name and a Location`);
        } else if (success.content?.['application/zip']) {
          if (res.contentType !== 'application/zip' || !res.headers.get('content-disposition')?.startsWith('attachment')) {
            failures.push(`${what}: ${res.contentType} ${res.headers.get('content-disposition')} instead of an attached zip`);
          }
        } else if (json?.schema) {
          const problems = res.contentType === 'application/json' ? schemaProblems(res.json(), json.schema, doc) : [`content type ${res.contentType}`];
          if (problems.length) failures.push(`${what}: ${problems.slice(0, 5).join('; ')}`);
        } else if (res.text !== '') {
          failures.push(`${what}: documented as an empty answer, got ${JSON.stringify(res.text.slice(0, 100))}`);
        }
        if (o.method === 'GET' && success.content?.['application/xml']) {
          const xml = await send('GET', path, { accept: 'application/xml' });
          const root = rootOf(json?.schema);
          if (xml.contentType !== 'application/xml' || (root && !xml.text.startsWith(`<${root}`)))
            failures.push(`${what} as XML: ${xml.contentType} ${xml.text.slice(0, 80)}`);
        }
        for (const sld of ['application/vnd.ogc.sld+xml'].filter((t) => o.method === 'GET' && success.content?.[t])) {
          const res2 = await send('GET', path, { accept: sld });
          if (res2.status !== 200 || res2.contentType !== sld || res2.text !== SLD) failures.push(`${what} as SLD: ${res2.status} ${res2.contentType}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(exercised).toBeGreaterThanOrEqual(operations().length);
  }, 300_000);

  it('answers 404 for a missing item wherever it documents one (empty with ?quietOnNotFound=true)', async () => {
    await resetCatalog();
    await build(ALL_FIXTURES);
    const failures: string[] = [];
    for (const o of operations().filter(({ op, path }) => op.responses['404'] && path.includes('{'))) {
      const mediaType = o.op.requestBody ? Object.keys(o.op.requestBody.content).find((t) => t === 'application/json') : undefined;
      const body = mediaType ? exampleRequest(o, mediaType) : {};
      const path = concretePath(o, true);
      const res = await send(o.method, path, body);
      if (res.status !== 404 || res.contentType !== 'text/plain' || !res.text) failures.push(`${label(o)} ${path}: ${res.status} ${res.text.slice(0, 120)}`);
      const quiet = await send(o.method, `${path}?quietOnNotFound=true`, body);
      if (quiet.status !== 404 || quiet.text !== '')
        failures.push(`${label(o)} ${path}?quietOnNotFound=true: ${quiet.status} ${JSON.stringify(quiet.text.slice(0, 80))}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
