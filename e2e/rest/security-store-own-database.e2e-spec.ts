/**
 * The catalog's own database is never a data store (issue 21, row 8; contract §6). The reviewer
 * published a store on the catalog's database (same server, same database) and a READER then read
 * `app_user.password_hash` through the OGC API. Now such a store is refused with a 400 naming why —
 * at create, update, import and connection test — by address (every loopback name and form), port
 * and database name, without connecting when a store is saved. On PostgreSQL the catalog is
 * DATABASE_URL's server and database; on the embedded catalog, its port on any loopback. The
 * embedded sample database stays a store (the README's seed flow).
 */
import { embeddedCatalogPort } from '../support/api-server';
import { createWorkspace, dataStoreBodyXml, useApiServerWithSampleDb } from '../support/catalog';
import { importZip, unzipText, zipDirectory } from '../support/data-directory';
import { uniqueName } from '../support/geoserver';
import { HttpResponse } from '../support/http';

const ctx = useApiServerWithSampleDb();

/** Where the catalog lives, as a store would name it, and the sentence that refuses it. */
function catalog(): { port: string; database: string; why: string } {
  const url = ctx.server.databaseUrl;
  if (url) {
    const { port, pathname } = new URL(url);
    const database = decodeURIComponent(pathname.slice(1));
    return { port: port || '5432', database, why: `it is the catalog's own database (port ${port || 5432}, database '${database}')` };
  }
  const port = embeddedCatalogPort(ctx.server);
  // PGlite serves one database whatever name is asked for: any name is the catalog.
  return { port: String(port), database: 'anything', why: `it is the catalog's own database (port ${port})` };
}

/** The store: the catalog's server and database under `host`. */
function onCatalog(host: string): Record<string, string> {
  const { port, database } = catalog();
  return { host, port, database, user: 'postgres', passwd: 'guess', dbtype: 'postgis' };
}

const SAMPLE = () => ({ host: '127.0.0.1', port: String(ctx.samplePort()), database: 'postgres', user: 'postgres', passwd: 'postgres', dbtype: 'postgis' });

/** The loopback names and forms the catalog's server answers under. */
const HOSTS = ['127.0.0.1', 'localhost', '::1', '::ffff:127.0.0.1'];

function expectRefused(res: HttpResponse, host: string): void {
  expect(res).toBeTextError(400, `Data stores may not connect to '${host}': ${catalog().why}`);
}

it('the catalog in the test is on this machine (else the host variants would not be the same server)', () => {
  const url = ctx.server.databaseUrl;
  if (url) expect(['127.0.0.1', 'localhost', '[::1]']).toContain(new URL(url).hostname);
});

it.each(HOSTS)('create: a store on %s, the catalog port and database, is refused (400 naming why); nothing is saved', async (host) => {
  const ws = uniqueName('own');
  await createWorkspace(ctx.api, ws);
  const started = Date.now();
  expectRefused(await ctx.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('cat', onCatalog(host))), host);
  // Refused by comparing addresses, not by connecting: at once.
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(await ctx.api.get(`/workspaces/${ws}/datastores/cat.json`)).toHaveStatus(404);
});

it.each(HOSTS)('update (PUT) and connection test to %s are refused; the store keeps its parameters', async (host) => {
  const ws = uniqueName('own');
  await createWorkspace(ctx.api, ws);
  expect(await ctx.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('s', SAMPLE()))).toHaveStatus(201);
  expectRefused(await ctx.api.putXml(`/workspaces/${ws}/datastores/s`, dataStoreBodyXml('s', onCatalog(host))), host);
  const entries = (await ctx.api.get(`/workspaces/${ws}/datastores/s.json`)).json().dataStore.connectionParameters.entry as Array<{
    '@key': string;
    $: string;
  }>;
  expect(entries.find((e) => e['@key'] === 'port')!.$).toBe(String(ctx.samplePort()));
  expectRefused(await ctx.api.postXml('/datastores/connection-test', dataStoreBodyXml('t', onCatalog(host))), host);
});

it('import: a directory whose store points at the catalog plans an error (400) and stores nothing, dry run or not', async () => {
  const ws = uniqueName('own');
  await createWorkspace(ctx.api, ws);
  expect(await ctx.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('s', SAMPLE()))).toHaveStatus(201);
  const files = unzipText((await ctx.api.get(`/catalog/export?workspace=${ws}`)).bytes);
  const moved = ws + 'x';
  const { port, database } = catalog();
  const dir = new Map<string, string>();
  for (const [path, text] of files) {
    let out = text.split(ws).join(moved);
    if (path.endsWith('datastore.xml')) {
      out = out
        .replace(/<entry key="port">[^<]*<\/entry>/, `<entry key="port">${port}</entry>`)
        .replace(/<entry key="database">[^<]*<\/entry>/, `<entry key="database">${database}</entry>`)
        .replace(/<entry key="passwd">[^<]*<\/entry>/, '<entry key="passwd">plain:guess</entry>');
    }
    dir.set(path.split(ws).join(moved), out);
  }
  for (const query of ['?dryRun=true', '']) {
    const res = await importZip(ctx.api, zipDirectory(dir), query);
    expect(res).toHaveStatus(400);
    expect(res.json().plan).toContainEqual({
      action: 'error',
      kind: 'dataStore',
      resource: `/workspaces/${moved}/datastores/s`,
      reason: `Data stores may not connect to '127.0.0.1': ${catalog().why}`,
    });
    expect(await ctx.api.get(`/workspaces/${moved}.json`)).toHaveStatus(404);
  }
});

it('another database on the same server, and the sample database, stay stores', async () => {
  const ws = uniqueName('own');
  await createWorkspace(ctx.api, ws);
  if (ctx.server.databaseUrl) {
    expect(await ctx.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('other', { ...onCatalog('127.0.0.1'), database: 'postgres' }))).toHaveStatus(
      201,
    );
  }
  expect(await ctx.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('sample', SAMPLE()))).toHaveStatus(201);
  const test = await ctx.api.postXml('/datastores/connection-test', dataStoreBodyXml('sample', SAMPLE()));
  expect(test).toHaveStatus(200);
  expect(test.text).toContain('Connected to PostgreSQL');
}, 60_000);
