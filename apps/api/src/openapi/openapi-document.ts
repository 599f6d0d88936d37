import { VERSION } from '../about/version';
import { BodyKind, PATH_PARAMETERS, PathParameter, QUERY_PARAMETERS, RestOperation, Success, TAGS } from './operation-parts';
import { JsonSchema, rootOf, SCHEMAS } from './schemas';

/** A route the router answers: method and path below `/rest` in OpenAPI syntax (`/workspaces/{ws}`). */
export interface ServedRoute {
  method: string;
  path: string;
}

/** How the documented operations and the served routes compare. */
export interface RouteCheck {
  /** Served routes no operation documents (`GET /x`). */
  undocumented: string[];
  /** Documented operations no route serves. */
  unserved: string[];
}

/**
 * Routes of the Express router (paths like `/geoserver/rest/workspaces/:ws`) as served routes
 * below `/rest`; routes outside `/rest` are not part of this API.
 */
export function servedRestRoutes(routes: Array<{ path: string; methods: string[] }>, contextPath: string): ServedRoute[] {
  const prefix = `${contextPath}/rest`;
  const served: ServedRoute[] = [];
  for (const route of routes) {
    if (!route.path.startsWith(`${prefix}/`)) continue;
    const path = route.path.slice(prefix.length).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    for (const method of route.methods) served.push({ method: method.toUpperCase(), path });
  }
  return served;
}

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Compares the documented operations with the served routes, both ways. */
export function checkRoutes(served: ServedRoute[], operations: RestOperation[]): RouteCheck {
  const documented = new Set(operations.map((op) => key(op.method, op.path)));
  const answered = new Set(served.map((r) => key(r.method, r.path)));
  return {
    undocumented: [...answered].filter((k) => !documented.has(k)).sort(),
    unserved: [...documented].filter((k) => !answered.has(k)).sort(),
  };
}

const DESCRIPTION = `GeoServer's REST catalog API (workspaces, namespaces, PostGIS data stores, feature types,
layers, styles, users and roles), as geocatalog serves it: the same URLs, XML and JSON bodies,
statuses and messages, so GeoServer scripts and client libraries (gsconfig / geoserver-restconfig,
geoserver-rest, geoserver-node-client, python-geoservercloud) work unchanged.

**Authentication.** HTTP Basic on every request below \`/rest\`, this document included (a 401
carries \`WWW-Authenticate: Basic realm="geocatalog"\`). Failed sign-ins are limited per user and
client address (10 in 15 minutes) and per address (100): past that, 429 with \`Retry-After\`. \`ADMIN\` may do everything; \`READER\` may
only read, and not \`/security\`.

**Formats.** Every path takes an optional \`.xml\` or \`.json\` suffix (\`.sld\` for a style's
document) on every method, and a trailing slash. The response format is the suffix, else
\`?format=xml|json|sld\`, else \`Accept\`; with none of them (or \`Accept: */*\`) it is JSON. XML is
GeoServer's (XStream: \`<entry key>\` maps, \`atom:link\`s); JSON is GeoServer's (Jettison: \`@key\`/\`$\`,
collections always arrays, an empty collection written as \`""\`). The JSON schemas below describe
the JSON form; the XML form has the same elements under the same root element.

**Request bodies.** XML (\`application/xml\`, \`text/xml\`) or JSON (\`application/json\`), rooted at
the resource's element; element names match case-insensitively; unknown elements are ignored;
booleans in any case (\`True\`); numbers and booleans where strings are expected are taken as text.
SLD documents: \`application/vnd.ogc.sld+xml\` (1.0.0) and \`application/vnd.ogc.se+xml\` (1.1.0).
PUT merges: what the body leaves out is kept.

**Answers.** POST answers 201 with the absolute \`Location\` (no suffix) and the new name as
text/plain; PUT and DELETE answer 200 with an empty body. Errors are one text/plain sentence, or RFC
9457 problem JSON when \`Accept\` lists \`application/problem+json\`; \`?quietOnNotFound=true\`
empties the body of a 404. A method a path does not answer is a 405 with \`Allow\`; a catalog database
that does not answer is a 503. Limits: 1 MiB per catalog body, 10 MiB per SLD.

**Versions.** A GET of one record answers with a strong \`ETag\` (the same for \`.xml\`, \`.json\` and,
for a style, \`.sld\`); lists with a weak one. \`If-None-Match\` with the current tag is a 304. A PUT,
DELETE or POST to a record with \`If-Match\` that is not its current tag is a 412 carrying the current
\`ETag\`, checked inside the write's transaction; with \`REQUIRE_IF_MATCH=on\`, a PUT or DELETE
without \`If-Match\` is a 428.

**Dry runs.** Every write takes \`?dryRun=true\`: it is checked and executed in a transaction that is
rolled back, and answers what the real write would (status, \`Location\`, body or error) with
\`Dry-Run: true\`; nothing is stored.

**Beside /rest.** The published layers are also served by an OGC API - Features at
\`{base}/ogc/features/v1\` and as OGC API - Tiles (vector tiles, TileJSON) at \`{base}/ogc/tiles/v1\`, with the same
authentication; each describes itself in an OpenAPI 3.0 document at its \`/api\`.`;

const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed or invalid body or parameter (the sentence names the field and the reason)',
  401: 'Missing or wrong credentials',
  403: 'Not allowed: a role writing outside the workspaces it administers (READER: anywhere), a non-ADMIN reading /security, a record hidden by the data rules in CHALLENGE mode, or deleting a non-empty resource without `?recurse=true`, or changing a default style',
  404: 'No such resource, or no such parent in the path (empty body with `?quietOnNotFound=true`)',
  409: 'The name is taken, or the change would leave the catalog without an enabled administrator',
  422: 'A data or service rule, or a catalog mode, that GeoServer’s rule syntax does not allow: nothing was written',
  412: '`If-Match` names a version that is not the current one: nothing changed; `ETag` carries the current tag',
  428: 'The server runs with `REQUIRE_IF_MATCH=on` and the write has no `If-Match`',
  413: 'Body larger than the limit',
  415: 'Unsupported Content-Type',
  429: 'Too many failed sign-ins from this client address, or (`/events`) too many open event streams: `Retry-After` says how many seconds to wait',
  502: 'The data store’s database did not answer (the sentence names the store and the driver’s reason)',
};

function errorResponse(status: number): JsonSchema {
  return {
    description: ERROR_TEXT[status] ?? 'Error',
    content: {
      'text/plain': { schema: { type: 'string' } },
      'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
    },
  };
}

function xmlSchema(schema: string): JsonSchema {
  const root = rootOf(schema as keyof typeof SCHEMAS);
  return { type: 'string', description: root ? `A <${root}> document: the JSON form's fields as elements` : 'XML document' };
}

function successResponse(success: Success): JsonSchema {
  if (success.status === 201) {
    return {
      description: 'Created',
      headers: { Location: { description: 'Absolute URL of the new resource, without suffix', schema: { type: 'string', format: 'uri' } } },
      content: { 'text/plain': { schema: { type: 'string', description: 'the new name' } } },
    };
  }
  if ('empty' in success) return { description: 'Done (empty body)' };
  if ('zip' in success) {
    return {
      description: 'A zipped GeoServer data directory',
      headers: { 'Content-Disposition': { description: '`attachment; filename="geocatalog-….zip"`', schema: { type: 'string' } } },
      content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } },
    };
  }
  if ('eventStream' in success) {
    return { description: 'An open event stream', content: { 'text/event-stream': { schema: { type: 'string', description: 'server-sent events' } } } };
  }
  const content: Record<string, JsonSchema> = { 'application/json': { schema: { $ref: `#/components/schemas/${success.schema}` } } };
  if (!('jsonOnly' in success)) content['application/xml'] = { schema: xmlSchema(success.schema) };
  if ('sld' in success) {
    content['application/vnd.ogc.sld+xml'] = { schema: { type: 'string', description: 'the stored SLD 1.0.0 document, byte for byte' } };
    content['application/vnd.ogc.se+xml'] = { schema: { type: 'string', description: 'the stored SLD 1.1.0 document, byte for byte' } };
  }
  return { description: 'OK', content };
}

function requestBody(body: BodyKind): JsonSchema {
  if (body.kind === 'dataDirectory') {
    return {
      required: true,
      content: {
        'application/zip': {
          schema: { type: 'string', contentMediaType: 'application/zip', description: 'a zipped data directory (or a folder holding its workspaces/)' },
        },
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              datadir: { type: 'string', contentMediaType: 'application/zip', description: 'the zipped data directory' },
              secrets: { type: 'string', contentMediaType: 'application/json', description: 'a JSON object `{"ws:store": "password"}`' },
            },
            required: ['datadir'],
          },
        },
      },
    };
  }
  if (body.kind === 'ruleMap') {
    // GeoServer's security documents: a flat JSON object, XML rooted `rules` or `catalog`.
    const xml = { schema: { type: 'string', description: 'the XML form the schema’s description gives' }, example: body.example.xml };
    return {
      required: true,
      content: {
        'application/xml': xml,
        'text/xml': xml,
        'application/json': { schema: { $ref: `#/components/schemas/${body.schema}` }, example: body.example.json },
      },
    };
  }
  const { example } = body;
  const xml = { schema: xmlSchema(body.schema), example: example.xml };
  const content: Record<string, JsonSchema> = {
    'application/xml': xml,
    'text/xml': xml,
    'application/json': { schema: { $ref: `#/components/schemas/${body.schema}` }, example: example.json },
  };
  if (body.kind === 'documentOrSld') {
    content['application/vnd.ogc.sld+xml'] = { schema: { type: 'string', description: 'an SLD 1.0.0 document' }, example: example.sld };
    content['application/vnd.ogc.se+xml'] = { schema: { type: 'string', description: 'an SLD 1.1.0 document' }, example: example.se };
  }
  return { required: true, content };
}

function pathParameters(op: RestOperation): JsonSchema[] {
  return [...op.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => {
    const p = PATH_PARAMETERS[name as PathParameter];
    return {
      name,
      in: 'path',
      required: true,
      description: p?.description,
      schema: { type: 'string' },
      example: op.examples?.[name as PathParameter] ?? p?.example,
    };
  });
}

function queryParameters(op: RestOperation): JsonSchema[] {
  const params: JsonSchema[] = (op.query ?? []).map((name) => ({ name, in: 'query', required: false, ...QUERY_PARAMETERS[name] }));
  if (op.errors.includes(404)) {
    params.push({ name: 'quietOnNotFound', in: 'query', required: false, description: 'Answer a 404 with an empty body', schema: { type: 'boolean' } });
  }
  if (op.method !== 'GET') {
    params.push({
      name: 'dryRun',
      in: 'query',
      required: false,
      description: 'Check and execute the write in a transaction that is rolled back: the real answer plus `Dry-Run: true`, nothing stored',
      schema: { type: 'boolean' },
    });
  }
  if (op.method === 'GET' && !('jsonOnly' in op.success)) {
    const formats = 'sld' in op.success ? ['xml', 'json', 'sld'] : ['xml', 'json'];
    params.push({
      name: 'format',
      in: 'query',
      required: false,
      description: 'Response format (a path suffix or `Accept` does the same)',
      schema: { enum: formats },
    });
  }
  return params;
}

/** A single catalog record's path (it ends in its name), as opposed to a list or an action. */
function isRecord(op: RestOperation): boolean {
  return /\}$/.test(op.path) && !op.path.includes('/roles/');
}

/** Version headers (contract §7): ETag and If-None-Match on reads, If-Match on writes to one record. */
function versionParameters(op: RestOperation): JsonSchema[] {
  if (op.method === 'GET') {
    return [
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'An ETag read before: 304 (empty) while it is still the current one',
        schema: { type: 'string' },
      },
    ];
  }
  if (!isRecord(op)) return [];
  return [
    {
      name: 'If-Match',
      in: 'header',
      required: false,
      description:
        'The ETag the change is based on: 412 when the record changed since (checked in the write’s transaction); required with `REQUIRE_IF_MATCH=on`',
      schema: { type: 'string' },
    },
  ];
}

function operationObject(op: RestOperation, unserved: boolean): JsonSchema {
  const responses: Record<string, JsonSchema> = { [String(op.success.status)]: successResponse(op.success) };
  if (op.method === 'GET') {
    const strong = isRecord(op);
    (responses[String(op.success.status)] as { headers?: JsonSchema }).headers = {
      ETag: {
        description: strong ? 'Strong: the record’s version, the same for every format' : 'Weak: a digest of the list as sent',
        schema: { type: 'string' },
      },
    };
    responses['304'] = { description: 'Not modified: `If-None-Match` names the current ETag (empty body)' };
  }
  const versioned = op.method !== 'GET' && isRecord(op) ? [412, 428] : [];
  for (const status of [...new Set([401, 403, 429, ...versioned, ...op.errors])].sort())
    responses[String(status)] = { $ref: `#/components/responses/E${status}` };
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    parameters: [...pathParameters(op), ...queryParameters(op), ...versionParameters(op)],
    ...(op.body ? { requestBody: requestBody(op.body) } : {}),
    responses,
    ...(unserved ? { 'x-unserved': true } : {}),
  };
}

/**
 * The OpenAPI 3.1 document of `/rest`, built from the handlers' `@Operation` declarations
 * (`declaredOperations`). With the served routes, a served route no handler documents is listed
 * as an `x-undocumented` operation and a documented one no route serves is marked `x-unserved`;
 * `x-route-check` sums both up (empty lists when they agree).
 */
export function buildOpenApiDocument(opts: { restBase: string; operations: RestOperation[]; served?: ServedRoute[] }): JsonSchema {
  const check = opts.served ? checkRoutes(opts.served, opts.operations) : undefined;
  const unserved = new Set(check?.unserved ?? []);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of opts.operations) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op, unserved.has(key(op.method, op.path)));
  }
  for (const route of check?.undocumented ?? []) {
    const [method, path] = route.split(' ');
    (paths[path] ??= {})[method.toLowerCase()] = {
      summary: 'A route the server answers that this document does not describe',
      'x-undocumented': true,
      responses: { default: { description: 'Not documented' } },
    };
  }
  const responses: Record<string, JsonSchema> = {};
  for (const status of Object.keys(ERROR_TEXT)) responses[`E${status}`] = errorResponse(Number(status));
  return {
    openapi: '3.1.0',
    info: { title: 'geocatalog REST API (GeoServer-compatible)', version: VERSION.version, description: DESCRIPTION },
    servers: [{ url: opts.restBase, description: 'This server’s /rest' }],
    security: [{ basic: [] }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: { basic: { type: 'http', scheme: 'basic' } },
      schemas: SCHEMAS,
      responses,
    },
    ...(check ? { 'x-route-check': check } : {}),
  };
}
