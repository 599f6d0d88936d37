/**
 * One rule for every path (issue 21, row 6; contract §6): the path is normalised once (doubled
 * slashes, dot segments, an absolute-form target) before the guards and the router, and routing is
 * case-sensitive. `DELETE /geoserver/Rest/workspaces/x?dryRun=true` used to reach the controller
 * without the REST middleware and delete the workspace; now a path in another case is a 404, and a
 * path that normalises to a REST path goes through everything `/rest/...` goes through: the dry run,
 * `REQUIRE_IF_MATCH` (on in this server) and the body reader. Runs on both catalogs.
 */
import { createWorkspace, useApiServer } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { HttpResponse, JSON_TYPE, rawRequest, RequestOptions } from '../support/http';

const ctx = useApiServer({ env: { REQUIRE_IF_MATCH: 'on' } });

/** `/geoserver`: the context path the targets below are built on. */
const context = () => new URL(ctx.server.baseUrl).pathname;

/** A request whose target is sent exactly as written (no URL parsing on the way). */
function send(method: string, target: string, opts: RequestOptions = {}): Promise<HttpResponse> {
  return rawRequest(ctx.server.baseUrl, { auth: ctx.server.admin, ...opts, method, target });
}

/** The workspace as read back (status, ETag, body) and the history's changes to it. */
async function state(ws: string): Promise<string> {
  const res = await ctx.api.get(`/workspaces/${ws}.json`);
  const changes = await ctx.api.get(`/changes.json?resource=/workspaces/${ws}`);
  expect(changes).toHaveStatus(200);
  return `${res.status} ${res.headers.get('etag')} ${res.text} | ${changes.json().changes.change.length} changes`;
}

async function tagOf(ws: string): Promise<string> {
  const tag = (await ctx.api.get(`/workspaces/${ws}.json`)).headers.get('etag');
  if (!tag) throw new Error(`no ETag for ${ws}`);
  return tag;
}

/** A new workspace, its state and its ETag. */
async function freshWorkspace(prefix: string): Promise<{ ws: string; before: string; tag: string }> {
  const ws = uniqueName(prefix);
  await createWorkspace(ctx.api, ws);
  return { ws, before: await state(ws), tag: await tagOf(ws) };
}

/** The same REST path in other cases: none of them is the REST API. */
function otherCases(ws: string): string[] {
  const c = context();
  const upper = c.replace(/^\/(.)/, (_, first: string) => `/${first.toUpperCase()}`);
  return [`${c}/Rest/workspaces/${ws}`, `${c}/REST/workspaces/${ws}`, `${upper}/rest/workspaces/${ws}`, `${c}/rest/Workspaces/${ws}`];
}

/** Targets that normalise to `{context}/rest/workspaces/{ws}`. */
function sameRestPath(ws: string): string[] {
  const c = context();
  const { host } = new URL(ctx.server.baseUrl);
  return [
    `${c}/rest//workspaces/${ws}`,
    `/${c}/rest/workspaces/${ws}`,
    `${c}//rest/workspaces/${ws}`,
    `${c}/rest/workspaces//${ws}/`,
    `${c}/rest/./workspaces/${ws}`,
    `${c}/rest/%2E/workspaces/${ws}`,
    `${c}/rest/styles/../workspaces/${ws}`,
    `/..${c}/rest/workspaces/${ws}`,
    `http://${host}${c}/rest/workspaces/${ws}`,
  ];
}

describe('a REST path in another case', () => {
  it('is a 404 for a dry-run DELETE, a DELETE and a PUT, and the workspace stays as it was', async () => {
    const { ws, before, tag } = await freshWorkspace('case');
    for (const target of otherCases(ws)) {
      const withTag = await send('DELETE', `${target}?dryRun=true`, { headers: { 'If-Match': tag } });
      expect(withTag).toBeTextError(404, `No such resource: ${target}`);
      expect(withTag.headers.get('dry-run')).toBeNull();
      expect(await send('DELETE', target, { headers: { 'If-Match': tag } })).toHaveStatus(404);
      // Anonymous: 404 outside `/rest/`; inside it the catch-all asks for credentials first.
      const anonymous = target.startsWith(`${context()}/rest/`) ? 401 : 404;
      expect(await send('DELETE', `${target}?dryRun=true`, { auth: null })).toHaveStatus(anonymous);
      expect(
        await send('PUT', target, { type: JSON_TYPE, body: JSON.stringify({ workspace: { isolated: true } }), headers: { 'If-Match': tag } }),
      ).toHaveStatus(404);
    }
    expect(await state(ws)).toBe(before);
  });

  it('answers 404 where the right case answers 405, and leaves the console and the feature API to their own case', async () => {
    const c = context();
    const allowed = await send('PATCH', `${c}/rest/workspaces`);
    expect(allowed).toHaveStatus(405);
    expect(allowed.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(await send('PATCH', `${c}/rest/Workspaces`)).toBeTextError(404, `No such resource: ${c}/rest/Workspaces`);
    expect(await send('GET', `${c}/Web/`, { auth: null })).toHaveStatus(404);
    expect(await send('GET', `${c}/ogc/features/v1/collections`)).toHaveStatus(200);
    expect(await send('GET', `${c}/OGC/features/v1/collections`)).toHaveStatus(404);
  });
});

describe('a path with doubled slashes, dot segments or a host', () => {
  it('goes through the REST middleware: REQUIRE_IF_MATCH and the dry run hold, and nothing changes', async () => {
    const { ws, before, tag } = await freshWorkspace('dots');
    for (const target of sameRestPath(ws)) {
      expect(await send('DELETE', `${target}?dryRun=true`)).toBeTextError(428);
      const dryDelete = await send('DELETE', `${target}?dryRun=true`, { headers: { 'If-Match': tag } });
      expect(dryDelete).toHaveStatus(200);
      expect(dryDelete.headers.get('dry-run')).toBe('true');
      // The body is read after the guards, as on `/rest/...`: a broken one is refused.
      const broken = await send('PUT', `${target}?dryRun=true`, { type: JSON_TYPE, body: '{"workspace":', headers: { 'If-Match': tag } });
      expect(broken).toHaveStatus(400);
      const dryPut = await send('PUT', `${target}?dryRun=true`, {
        type: JSON_TYPE,
        body: JSON.stringify({ workspace: { isolated: true } }),
        headers: { 'If-Match': tag },
      });
      expect(dryPut).toHaveStatus(200);
      expect(dryPut.headers.get('dry-run')).toBe('true');
    }
    expect(await state(ws)).toBe(before);
  });

  it('reaches what the plain path reaches: a real PUT and DELETE, a suffix, a list', async () => {
    const c = context();
    const ws = uniqueName('slashes');
    await createWorkspace(ctx.api, ws);
    const put = await send('PUT', `${c}//rest/./workspaces//${ws}`, {
      type: JSON_TYPE,
      body: JSON.stringify({ workspace: { isolated: true } }),
      headers: { 'If-Match': await tagOf(ws) },
    });
    expect(put).toHaveStatus(200);
    const read = await send('GET', `${c}/rest//workspaces/${ws}.json/`);
    expect(read).toHaveStatus(200);
    expect(read.json().workspace).toMatchObject({ name: ws, isolated: true });
    const list = await send('GET', `/${c}/rest/workspaces.xml`);
    expect(list).toHaveStatus(200);
    expect(list.contentType).toBe('application/xml');
    expect(list.text).toContain(`<name>${ws}</name>`);
    expect(await send('DELETE', `/..${c}/rest//workspaces/${ws}/`, { headers: { 'If-Match': await tagOf(ws) } })).toHaveStatus(200);
    expect(await ctx.api.get(`/workspaces/${ws}.json`)).toHaveStatus(404);
  });

  it('keeps the guards: anonymous is a 401, and `..` never climbs above the root', async () => {
    const c = context();
    expect(await send('GET', `${c}//rest/workspaces`, { auth: null })).toBeTextError(401);
    expect(await send('DELETE', `${c}/rest/./workspaces/x?dryRun=true`, { auth: null })).toBeTextError(401);
    expect(await send('GET', `${c}/rest/../../../etc/passwd`)).toBeTextError(404, 'No such resource: /etc/passwd');
    expect(await send('GET', `${c}//ogc/./features/v1/collections`)).toHaveStatus(200);
  });

  it('serves the console at its own paths, deep links included', async () => {
    const c = context();
    for (const target of [`${c}/web/`, `${c}//web/`, `${c}/web//layers`, `${c}/rest/../web/workspaces`]) {
      const page = await send('GET', target, { auth: null });
      expect(page).toHaveStatus(200);
      expect(page.contentType).toBe('text/html');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });
});
