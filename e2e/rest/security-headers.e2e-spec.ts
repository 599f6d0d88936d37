/**
 * Response headers (issue 9, scope 6; contract §6): `X-Content-Type-Options: nosniff` on every
 * response — catalog documents, errors, raw SLD, the console and its assets; the console's
 * Content-Security-Policy (scripts from self only, never framed); data responses carry a policy
 * that lets a browser run nothing in them. The browser spec (browser/security) shows the console
 * policy in force.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/api-server';
import { createStyle, createWorkspace, sldFixture, useApiServer } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { HttpResponse, request, SLD_10 } from '../support/http';

const ctx = useApiServer();

function expectCommonHeaders(res: HttpResponse) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-powered-by')).toBeNull();
}

function directives(res: HttpResponse): Map<string, string> {
  const csp = res.headers.get('content-security-policy') ?? '';
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values.join(' ')] as [string, string];
      }),
  );
}

describe('security headers', () => {
  it('every kind of data response says nosniff and carries a policy that runs nothing', async () => {
    const ws = uniqueName('hdr');
    await createWorkspace(ctx.api, ws);
    await createStyle(ctx.api, ws, 'line');
    expect(await ctx.api.put(`/workspaces/${ws}/styles/line`, sldFixture('valid', 'polygon-simple.sld').bytes, SLD_10)).toHaveStatus(200);
    const responses = [
      await ctx.api.get(`/workspaces/${ws}.xml`),
      await ctx.api.get(`/workspaces/${ws}.json`),
      await ctx.api.get(`/workspaces/${ws}/styles/line.sld`),
      await ctx.api.get('/workspaces/no-such-workspace.json'),
      await request(`${ctx.server.restUrl}/workspaces.json`, { auth: null }),
      await request(`${ctx.server.baseUrl}/no/such/page`, { auth: null }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 404, 401, 404]);
    for (const res of responses) {
      expectCommonHeaders(res);
      const csp = directives(res);
      expect(csp.get('default-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.has('sandbox')).toBe(true);
    }
  });

  it('the console and its assets: scripts from self only, no inline script, never framed', async () => {
    const page = await request(`${ctx.server.baseUrl}/web/`, { auth: null });
    expect(page.status).toBe(200);
    expect(page.contentType).toBe('text/html');
    expectCommonHeaders(page);
    const csp = directives(page);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe');

    const deepLink = await request(`${ctx.server.baseUrl}/web/workspaces`, { auth: null });
    expect(deepLink.status).toBe(200);
    expect(directives(deepLink).get('script-src')).toBe("'self'");

    const asset = readdirSync(join(REPO_ROOT, 'apps/admin-web/dist/assets')).find((f) => f.endsWith('.js'));
    expect(asset).toBeDefined();
    const script = await request(`${ctx.server.baseUrl}/web/assets/${asset}`, { auth: null });
    expect(script.status).toBe(200);
    expectCommonHeaders(script);
  });
});
