/**
 * Catalog helpers for specs: create records (asserting the creation succeeded) and the exact
 * representations GeoServer writes for them, with `{DATE}`/`{CRYPT2}` placeholders as produced by
 * `normalize()`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiServer } from './api-server';
import { freePort, startApi, StartApiOptions } from './api-server';
import { atomLink, javaHashMapOrder, seg, uniqueName } from './geoserver';
import { HttpResponse, restClient, RestClient, SE_11, SLD_10, show } from './http';

/** Starts a server for the enclosing file (beforeAll) and stops it (afterAll). */
export function useApiServer(opts?: StartApiOptions): { readonly server: ApiServer; readonly api: RestClient } {
  let server: ApiServer | undefined;
  let api: RestClient | undefined;
  beforeAll(
    async () => {
      server = await startApi(opts);
      api = restClient(server);
    },
    Math.max(120_000, (opts?.readyTimeoutMs ?? 0) + 30_000),
  );
  afterAll(async () => {
    await server?.stop();
  }, 30_000);
  return {
    get server() {
      if (!server) throw new Error('api server not started');
      return server;
    },
    get api() {
      if (!api) throw new Error('api server not started');
      return api;
    },
  };
}

/**
 * {@link useApiServer} with the api's embedded sample database on a free port (`SAMPLE_DB=on`):
 * `samplePort()` is that port; `env` adds to the api's environment. Two embedded databases to
 * open: slow on a loaded machine.
 */
export function useApiServerWithSampleDb(env: Record<string, string> = {}): { readonly server: ApiServer; readonly api: RestClient; samplePort(): number } {
  let port = 0;
  // Before the api starts (hooks run in the order they are declared).
  beforeAll(async () => {
    port = await freePort();
  }, 10_000);
  const ctx = useApiServer({
    env: {
      ...env,
      SAMPLE_DB: 'on',
      get SAMPLE_DB_PORT() {
        return String(port);
      },
    },
    readyTimeoutMs: 170_000,
  });
  return {
    get server() {
      return ctx.server;
    },
    get api() {
      return ctx.api;
    },
    samplePort: () => port,
  };
}

function mustBe(res: HttpResponse, status: number, what: string): HttpResponse {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${show(res)}`);
  return res;
}

export async function createWorkspace(api: RestClient, name: string): Promise<void> {
  mustBe(await api.postXml('/workspaces', `<workspace><name>${name}</name></workspace>`), 201, `create workspace ${name}`);
}

/** The seed's PostGIS connection parameters, in the seed's order. */
export function pgParams(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    host: 'db.example.org',
    port: '5432',
    database: 'nyc',
    user: 'bob',
    passwd: 'S3cret-pw',
    dbtype: 'postgis',
    ...overrides,
  };
}

export function dataStoreBodyXml(name: string, params: Record<string, string>): string {
  const cp = Object.entries(params)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('');
  return `<dataStore><name>${name}</name><connectionParameters>${cp}</connectionParameters></dataStore>`;
}

export async function createDataStore(api: RestClient, ws: string, name: string, params = pgParams()): Promise<void> {
  mustBe(await api.postXml(`/workspaces/${seg(ws)}/datastores`, dataStoreBodyXml(name, params)), 201, `create data store ${ws}:${name}`);
}

/** Creates a style record globally (`ws` null) or in a workspace. */
export async function createStyle(api: RestClient, ws: string | null, name: string): Promise<void> {
  const path = ws ? `/workspaces/${seg(ws)}/styles` : '/styles';
  mustBe(await api.postXml(path, `<style><name>${name}</name><filename>${name}.sld</filename></style>`), 201, `create style ${name}`);
}

// ---------------------------------------------------------------------------------------------
// Expected representations.

export function workspaceXml(rest: string, name: string, o: { isolated?: boolean; modified?: boolean } = {}): string {
  const base = `${rest}/workspaces/${seg(name)}`;
  return [
    '<workspace>',
    `  <name>${name}</name>`,
    `  <isolated>${o.isolated ?? false}</isolated>`,
    '  <dateCreated>{DATE}</dateCreated>',
    ...(o.modified ? ['  <dateModified>{DATE}</dateModified>'] : []),
    '  <dataStores>',
    `    ${atomLink(`${base}/datastores.xml`)}`,
    '  </dataStores>',
    '  <coverageStores>',
    `    ${atomLink(`${base}/coveragestores.xml`)}`,
    '  </coverageStores>',
    '  <wmsStores>',
    `    ${atomLink(`${base}/wmsstores.xml`)}`,
    '  </wmsStores>',
    '  <wmtsStores>',
    `    ${atomLink(`${base}/wmtsstores.xml`)}`,
    '  </wmtsStores>',
    '</workspace>',
  ].join('\n');
}

export function workspaceJson(rest: string, name: string, o: { isolated?: boolean; modified?: boolean } = {}): string {
  const base = `${rest}/workspaces/${seg(name)}`;
  return JSON.stringify({
    workspace: {
      name,
      isolated: o.isolated ?? false,
      dateCreated: '{DATE}',
      ...(o.modified ? { dateModified: '{DATE}' } : {}),
      dataStores: `${base}/datastores.json`,
      coverageStores: `${base}/coveragestores.json`,
      wmsStores: `${base}/wmsstores.json`,
      wmtsStores: `${base}/wmtsstores.json`,
    },
  });
}

export function namespaceXml(prefix: string, uri: string, isolated = false): string {
  return ['<namespace>', `  <prefix>${prefix}</prefix>`, `  <uri>${uri}</uri>`, `  <isolated>${isolated}</isolated>`, '</namespace>'].join('\n');
}

export function namespaceJson(prefix: string, uri: string, isolated = false): string {
  return JSON.stringify({ namespace: { prefix, uri, isolated } });
}

export interface DataStoreExpectation {
  ws: string;
  name: string;
  /** Parameters as sent, in the order sent (`namespace` is added by the server). */
  params: Record<string, string>;
  description?: string;
  modified?: boolean;
}

/** Connection parameters as the server stores them: sent ones plus `namespace`, passwd masked. */
function storedParams(e: DataStoreExpectation): Array<[string, string]> {
  const all: Record<string, string> = { ...e.params };
  if (!('namespace' in all)) all.namespace = `http://${e.ws}`;
  return javaHashMapOrder(Object.keys(all)).map((k) => [k, k === 'passwd' ? '{CRYPT2}' : all[k]]);
}

export function dataStoreXml(rest: string, e: DataStoreExpectation): string {
  const wsUrl = `${rest}/workspaces/${seg(e.ws)}`;
  return [
    '<dataStore>',
    `  <name>${e.name}</name>`,
    ...(e.description !== undefined ? [`  <description>${e.description}</description>`] : []),
    '  <type>PostGIS</type>',
    '  <enabled>true</enabled>',
    '  <workspace>',
    `    <name>${e.ws}</name>`,
    `    ${atomLink(`${wsUrl}.xml`)}`,
    '  </workspace>',
    '  <connectionParameters>',
    ...storedParams(e).map(([k, v]) => `    <entry key="${k}">${v}</entry>`),
    '  </connectionParameters>',
    '  <__default>false</__default>',
    '  <dateCreated>{DATE}</dateCreated>',
    ...(e.modified ? ['  <dateModified>{DATE}</dateModified>'] : []),
    '  <disableOnConnFailure>false</disableOnConnFailure>',
    '  <featureTypes>',
    `    ${atomLink(`${wsUrl}/datastores/${seg(e.name)}/featuretypes.xml`)}`,
    '  </featureTypes>',
    '</dataStore>',
  ].join('\n');
}

export function dataStoreJson(rest: string, e: DataStoreExpectation): string {
  const wsUrl = `${rest}/workspaces/${seg(e.ws)}`;
  return JSON.stringify({
    dataStore: {
      name: e.name,
      ...(e.description !== undefined ? { description: e.description } : {}),
      type: 'PostGIS',
      enabled: true,
      workspace: { name: e.ws, href: `${wsUrl}.json` },
      connectionParameters: { entry: storedParams(e).map(([k, v]) => ({ '@key': k, $: v })) },
      _default: false,
      dateCreated: '{DATE}',
      ...(e.modified ? { dateModified: '{DATE}' } : {}),
      disableOnConnFailure: false,
      featureTypes: `${wsUrl}/datastores/${seg(e.name)}/featuretypes.json`,
    },
  });
}

export interface StyleExpectation {
  name: string;
  ws?: string;
  version?: '1.0.0' | '1.1.0';
  filename?: string;
  modified?: boolean;
}

export function styleXml(e: StyleExpectation): string {
  return [
    '<style>',
    `  <name>${e.name}</name>`,
    ...(e.ws ? ['  <workspace>', `    <name>${e.ws}</name>`, '  </workspace>'] : []),
    '  <format>sld</format>',
    '  <languageVersion>',
    `    <version>${e.version ?? '1.0.0'}</version>`,
    '  </languageVersion>',
    `  <filename>${e.filename ?? `${e.name}.sld`}</filename>`,
    '  <dateCreated>{DATE}</dateCreated>',
    ...(e.modified ? ['  <dateModified>{DATE}</dateModified>'] : []),
    '</style>',
  ].join('\n');
}

export function styleJson(e: StyleExpectation): string {
  return JSON.stringify({
    style: {
      name: e.name,
      ...(e.ws ? { workspace: { name: e.ws } } : {}),
      format: 'sld',
      languageVersion: { version: e.version ?? '1.0.0' },
      filename: e.filename ?? `${e.name}.sld`,
      dateCreated: '{DATE}',
      ...(e.modified ? { dateModified: '{DATE}' } : {}),
    },
  });
}

// ---------------------------------------------------------------------------------------------
// SLD fixtures.

export interface SldFixture {
  file: string;
  bytes: Buffer;
  /** MIME type to send it with. */
  mime: string;
  version: '1.0.0' | '1.1.0';
}

export const SLD_FIXTURES = join(__dirname, '..', 'fixtures', 'sld');

/** `valid/*.sld` or `invalid/*.sld`; `*.se.sld` are SE 1.1.0. */
export function sldFixtures(kind: 'valid' | 'invalid'): SldFixture[] {
  const dir = join(SLD_FIXTURES, kind);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sld'))
    .sort()
    .map((file) => {
      const se = file.endsWith('.se.sld');
      return { file, bytes: readFileSync(join(dir, file)), mime: se ? SE_11 : SLD_10, version: se ? '1.1.0' : '1.0.0' };
    });
}

export function sldFixture(kind: 'valid' | 'invalid', file: string): SldFixture {
  const f = sldFixtures(kind).find((x) => x.file === file);
  if (!f) throw new Error(`no fixture ${kind}/${file}`);
  return f;
}

/** A convenience for specs that need a fresh API client against a server. */
export { restClient };

// ---------------------------------------------------------------------------------------------
// Security: users and roles.

export async function createUser(api: RestClient, userName: string, password: string, enabled = true): Promise<void> {
  mustBe(await api.postJson('/security/usergroup/users', { user: { userName, password, enabled } }), 201, `create user ${userName}`);
}

export async function grantRole(api: RestClient, role: string, userName: string): Promise<void> {
  mustBe(await api.post(`/security/roles/role/${role}/user/${encodeURIComponent(userName)}`), 200, `grant ${role} to ${userName}`);
}

/** Creates an enabled user with the given role (or none) and returns its credentials. */
export async function userWithRole(api: RestClient, role: 'ADMIN' | 'READER' | null, prefix = 'user'): Promise<{ user: string; password: string }> {
  const user = uniqueName(prefix);
  const password = `pw-${uniqueName('p')}`;
  await createUser(api, user, password);
  if (role) await grantRole(api, role, user);
  return { user, password };
}
