/**
 * No 5xx for a client's input (issue 9, scope 10; contract §5): every operation of the REST
 * OpenAPI document and of the OGC API - Features definition is sent, as ADMIN, its documented
 * example request with one thing at a time made hostile — a path parameter, a query parameter, a
 * body field, the Content-Type — by fast-check: NUL and control characters, lone surrogates,
 * numbers beyond any column (99999999999999999999, 2147483648, 1e309, NaN), wrong JSON types
 * (objects, arrays, null where text is due), 100 kB strings, unknown enum values, deep nesting,
 * broken XML. Raw sockets add what an HTTP client will not send: NUL and bad UTF-8 in paths,
 * invalid UTF-8 bytes in bodies, NUL in Basic credentials.
 *
 * Every answer must be below 500 and carry no stack trace; afterwards the server answers and
 * works. A failure names the operation, the mutation and the answer, with fast-check's seed and
 * path to replay it. The seed is fixed (FUZZ_SEED to try another, FUZZ_RUNS for more runs per
 * operation), so CI runs the same requests every time, in about a minute.
 */
import fc from 'fast-check';
import { connect } from 'node:net';
import { HttpResponse, rawRequest } from '../support/http';
import {
  ALL_FIXTURES,
  buildCatalog,
  catalogFixture,
  createRoadsTable,
  DocumentedOperation,
  exampleBody,
  exampleQuery,
  isEventStream,
  label,
  OpenApi,
  operationsOf,
  readsFirst,
  resetCatalog,
} from '../support/openapi-catalog';
import { useSpatialApi } from '../support/postgis';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

const ctx = useSpatialApi();
let doc: OpenApi;

beforeAll(async () => {
  await createRoadsTable(ctx);
  doc = (await ctx.api.get('/openapi.json')).json();
}, 60_000);

// ------------------------------------------------------------------------------------------------
// Hostile values.

/** A value for one place of a request, and how a failure report names it. */
interface Hostile {
  what: string;
  /** As text (path segments, query values, XML text, header values). */
  text: string;
  /** As JSON (body fields); defaults to `text`. */
  json?: unknown;
}

const hostile = (what: string, text: string, json?: unknown): Hostile => ({ what, text, json });
// Reported by name only: a 100 kB value would drown the counterexample.
const named = (h: Hostile): Hostile => Object.assign(Object.create({ toJSON: () => h.what }), h);

const NAMED: Hostile[] = [
  hostile('NUL', 'a\u0000b'),
  hostile('U+0001', 'x\u0001y'),
  hostile('U+001F', '\u001f'),
  hostile('U+FFFE', 'a\ufffe'),
  hostile('lone surrogate', 'a\ud800b'),
  hostile('1e20', '99999999999999999999', 1e20),
  hostile('2^31', '2147483648', 2147483648),
  hostile('-2^31-1', '-2147483649', -2147483649),
  hostile('-1', '-1', -1),
  hostile('1e309', '1e309', 1e308 * 10),
  hostile('NaN', 'NaN'),
  hostile('hex', '0x1F'),
  hostile('empty', ''),
  hostile('100 kB', 'x'.repeat(100_000)),
  hostile('unknown enum', 'NOT_A_DOCUMENTED_VALUE'),
  hostile('traversal', '../../../../etc/passwd'),
  hostile('percent', '%00%'),
  hostile('SQL', "x'; DROP TABLE workspace; --"),
  hostile('markup', '<script>alert(1)</script>&amp;'),
  hostile('RTL and emoji', '\u202e\ud83d\uddfa\ufe0f'),
  hostile('object', '{"a":1}', { a: { b: [1, 2] } }),
  hostile('array', '[1,2]', [1, 'two', null]),
  hostile('null', 'null', null),
  hostile('boolean', 'true', true),
  hostile('deep nesting', '['.repeat(500), JSON.parse('['.repeat(200) + ']'.repeat(200))),
];

const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NAMED.map(named)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }).map((s) => hostile(`random ${JSON.stringify(s)}`, s)) },
  { weight: 1, arbitrary: fc.double().map((n) => hostile(`number ${n}`, String(n), n)) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => hostile(`integer ${n}`, String(n), Number(n))) },
);

/** Percent-encodes every byte of the UTF-8 form but unreserved ones (a lone surrogate becomes U+FFFD, as any client would send). */
function pct(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

function xmlText(text: string): string {
  // Markup is escaped; control characters stay raw: that is the point.
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// ------------------------------------------------------------------------------------------------
// Mutations of one operation's example request.

type Target =
  | { kind: 'path'; name: string }
  | { kind: 'query'; name: string }
  | { kind: 'json'; at: Array<string | number> }
  | { kind: 'xml'; element: number }
  | { kind: 'broken-body' }
  | { kind: 'content-type' };

interface Example {
  method: string;
  path: string;
  pathParams: Array<{ name: string; example: string }>;
  query: Record<string, string>;
  body?: { type: string; text: string };
}

/** Every place of a JSON value (objects, arrays and leaves), as key paths. */
function placesIn(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const here = at.length ? [at] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => placesIn(v, [...at, i]))];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([k, v]) => placesIn(v, [...at, k]))];
  return here;
}

function replaced(value: unknown, at: Array<string | number>, by: unknown): unknown {
  if (!at.length) return by;
  const [head, ...rest] = at;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, by) : v));
  return { ...(value as Record<string, unknown>), [head]: replaced((value as Record<string, unknown>)[head as string], rest, by) };
}

const BROKEN_BODIES = [
  '<workspace><name>unclosed',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  '<a>' + '<b>'.repeat(5_000) + '</b>'.repeat(5_000) + '</a>',
  '{"workspace": {"name": "x"',
  '{"workspace": ' + '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000) + '}',
  '\u0000\u0001\u0002',
  '',
];

function targetsOf(e: Example): Target[] {
  const targets: Target[] = [
    ...e.pathParams.map((p) => ({ kind: 'path' as const, name: p.name })),
    ...Object.keys(e.query).map((name) => ({ kind: 'query' as const, name })),
  ];
  targets.push({ kind: 'query', name: 'format' }, { kind: 'query', name: 'recurse' }, { kind: 'query', name: 'limit' });
  if (e.body) {
    targets.push({ kind: 'broken-body' }, { kind: 'content-type' });
    if (e.body.type.includes('json')) for (const at of placesIn(JSON.parse(e.body.text))) targets.push({ kind: 'json', at });
    else {
      const elements = (e.body.text.match(/>[^<>]+</g) ?? []).length;
      for (let i = 0; i < elements; i++) targets.push({ kind: 'xml', element: i });
    }
  }
  return targets;
}

interface Mutated {
  description: string;
  method: string;
  url: string;
  body?: string;
  type?: string;
}

function mutate(base: string, e: Example, target: Target, value: Hostile, broken: string): Mutated {
  let path = e.path;
  const query = { ...e.query };
  let body = e.body?.text;
  let type = e.body?.type;
  let description: string;
  switch (target.kind) {
    case 'path':
      path = path.replace(`{${target.name}}`, pct(value.text));
      description = `path parameter ${target.name} = ${value.what}`;
      break;
    case 'query':
      query[target.name] = value.text;
      description = `query parameter ${target.name} = ${value.what}`;
      break;
    case 'json':
      body = JSON.stringify(replaced(JSON.parse(body!), target.at, value.json === undefined ? value.text : value.json));
      description = `body field ${target.at.join('.')} = ${value.what}`;
      break;
    case 'xml': {
      let i = -1;
      body = body!.replace(/>[^<>]+</g, (m) => (++i === target.element ? `>${xmlText(value.text)}<` : m));
      description = `XML text #${target.element} = ${value.what}`;
      break;
    }
    case 'broken-body':
      body = broken;
      description = `body ${JSON.stringify(broken.slice(0, 40))}…`;
      break;
    case 'content-type':
      type = value.text.replace(/[\u0000-\u001f\u007f-\uffff]/g, '?') || 'x/y';
      description = `Content-Type = ${value.what}`;
      break;
  }
  for (const p of e.pathParams) path = path.replace(`{${p.name}}`, pct(p.example));
  const qs = Object.entries(query)
    .map(([k, v]) => `${pct(k)}=${pct(v)}`)
    .join('&');
  return { description, method: e.method, url: `${base}${path}${qs ? `?${qs}` : ''}`, body, type };
}

const STACK_TRACE = /\n\s+at .+\(.*:\d+:\d+\)|node_modules|\.ts:\d+:\d+|Error: .*\n\s+at /;

async function send(m: Mutated): Promise<HttpResponse | undefined> {
  try {
    return await rawRequest(m.url, { method: m.method, auth: ctx.server.admin, body: m.body, type: m.type, accept: 'application/json' });
  } catch (err) {
    // Something node:http itself will not send (an invalid header character): nothing to test.
    if (/ERR_INVALID_CHAR|ERR_INVALID_HTTP_TOKEN|Invalid character/.test(String((err as Error).message ?? err) + String((err as { code?: string }).code)))
      return undefined;
    throw err;
  }
}

/**
 * What is wrong with an answer, if anything. A 502 is no server fault where the operation
 * documents it: the client named a store's server, and that server did not answer (contract §5:
 * a clear 5xx naming the store) — "host 5" is a host name.
 */
function problemWith(m: Mutated, res: HttpResponse, storeAnswers: boolean): string | undefined {
  const storeFailed =
    storeAnswers &&
    res.status === 502 &&
    /^Data store '[^']*' (is unreachable(: |$)|is not reachable: |refused the login: wrong user or password$)/.test(res.text);
  if (res.status >= 500 && !storeFailed) return `${m.method} ${m.url.slice(0, 200)} with ${m.description}: ${res.status} ${res.text.slice(0, 300)}`;
  if (STACK_TRACE.test(res.text)) return `${m.method} ${m.url.slice(0, 200)} with ${m.description}: a stack trace in the answer: ${res.text.slice(0, 300)}`;
  return undefined;
}

/** Runs the property for one operation; returns how many requests were sent. */
async function fuzz(name: string, base: string, e: Example, index: number, storeAnswers = false): Promise<number> {
  let sent = 0;
  const targets = targetsOf(e);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...targets), hostileValue, fc.nat({ max: BROKEN_BODIES.length - 1 }), async (target, value, broken) => {
      const m = mutate(base, e, target, value, BROKEN_BODIES[broken]);
      const res = await send(m);
      if (!res) return;
      sent++;
      const problem = problemWith(m, res, storeAnswers);
      if (problem) throw new Error(`${name}: ${problem}`);
    }),
    { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
  );
  return sent;
}

// ------------------------------------------------------------------------------------------------

function restExample(o: DocumentedOperation): Example {
  const pathParams = [...o.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name,
    example: String(o.op.parameters?.find((p) => p.in === 'path' && p.name === name)?.example ?? ''),
  }));
  const query = Object.fromEntries(new URLSearchParams(exampleQuery(o.op).slice(1)));
  const types = Object.keys(o.op.requestBody?.content ?? {});
  const type = types.find((t) => t === 'application/json') ?? types[0];
  return { method: o.method, path: o.path, pathParams, query, body: type ? { type, text: exampleBody(ctx, o, type) } : undefined };
}

describe('no 5xx, whatever the input', () => {
  it('every operation of the REST API, its example request mutated', async () => {
    // The event stream stays open whatever it is sent: rest/events checks its refusals of bad input.
    const ops = operationsOf(doc).filter((o) => !isEventStream(o.op));
    let sent = 0;
    const exercised = new Set<string>();
    // Reads first: they leave the catalog as they found it, so one build serves them all.
    const catalog = catalogFixture(ctx);
    for (const [i, o] of readsFirst(ops)) {
      await catalog.build(ALL_FIXTURES);
      const storeAnswers = '502' in o.op.responses;
      sent += await fuzz(label(o), ctx.server.restUrl, restExample(o), i, storeAnswers);
      exercised.add(label(o));
      // An XML body too, where the operation reads one.
      const xml = Object.keys(o.op.requestBody?.content ?? {}).find((t) => t.includes('xml'));
      if (xml) {
        const e = restExample(o);
        sent += await fuzz(`${label(o)} [${xml}]`, ctx.server.restUrl, { ...e, body: { type: xml, text: exampleBody(ctx, o, xml) } }, 1000 + i, storeAnswers);
      }
      catalog.sent(o);
    }
    expect([...exercised].sort()).toEqual(ops.map(label).sort());
    expect(sent).toBeGreaterThan(ops.length * RUNS * 0.8);
    // Unharmed: the example requests still work.
    await resetCatalog(ctx);
    await buildCatalog(ctx, ALL_FIXTURES);
    expect(await ctx.api.get('/workspaces/acme/datastores/nyc/featuretypes/roads.json')).toHaveStatus(200);
  }, 600_000);

  it('every operation of OGC API - Features, its parameters mutated', async () => {
    await resetCatalog(ctx);
    await buildCatalog(ctx, ALL_FIXTURES);
    const root = `${ctx.server.baseUrl}/ogc/features/v1`;
    const api = await rawRequest(`${root}/api`, { auth: ctx.server.admin, accept: 'application/vnd.oai.openapi+json;version=3.0' });
    expect(api).toHaveStatus(200);
    const definition = api.json() as {
      paths: Record<string, { get: { parameters?: Array<{ $ref?: string; name?: string; in?: string }> } }>;
      components: { parameters: Record<string, { name: string; in: string }> };
    };
    const examples: Record<string, string> = {
      collectionId: 'acme:roads',
      featureId: '1',
      limit: '5',
      offset: '0',
      bbox: '-180,-90,180,90',
      datetime: '2020-01-01T00:00:00Z',
      properties: 'name',
      f: 'json',
    };
    let sent = 0;
    const paths = Object.entries(definition.paths);
    for (const [i, [path, item]] of paths.entries()) {
      const params = (item.get.parameters ?? []).map((p) =>
        p.$ref ? definition.components.parameters[p.$ref.split('/').pop()!] : (p as { name: string; in: string }),
      );
      const e: Example = {
        method: 'GET',
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, example: examples[p.name] ?? 'x' })),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, examples[p.name] ?? 'x'])),
      };
      sent += await fuzz(`GET /ogc/features/v1${path}`, root, e, 2000 + i);
    }
    expect(paths.length).toBeGreaterThanOrEqual(6);
    expect(sent).toBeGreaterThan(paths.length * RUNS * 0.8);
  }, 300_000);

  /** Sends bytes as they are and returns the status line's code (0 when the server closed without one). */
  function raw(bytes: Buffer): Promise<{ status: number; text: string }> {
    const url = new URL(ctx.server.baseUrl);
    return new Promise((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.end(bytes));
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text }));
    });
  }

  it('what HTTP clients will not send: NUL and bad UTF-8 in paths, invalid bytes in bodies, NUL in credentials', async () => {
    const auth = Buffer.from(`${ctx.server.admin.user}:${ctx.server.admin.password}`).toString('base64');
    const nulAuth = Buffer.from(`${ctx.server.admin.user}\u0000:${ctx.server.admin.password}`).toString('base64');
    const head = (line: string, headers: string[] = []) => Buffer.from([line, 'Host: fuzz', 'Connection: close', ...headers, '', ''].join('\r\n'), 'latin1');
    const withBody = (line: string, type: string, body: Buffer) =>
      Buffer.concat([head(line, [`Authorization: Basic ${auth}`, `Content-Type: ${type}`, `Content-Length: ${body.length}`]), body]);
    const cases: Array<[string, Buffer]> = [
      ['NUL byte in the path', head('GET /geoserver/rest/workspaces/x\u0000y HTTP/1.1', [`Authorization: Basic ${auth}`])],
      ['%00 in the path', head('GET /geoserver/rest/workspaces/x%00 HTTP/1.1', [`Authorization: Basic ${auth}`])],
      ['overlong UTF-8', head('GET /geoserver/rest/workspaces/%C0%AF HTTP/1.1', [`Authorization: Basic ${auth}`])],
      ['invalid UTF-8', head('GET /geoserver/rest/workspaces/%FF%FE HTTP/1.1', [`Authorization: Basic ${auth}`])],
      ['encoded surrogate', head('GET /geoserver/rest/styles/%ED%A0%80 HTTP/1.1', [`Authorization: Basic ${auth}`])],
      [
        'raw 0xFF in the path',
        Buffer.concat([Buffer.from('GET /geoserver/rest/workspaces/'), Buffer.of(0xff, 0xfe), head(' HTTP/1.1', [`Authorization: Basic ${auth}`])]),
      ],
      ['bad UTF-8 in a query', head('GET /geoserver/rest/workspaces.json?quietOnNotFound=%C3%28 HTTP/1.1', [`Authorization: Basic ${auth}`])],
      ['feature collection with %00', head('GET /geoserver/ogc/features/v1/collections/x%00/items HTTP/1.1', [`Authorization: Basic ${auth}`])],
      ['NUL in Basic credentials', head('GET /geoserver/rest/workspaces HTTP/1.1', [`Authorization: Basic ${nulAuth}`])],
      ['Basic credentials that are not base64', head('GET /geoserver/rest/workspaces HTTP/1.1', ['Authorization: Basic %%%\u00ff'])],
      [
        'invalid UTF-8 in a JSON body',
        withBody(
          'POST /geoserver/rest/workspaces HTTP/1.1',
          'application/json',
          Buffer.concat([Buffer.from('{"workspace":{"name":"'), Buffer.of(0xff, 0xc0, 0x80), Buffer.from('"}}')]),
        ),
      ],
      [
        'NUL byte in an XML body',
        withBody('POST /geoserver/rest/workspaces HTTP/1.1', 'application/xml', Buffer.from('<workspace><name>a\u0000b</name></workspace>')),
      ],
      [
        'UTF-16 XML declared as UTF-8',
        withBody('POST /geoserver/rest/workspaces HTTP/1.1', 'application/xml', Buffer.from('\ufeff<workspace><name>x</name></workspace>', 'utf16le')),
      ],
      [
        'invalid UTF-8 in an SLD',
        withBody(
          'PUT /geoserver/rest/styles/point HTTP/1.1',
          'application/vnd.ogc.sld+xml',
          Buffer.concat([Buffer.from('<StyledLayerDescriptor><Name>'), Buffer.of(0xff), Buffer.from('</Name></StyledLayerDescriptor>')]),
        ),
      ],
      ['a 64 kB header', head('GET /geoserver/rest/workspaces HTTP/1.1', [`Authorization: Basic ${auth}`, `X-Big: ${'a'.repeat(65_536)}`])],
    ];
    const problems: string[] = [];
    for (const [what, bytes] of cases) {
      const res = await raw(bytes);
      if (res.status >= 500 || STACK_TRACE.test(res.text)) problems.push(`${what}: ${res.text.slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
  });

  it('leaves the server healthy: it answers and works', async () => {
    expect(await ctx.api.get('/about/version.json')).toHaveStatus(200);
    expect(await ctx.api.postJson('/workspaces', { workspace: { name: 'after_fuzz' } })).toHaveStatus(201);
    expect(await ctx.api.get('/workspaces/after_fuzz.json')).toHaveStatus(200);
  });
});
