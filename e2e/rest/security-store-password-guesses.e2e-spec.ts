/**
 * An import plan is no oracle for a stored password (issue 21, row 4; contract §6, §8). The
 * reviewer sent `POST /rest/catalog/import?dryRun=true` with a guessed store password — in
 * `secrets`, or `plain:` in datastore.xml — and read `unchanged` for the right guess and `update,
 * reason: password` for a wrong one: 50 guesses in 4.4 s. Now a password sent in clear is never
 * compared with the stored one: right and wrong guesses get the same answer, byte for byte.
 */
import { freePort } from '../support/api-server';
import { createWorkspace, dataStoreBodyXml, useApiServer } from '../support/catalog';
import { DirText, importMultipart, importZip, unzipText, zipDirectory } from '../support/data-directory';
import { uniqueName } from '../support/geoserver';
import { HttpResponse } from '../support/http';

const ctx = useApiServer();

const RIGHT = 'Right-Guess-7';
const WRONG = 'Wrong-Guess-7';

/** A workspace with one store whose password is RIGHT, exported as a data directory (crypt2: password). */
async function exported(): Promise<{ ws: string; files: DirText; store: string }> {
  const ws = uniqueName('guess');
  await createWorkspace(ctx.api, ws);
  // A closed port: planning a store never connects to it.
  const params = { host: '127.0.0.1', port: String(await freePort()), database: 'gis', user: 'gis', passwd: RIGHT, dbtype: 'postgis' };
  expect(await ctx.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('ds', params))).toHaveStatus(201);
  const files = unzipText((await ctx.api.get(`/catalog/export?workspace=${ws}`)).bytes);
  const store = [...files.keys()].find((p) => p.endsWith('/ds/datastore.xml'))!;
  expect(files.get(store)).toMatch(/<entry key="passwd">crypt2:/);
  return { ws, files, store };
}

/** The directory with the store's password replaced by `value` (clear text, `plain:…`). */
function withPassword(files: DirText, store: string, value: string): Buffer {
  const out = new Map(files);
  out.set(store, files.get(store)!.replace(/<entry key="passwd">[^<]*<\/entry>/, `<entry key="passwd">${value}</entry>`));
  return zipDirectory(out);
}

function storeEntry(res: HttpResponse, ws: string): unknown {
  expect(res).toHaveStatus(200);
  return (res.json().plan as Array<{ resource: string }>).find((e) => e.resource === `/workspaces/${ws}/datastores/ds`);
}

it("the issue's guesses: plain: in datastore.xml, right or wrong, plans the same update, reason password", async () => {
  const { ws, files, store } = await exported();
  const right = await importZip(ctx.api, withPassword(files, store, `plain:${RIGHT}`), '?dryRun=true');
  const wrong = await importZip(ctx.api, withPassword(files, store, `plain:${WRONG}`), '?dryRun=true');
  expect(storeEntry(right, ws)).toEqual({ action: 'update', kind: 'dataStore', resource: `/workspaces/${ws}/datastores/ds`, reason: 'password' });
  expect(right.text).toBe(wrong.text);
  // The same in clear text, without plain:.
  const clearRight = await importZip(ctx.api, withPassword(files, store, RIGHT), '?dryRun=true');
  const clearWrong = await importZip(ctx.api, withPassword(files, store, WRONG), '?dryRun=true');
  expect(clearRight.text).toBe(right.text);
  expect(clearWrong.text).toBe(right.text);
});

it("the issue's guesses in secrets: right or wrong, the same update, reason password", async () => {
  const { ws, files } = await exported();
  const zip = zipDirectory(files);
  const right = await importMultipart(ctx.api, zip, { [`${ws}:ds`]: RIGHT }, '?dryRun=true');
  const wrong = await importMultipart(ctx.api, zip, { [`${ws}:ds`]: WRONG }, '?dryRun=true');
  expect(storeEntry(right, ws)).toEqual({ action: 'update', kind: 'dataStore', resource: `/workspaces/${ws}/datastores/ds`, reason: 'password' });
  expect(right.text).toBe(wrong.text);
});

it('applying the right password in clear still plans update next time; the crypt2: value itself is unchanged', async () => {
  const { ws, files, store } = await exported();
  // The export's own crypt2: value is the stored password, not a guess: unchanged.
  expect(storeEntry(await importZip(ctx.api, zipDirectory(files), '?dryRun=true'), ws)).toEqual({
    action: 'unchanged',
    kind: 'dataStore',
    resource: `/workspaces/${ws}/datastores/ds`,
  });
  expect(storeEntry(await importZip(ctx.api, withPassword(files, store, RIGHT)), ws)).toMatchObject({ action: 'update', reason: 'password' });
  expect(storeEntry(await importZip(ctx.api, withPassword(files, store, RIGHT), '?dryRun=true'), ws)).toMatchObject({ action: 'update', reason: 'password' });
});
