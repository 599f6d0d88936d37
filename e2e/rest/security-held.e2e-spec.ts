/**
 * What held when issue 9's reviewer tried to break in, kept so by tests: every write of the
 * OpenAPI document refused to a READER (and nothing changes); no user enumeration; XML entities
 * never expanded or fetched; no path out of the console's static root; no CORS; an SLD served as
 * its own type, never as a page; identifiers quoted and values bound in the SQL sent to a store.
 */
import { request as httpRequest } from 'node:http';
import { createWorkspace, userWithRole } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { HttpResponse, request, SLD_10 } from '../support/http';
import { createSpatialStore, createTable, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();

interface Operation {
  parameters?: Array<{ name: string; in: string; example?: unknown }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
}

/** GET of a raw path, exactly as written (no `..` folding by a URL parser). */
function rawGet(path: string): Promise<{ status: number; text: string }> {
  const url = new URL(ctx.server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Everything a write could change, as the admin reads it. */
async function catalogSnapshot(): Promise<string[]> {
  const paths = ['/workspaces.json', '/styles.json', '/layers.json', '/security/usergroup/users.json', '/security/roles.json'];
  const answers = await Promise.all(paths.map((p) => ctx.api.get(p)));
  return answers.map((r, i) => `${paths[i]} ${r.status} ${r.text}`);
}

describe('what held, kept', () => {
  it('a READER gets 403 for every write the OpenAPI document lists, and nothing changes', async () => {
    const doc = (await ctx.api.get('/openapi.json')).json() as { paths: Record<string, Record<string, Operation>> };
    const reader = ctx.api.as(await userWithRole(ctx.api, 'READER', 'held-reader'));
    const before = await catalogSnapshot();
    const answers: string[] = [];
    let writes = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (['get', 'head', 'options'].includes(method)) continue;
        writes++;
        const concrete = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
          encodeURIComponent(String(op.parameters?.find((p) => p.in === 'path' && p.name === name)?.example ?? name)),
        );
        const [type, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
        const example = media?.example;
        const body = example === undefined ? undefined : typeof example === 'string' ? example : JSON.stringify(example);
        const res = await reader.request(method.toUpperCase(), concrete, { body, type });
        answers.push(`${res.status} ${method.toUpperCase()} ${path}`);
      }
    }
    expect(writes).toBeGreaterThan(20);
    expect(answers.filter((a) => !a.startsWith('403 '))).toEqual([]);
    expect(await catalogSnapshot()).toEqual(before);
  });

  it('no user enumeration: an unknown user and a known user with a wrong password get the same answer', async () => {
    const known = await userWithRole(ctx.api, 'READER', 'held-known');
    const asKnown = await ctx.api.as({ user: known.user, password: 'wrong-password' }).get('/workspaces.json');
    const asUnknown = await ctx.api.as({ user: uniqueName('nobody'), password: 'wrong-password' }).get('/workspaces.json');
    for (const res of [asKnown, asUnknown]) expect(res).toHaveStatus(401);
    expect(asUnknown.text).toBe(asKnown.text);
    expect(asUnknown.headers.get('www-authenticate')).toBe(asKnown.headers.get('www-authenticate'));
  });

  it('XML: an external entity is neither fetched nor expanded, nor are nested entities (billion laughs)', async () => {
    const name = uniqueName('xxe');
    const xxe = `<?xml version="1.0"?><!DOCTYPE workspace [<!ENTITY x SYSTEM "file:///etc/passwd">]><workspace><name>${name}&x;</name></workspace>`;
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE workspace [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
      '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>' +
      `<workspace><name>${name}&d;</name></workspace>`;
    for (const body of [xxe, laughs]) {
      const res = await ctx.api.postXml('/workspaces', body);
      expect(res).toHaveStatus(400);
      expect(res.text).not.toContain('root:');
      expect(res.text).not.toContain('aaaaaaaaaa');
    }
    expect(await ctx.api.get(`/workspaces/${name}.json`)).toHaveStatus(404);
  });

  it("no path leads out of the console's static files", async () => {
    const escapes = [
      '/geoserver/web/../../package.json',
      '/geoserver/web/..%2f..%2f..%2f..%2fpackage.json',
      '/geoserver/web/assets/..%2f..%2f..%2f..%2f..%2fpackage.json',
      '/geoserver/web/%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/geoserver/web/assets/%2e%2e%5c%2e%2e%5c%2e%2e%5cpackage.json',
      '/geoserver/web/..%252f..%252fpackage.json',
      '/geoserver/web/assets/....//....//....//etc/passwd',
    ];
    for (const path of escapes) {
      const res = await rawGet(path);
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toContain('"workspaces"');
      expect(res.text).not.toContain('root:x:0:0');
    }
  });

  it('no CORS: neither a preflight nor a read from another origin is allowed', async () => {
    const preflight = await request(`${ctx.server.restUrl}/workspaces`, {
      method: 'OPTIONS',
      auth: null,
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBeLessThan(500);
    const read = await ctx.api.get('/workspaces.json', { headers: { origin: 'http://evil.example' } });
    expect(read).toHaveStatus(200);
    for (const res of [preflight, read]) {
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('an SLD holding markup is served as SLD, sandboxed, never as a page', async () => {
    const ws = uniqueName('heldsld');
    await createWorkspace(ctx.api, ws);
    const sld =
      '<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld"><NamedLayer><Name>x</Name>' +
      '<UserStyle><Title>&lt;script&gt;alert(1)&lt;/script&gt;</Title><FeatureTypeStyle><Rule><LineSymbolizer/></Rule></FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>';
    expect(await ctx.api.post(`/workspaces/${ws}/styles?name=markup&raw=true`, sld, SLD_10)).toHaveStatus(201);
    const res: HttpResponse = await ctx.api.get(`/workspaces/${ws}/styles/markup.sld`);
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe(SLD_10);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('SQL: a hostile table name is a quoted identifier or a bound value everywhere, so it runs nothing', async () => {
    const guard = `guard_${uniqueName('t').replace(/\W/g, '_')}`;
    await createTable(ctx.db, guard, [{ name: 'id', type: 'int' }], [['1']]);
    const hostile = `evil"; DROP TABLE "${guard}"; --`;
    const quoted = `"${ctx.db.schema}"."${hostile.replace(/"/g, '""')}"`;
    await ctx.db.query(`CREATE TABLE ${quoted} (geom geometry(Point,4326), name text)`);
    await ctx.db.query(`INSERT INTO ${quoted} VALUES (ST_GeomFromText('POINT(1 2)', 4326), 'x')`);
    const ws = uniqueName('heldsql');
    await createWorkspace(ctx.api, ws);
    await createSpatialStore(ctx.api, ctx.db, ws, 'db');
    const published = await createFeatureType(ctx.api, ws, 'db', seedFeatureTypeXml('evil', hostile));
    expect(published).toHaveStatus(201);
    expect(await ctx.db.tableExists(guard)).toBe(true);

    // Read back through the feature API: the hostile name is quoted on the read path too.
    const items = await request(`${ctx.server.baseUrl}/ogc/features/v1/collections/${ws}:evil/items`, { auth: ctx.server.admin });
    expect(items).toHaveStatus(200);
    expect(items.json().features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(['x']);
    expect(await ctx.db.tableExists(guard)).toBe(true);
  });
});
