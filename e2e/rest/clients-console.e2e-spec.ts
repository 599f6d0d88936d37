/**
 * `POST /rest/datastores/connection-test`, the console's "Test connection": a `dataStore` body as
 * for creating a store (XML or JSON, any parameter form), nothing saved; 200 with the server's
 * version, 400 for parameters a store could not be created with, 502 STORE_UNAVAILABLE with the
 * driver's reason.
 */
import { userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { XML } from '../support/http';
import { freePort } from '../support/api-server';
import { useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();
const PATH = '/datastores/connection-test';

function jsonBody(params: Record<string, string | number>, extra: Record<string, unknown> = {}) {
  return { dataStore: { ...extra, connectionParameters: { entry: Object.entries(params).map(([k, v]) => ({ '@key': k, $: v })) } } };
}

describe('POST /rest/datastores/connection-test', () => {
  it('connects with JSON parameters (port as a number) and answers {"connectionTest":{"ok":true,"message":"Connected to PostgreSQL …"}}', async () => {
    const p = ctx.db.storeParams();
    const res = await ctx.api.postJson(PATH, jsonBody({ ...p, port: Number(p.port) }, { name: 'probe' }));
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe('application/json');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['connectionTest']);
    expect(body.connectionTest.ok).toBe(true);
    expect(body.connectionTest.message).toMatch(/^Connected to PostgreSQL \d+/);
  });

  it('takes an XML body with <entry key> or plain elements, and answers XML when asked', async () => {
    const p = ctx.db.storeParams();
    const entries = Object.entries(p)
      .map(([k, v]) => `<entry key="${k}">${v}</entry>`)
      .join('');
    const xml = await ctx.api.postXml(`${PATH}.xml`, `<dataStore><connectionParameters>${entries}</connectionParameters></dataStore>`);
    expect(xml).toHaveStatus(200);
    expect(xml.contentType).toBe('application/xml');
    expect(xml.text).toMatch(/^<connectionTest>\n {2}<ok>true<\/ok>\n {2}<message>Connected to PostgreSQL [^<]+<\/message>\n<\/connectionTest>$/);
    const plain = Object.entries(p)
      .map(([k, v]) => `<${k}>${v}</${k}>`)
      .join('');
    expect(
      await ctx.api.post(PATH, `<dataStore><connectionParameters>${plain}</connectionParameters></dataStore>`, 'text/xml', { accept: 'application/json' }),
    ).toHaveStatus(200);
  });

  it('accepts the crypt2 password of a stored data store, as the console sends it back', async () => {
    const ws = uniqueName('console');
    await ctx.api.postJson('/workspaces', { workspace: { name: ws } });
    expect(await ctx.api.postJson(`/workspaces/${ws}/datastores`, jsonBody(ctx.db.storeParams(), { name: 'pg' }))).toHaveStatus(201);
    const stored = (await ctx.api.get(`/workspaces/${ws}/datastores/pg.json`)).json().dataStore;
    expect(stored.connectionParameters.entry.find((e: { '@key': string }) => e['@key'] === 'passwd').$).toMatch(/^crypt2:/);
    expect(await ctx.api.postJson(PATH, { dataStore: stored })).toHaveStatus(200);
  });

  it('saves nothing', async () => {
    const before = (await ctx.api.get('/workspaces.json')).text;
    const ws = uniqueName('nothing');
    expect(await ctx.api.postJson(PATH, jsonBody(ctx.db.storeParams(), { name: 'x', workspace: { name: ws } }))).toHaveStatus(200);
    expect((await ctx.api.get('/workspaces.json')).text).toBe(before);
    expect(await ctx.api.get(`/workspaces/${ws}`)).toHaveStatus(404);
  });

  it('400 for parameters a data store could not be created with', async () => {
    const p = ctx.db.storeParams();
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...p, port: 'fivefour' }, "Invalid port 'fivefour': it must be a whole number from 1 to 65535"],
      [{ ...p, dbtype: 'oracle' }, "Unsupported dbtype 'oracle'; supported: postgis"],
      [{ host: p.host, port: p.port, user: p.user, dbtype: 'postgis' }, 'The connectionParameters have no database; it is required'],
    ];
    for (const [params, message] of cases) expect(await ctx.api.postJson(PATH, jsonBody(params))).toBeTextError(400, message);
    expect(await ctx.api.postJson(PATH, { dataStore: { name: 'x' } })).toBeTextError(400, 'The dataStore has no connectionParameters; they are required');
    expect(await ctx.api.postJson(PATH, { workspace: { name: 'x' } })).toBeTextError(
      400,
      "Expected a 'dataStore' document but the root element is 'workspace'",
    );
    expect(await ctx.api.postXml(PATH, '<dataStore><connectionParameters>')).toBeTextError(400);
    expect(await ctx.api.post(PATH, 'host=x', 'text/plain')).toBeTextError(415);
  });

  it('502 STORE_UNAVAILABLE in one wording, "unreachable", when the database does not answer', async () => {
    const port = await freePort();
    const refused = await ctx.api.postJson(
      PATH,
      jsonBody({ ...ctx.db.storeParams(), host: '127.0.0.1', port: String(port) }, { name: 'probe', workspace: 'acme' }),
    );
    expect(refused).toBeTextError(502, "Data store 'acme:probe' is unreachable");
    const problem = await ctx.api.postXml(
      PATH,
      `<dataStore><connectionParameters><host>127.0.0.1</host><port>${port}</port><database>d</database><user>u</user><dbtype>postgis</dbtype></connectionParameters></dataStore>`,
      {
        accept: 'application/problem+json',
      },
    );
    expect(problem.status).toBe(502);
    expect(problem.json()).toMatchObject({
      status: 502,
      code: 'STORE_UNAVAILABLE',
      detail: `Data store '127.0.0.1:${port}/d' is unreachable`,
    });
    if (ctx.db.kind === 'external') {
      const noDb = await ctx.api.postJson(PATH, jsonBody({ ...ctx.db.storeParams(), database: 'gc_no_such_database' }));
      expect(noDb.status).toBe(502);
      expect(noDb.text).toBe(`Data store '${ctx.db.storeParams().host}:${ctx.db.storeParams().port}/gc_no_such_database' is unreachable`);
    }
  });

  it('needs an ADMIN: 401 without credentials, 403 for a READER', async () => {
    expect(await ctx.api.as(null).postJson(PATH, jsonBody(ctx.db.storeParams()))).toBeTextError(401);
    const reader = await userWithRole(ctx.api, 'READER');
    expect(await ctx.api.as(reader).postJson(PATH, jsonBody(ctx.db.storeParams()))).toBeTextError(403);
  });

  it('is a POST only', async () => {
    const res = await ctx.api.get(PATH);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await ctx.api.put(PATH, '<dataStore/>', XML)).toHaveStatus(405);
  });
});
