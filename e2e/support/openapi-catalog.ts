/**
 * The OpenAPI document of /rest as specs use it: its operations, their documented example
 * requests, and the catalog those examples name (workspace `acme`, PostGIS store `nyc` with the
 * table `roads`, styles `roads_style`, user `viewer`), built fresh on a spatial test api. Shared by
 * the document's own spec and the no-5xx fuzz test.
 */
import { strToU8, zipSync } from 'fflate';
import type { HttpResponse } from './http';
import type { Schema } from './json-schema';
import { createTable, SpatialContext } from './postgis';

export type OpenApi = Schema & { paths: Record<string, Record<string, Operation>>; servers: Array<{ url: string }> };
export interface Operation {
  operationId: string;
  parameters?: Array<{ name: string; in: 'path' | 'query'; example?: unknown; schema?: { enum?: unknown[]; type?: string } }>;
  requestBody?: { content: Record<string, { example?: unknown; schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }>; $ref?: string }>;
  'x-undocumented'?: boolean;
  'x-unserved'?: boolean;
}
export interface DocumentedOperation {
  method: string;
  path: string;
  op: Operation;
}

export function operationsOf(doc: OpenApi): DocumentedOperation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
}

export const label = ({ method, path }: DocumentedOperation) => `${method} ${path}`;

/** The path with every parameter replaced by its documented example (or `missing` for the last one). */
export function concretePath({ path, op }: DocumentedOperation, missing = false): string {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const documented = String(op.parameters?.find((p) => p.in === 'path' && p.name === name)?.example ?? '');
    const example = name === 'seq' && newestChange ? newestChange : documented;
    if (!missing || name !== names[names.length - 1]) return encodeURIComponent(example);
    // A rule that is not there is a well-formed key (a malformed one is a 422).
    if (name === 'rule') return encodeURIComponent(example.replace(/^[^.]+/, 'no_such_rule'));
    return example.includes(':') ? `${example.split(':')[0]}:no_such_${name}` : `no_such_${name}`;
  });
}

/** Documented query parameters that have an example, as the example request sends them. */
export function exampleQuery(op: Operation): string {
  const params = (op.parameters ?? []).filter((p) => p.in === 'query' && p.example !== undefined);
  return params.length ? `?${params.map((p) => `${p.name}=${encodeURIComponent(String(p.example))}`).join('&')}` : '';
}

export type Fixture =
  'workspace' | 'store' | 'featureType' | 'wsStyle' | 'globalStyle' | 'user' | 'group' | 'wsSettings' | 'change' | 'userGroup' | 'role' | 'rules';
export const ALL_FIXTURES = new Set<Fixture>([
  'workspace',
  'store',
  'featureType',
  'wsStyle',
  'globalStyle',
  'user',
  'group',
  'wsSettings',
  'change',
  'userGroup',
  'role',
  'rules',
]);

/** The newest change once the catalog is built: what `{seq}` names in example requests. */
let newestChange: string | undefined;

/** Whether the operation answers an open event stream (examples and fuzzing do not wait for its end). */
export function isEventStream(op: Operation): boolean {
  return Object.values(op.responses).some((r) => r.content?.['text/event-stream']);
}

/** What must exist before the operation's example can succeed: its path's parents, and what its example body names. */
export function needs({ method, path, op }: DocumentedOperation): Set<Fixture> {
  const need = new Set<Fixture>();
  // A workspace's own settings exist once written: reading or deleting them needs them (POST creates, PUT creates or changes).
  if (/\{ws\}\/settings$/.test(path) && (method === 'GET' || method === 'DELETE')) need.add('wsSettings');
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    if (name === 'ws' || name === 'prefix') need.add('workspace');
    if (name === 'ds') need.add('store');
    if (name === 'ft' || name === 'layer') need.add('featureType');
    if (name === 'style') need.add(path.startsWith('/workspaces/') ? 'wsStyle' : 'globalStyle');
    if (name === 'name') need.add('user');
    if (name === 'group') need.add('group');
    // The user group `editors` (created by its own POST), the role `EDITOR` (deleted by its DELETE), the rules acme.*.r and wms.GetMap.
    if (name === 'usergroup' && op.operationId !== 'createGroup') need.add('userGroup');
    if (name === 'rule') need.add('rules');
    // A change to revert: the newest one (the workspace's creation) can always be undone.
    if (name === 'seq') need.add('workspace').add('change');
  }
  if (path.includes('/featuretypes')) need.add('store');
  if (op.operationId === 'deleteRole') need.add('role');
  if (op.operationId === 'updateDataRules' || op.operationId === 'updateServiceRules') need.add('rules');
  // Layer group examples hold the layer acme:roads.
  if (path.includes('/layergroups')) need.add('featureType');
  // These examples name the workspace style roads_style.
  if (['updateLayer', 'updateLayerInWorkspace', 'addLayerStyle'].includes(op.operationId)) need.add('wsStyle');
  if (need.has('featureType')) need.add('store');
  if (need.has('store') || need.has('wsStyle')) need.add('workspace');
  return need;
}

async function must(what: string, res: Promise<HttpResponse>, status: number): Promise<void> {
  const r = await res;
  if (r.status !== status) throw new Error(`fixture ${what}: ${r.status} ${r.text}`);
}

export const SLD = `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>roads</Name><UserStyle><Name>roads_style</Name><FeatureTypeStyle><Rule>
    <LineSymbolizer><Stroke><CssParameter name="stroke">#000000</CssParameter></Stroke></LineSymbolizer>
  </Rule></FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

const DEFAULT_STYLES = ['generic', 'line', 'point', 'polygon'];

/** The table the examples publish: roads, LineStrings in EPSG:4326. */
export async function createRoadsTable(ctx: SpatialContext): Promise<void> {
  await createTable(
    ctx.db,
    'roads',
    [
      { name: 'geom', type: 'geometry(LineString,4326)' },
      { name: 'name', type: 'varchar(40)' },
    ],
    [["ST_GeomFromText('LINESTRING(-74.01 40.70,-73.99 40.72)', 4326)", "'Broadway'"]],
  );
}

/** True when `o` may change the catalog (what is not GET or HEAD). */
export const writes = (o: DocumentedOperation): boolean => o.method !== 'GET' && o.method !== 'HEAD';

/**
 * `ops` (with their indexes, which seed what is sent) in the order that rebuilds the catalog least:
 * the reads first, grouped by the catalog they need, then the writes.
 */
export function readsFirst(ops: DocumentedOperation[]): Array<[number, DocumentedOperation]> {
  const key = (o: DocumentedOperation) => (writes(o) ? '~' : [...needs(o)].sort().join(','));
  return [...ops.entries()].sort(([, a], [, b]) => Number(writes(a)) - Number(writes(b)) || (writes(a) ? 0 : key(a).localeCompare(key(b))));
}

/**
 * The catalog `need` names, made on a reset catalog ({@link resetCatalog}, {@link buildCatalog}) —
 * unless it holds exactly that already and only reads were sent since (`sent` is told every
 * operation): a rebuild would make the same records again.
 */
export function catalogFixture(ctx: SpatialContext): { build(need: Set<Fixture>): Promise<void>; sent(o: DocumentedOperation): void } {
  let holds: string | undefined;
  return {
    async build(need) {
      const key = [...need].sort().join(',');
      if (holds === key) return;
      holds = undefined;
      await resetCatalog(ctx);
      await buildCatalog(ctx, need);
      holds = key;
    },
    sent(o) {
      if (writes(o)) holds = undefined;
    },
  };
}

/** Removes what earlier examples made: workspaces, global styles but the default ones, users but the admin. */
export async function resetCatalog(ctx: SpatialContext): Promise<void> {
  const api = ctx.api;
  const names = (res: HttpResponse, root: string, item: string) => {
    const v = res.json()[root];
    return v === '' ? [] : (v[item] as Array<{ name: string }>).map((i) => i.name);
  };
  for (const ws of names(await api.get('/workspaces.json'), 'workspaces', 'workspace'))
    await must(`delete ${ws}`, api.delete(`/workspaces/${ws}?recurse=true`), 200);
  for (const s of names(await api.get('/styles.json'), 'styles', 'style').filter((s) => !DEFAULT_STYLES.includes(s)))
    await must(`delete style ${s}`, api.delete(`/styles/${s}?recurse=true`), 200);
  for (const g of (await api.get('/security/usergroup/groups.json')).json().groups as string[])
    await must(`delete group ${g}`, api.delete(`/security/usergroup/group/${g}`), 200);
  for (const r of ((await api.get('/security/roles.json')).json().roles as string[]).filter((r) => r !== 'ADMIN' && r !== 'READER'))
    await must(`delete role ${r}`, api.delete(`/security/roles/role/${r}`), 200);
  const ROOT_RULES = ['*.*.r', '*.*.w', '*.*.a'];
  for (const key of Object.keys((await api.get('/security/acl/layers.json')).json()).filter((k) => !ROOT_RULES.includes(k)))
    await must(`delete rule ${key}`, api.delete(`/security/acl/layers/${encodeURIComponent(key)}`), 200);
  for (const key of Object.keys((await api.get('/security/acl/services.json')).json()))
    await must(`delete service rule ${key}`, api.delete(`/security/acl/services/${encodeURIComponent(key)}`), 200);
  await must('catalog mode', api.putJson('/security/acl/catalog', { mode: 'HIDE' }), 200);
  const users = (await api.get('/security/usergroup/users.json')).json().users as Array<{ userName: string }>;
  for (const u of users.filter((u) => u.userName !== ctx.server.admin.user))
    await must(`delete user ${u.userName}`, api.delete(`/security/usergroup/user/${u.userName}`), 200);
}

/** Makes what the examples name. */
export async function buildCatalog(ctx: SpatialContext, need: Set<Fixture>): Promise<void> {
  const api = ctx.api;
  if (need.has('workspace')) await must('workspace', api.postJson('/workspaces', { workspace: { name: 'acme' } }), 201);
  if (need.has('store')) {
    const entry = Object.entries(ctx.db.storeParams()).map(([k, v]) => ({ '@key': k, $: v }));
    await must('store', api.postJson('/workspaces/acme/datastores', { dataStore: { name: 'nyc', connectionParameters: { entry } } }), 201);
  }
  if (need.has('featureType'))
    await must('feature type', api.postJson('/workspaces/acme/datastores/nyc/featuretypes', { featureType: { name: 'roads' } }), 201);
  if (need.has('wsStyle')) await must('workspace style', api.post('/workspaces/acme/styles?name=roads_style', SLD, 'application/vnd.ogc.sld+xml'), 201);
  if (need.has('globalStyle')) await must('global style', api.post('/styles?name=roads_style', SLD, 'application/vnd.ogc.sld+xml'), 201);
  if (need.has('group')) {
    const group = { layerGroup: { name: 'roads_group', publishables: { published: { '@type': 'layer', name: 'acme:roads' } } } };
    await must('global layer group', api.postJson('/layergroups', group), 201);
    await must('workspace layer group', api.postJson('/workspaces/acme/layergroups', group), 201);
  }
  if (need.has('wsSettings')) {
    await must('workspace settings', api.putJson('/workspaces/acme/settings', { settings: { title: 'Acme' } }), 200);
    await must('workspace WMS settings', api.putJson('/services/wms/workspaces/acme/settings', { wms: { title: 'Acme maps' } }), 200);
    await must('workspace WFS settings', api.putJson('/services/wfs/workspaces/acme/settings', { wfs: { title: 'Acme features' } }), 200);
  }
  if (need.has('user'))
    await must('user', api.postJson('/security/usergroup/users', { user: { userName: 'viewer', password: 'f1rst-Secret', enabled: true } }), 201);
  if (need.has('userGroup')) await must('user group', api.post('/security/usergroup/group/editors'), 201);
  if (need.has('role')) await must('role', api.post('/security/roles/role/EDITOR'), 201);
  if (need.has('rules')) {
    await must('data rule', api.postJson('/security/acl/layers', { 'acme.*.r': 'READER' }), 200);
    await must('service rule', api.postJson('/security/acl/services', { 'wms.GetMap': 'READER' }), 200);
  }
  newestChange = need.has('change') ? String((await api.get('/changes.json?limit=1')).json().changes.change[0].seq) : undefined;
}

/** A small GeoServer data directory, zipped: the example of an import (one workspace and its namespace). */
export function exampleDataDirectory(): Buffer {
  return Buffer.from(
    zipSync({
      'workspaces/example/workspace.xml': strToU8('<workspace>\n  <id>WorkspaceInfoImpl-example</id>\n  <name>example</name>\n</workspace>'),
      'workspaces/example/namespace.xml': strToU8(
        '<namespace>\n  <id>NamespaceInfoImpl-example</id>\n  <prefix>example</prefix>\n  <uri>http://example.org/ns</uri>\n</namespace>',
      ),
    }),
  );
}

/** The example request body in a media type, with the Content-Type to send it with (a multipart one names its boundary). */
export function exampleRequest(ctx: SpatialContext, o: DocumentedOperation, mediaType: string): { body: string | Buffer; type: string } {
  if (mediaType === 'application/zip') return { body: exampleDataDirectory(), type: mediaType };
  if (mediaType === 'multipart/form-data') {
    const boundary = 'geocatalog-example-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="datadir"; filename="datadir.zip"\r\nContent-Type: application/zip\r\n\r\n`),
      exampleDataDirectory(),
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="secrets"\r\n\r\n{}\r\n--${boundary}--\r\n`),
    ]);
    return { body, type: `${mediaType}; boundary=${boundary}` };
  }
  return { body: exampleBody(ctx, o, mediaType), type: mediaType };
}

/**
 * The example body in a media type as text (a binary one as base64, for mutating); the connection
 * test's example names a host that is not there, so it gets the test database's parameters.
 */
export function exampleBody(ctx: SpatialContext, o: DocumentedOperation, mediaType: string): string {
  if (mediaType === 'application/zip' || mediaType === 'multipart/form-data') return exampleDataDirectory().toString('base64');
  const example = o.op.requestBody!.content[mediaType].example;
  if (o.op.operationId === 'testDataStoreConnection') {
    const params = ctx.db.storeParams();
    if (mediaType === 'application/json')
      return JSON.stringify({ dataStore: { connectionParameters: { entry: Object.entries(params).map(([k, v]) => ({ '@key': k, $: v })) } } });
    return `<dataStore><connectionParameters>${Object.entries(params)
      .map(([k, v]) => `<entry key="${k}">${v}</entry>`)
      .join('')}</connectionParameters></dataStore>`;
  }
  if (example === undefined) throw new Error(`${label(o)}: no example for ${mediaType}`);
  return typeof example === 'string' ? example : JSON.stringify(example);
}
