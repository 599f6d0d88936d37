import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/api-server';
import { useApiServer } from '../support/catalog';
import { rawRequest } from '../support/http';

const ctx = useApiServer();
const VERSION: string = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version;

/** `<about>` with one or more `<resource name="…">` of one-line entries, GeoServer layout. */
const ABOUT_XML = /^<about>\n(?: {2}<resource name="[^"]+">\n(?: {4}<([A-Za-z][\w.-]*)>[^<\n]*<\/\1>\n)*? {2}<\/resource>\n)+<\/about>$/;

describe('/rest/about/version', () => {
  it('answers XML: <about><resource name="geocatalog"> with <Version> first-class', async () => {
    const res = await ctx.api.get('/about/version.xml');
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe('application/xml');
    expect(res.text).toMatch(ABOUT_XML);
    const resource = /<resource name="geocatalog">\n([\s\S]*?)\n {2}<\/resource>/.exec(res.text);
    expect(resource).not.toBeNull();
    expect(resource![1]).toContain(`    <Version>${VERSION}</Version>`);
  });

  it('answers JSON: {"about":{"resource":[{"@name":"geocatalog","Version":…}]}}', async () => {
    const res = await ctx.api.get('/about/version.json');
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe('application/json');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['about']);
    expect(Object.keys(body.about)).toEqual(['resource']);
    expect(Array.isArray(body.about.resource)).toBe(true);
    const ours = body.about.resource.find((r: Record<string, unknown>) => r['@name'] === 'geocatalog');
    expect(ours).toBeDefined();
    expect(Object.keys(ours)[0]).toBe('@name');
    expect(ours.Version).toBe(VERSION);
  });

  it('answers the same resources in XML and JSON', async () => {
    const xml = (await ctx.api.get('/about/version.xml')).text;
    const json = (await ctx.api.get('/about/version.json')).json();
    const xmlNames = [...xml.matchAll(/<resource name="([^"]+)">/g)].map((m) => m[1]);
    expect(json.about.resource.map((r: Record<string, unknown>) => r['@name'])).toEqual(xmlNames);
  });

  it('answers JSON without suffix for Accept */* and without Accept; XML for Accept application/xml', async () => {
    const star = await ctx.api.get('/about/version', { accept: '*/*' });
    expect(star).toHaveStatus(200);
    expect(star.contentType).toBe('application/json');
    const none = await rawRequest(`${ctx.server.restUrl}/about/version`, { auth: ctx.server.admin });
    expect(none).toHaveStatus(200);
    expect(none.contentType).toBe('application/json');
    const xml = await ctx.api.get('/about/version', { accept: 'application/xml' });
    expect(xml.contentType).toBe('application/xml');
    expect(xml.text).toMatch(ABOUT_XML);
  });

  it('needs credentials', async () => {
    const res = await ctx.api.as(null).get('/about/version.json');
    expect(res).toHaveStatus(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="geocatalog"');
  });
});
