import { createWorkspace, useApiServer, workspaceJson, workspaceXml } from '../support/catalog';
import { atomLink, normalize, parseJsonList, parseXmlList, uniqueName } from '../support/geoserver';
import { rawRequest } from '../support/http';

// Behind a proxy: X-Forwarded-* are honoured only with TRUST_PROXY (security-bodies shows them ignored without).
const ctx = useApiServer({ env: { TRUST_PROXY: 'on' } });

async function freshWorkspace(): Promise<string> {
  const ws = uniqueName('ws');
  await createWorkspace(ctx.api, ws);
  return ws;
}

describe('format negotiation: suffix > ?format= > Accept; default JSON', () => {
  const cases: Array<{ what: string; path: (ws: string) => string; accept?: string; expected: 'xml' | 'json' }> = [
    { what: 'no suffix, Accept */*', path: (ws) => `/workspaces/${ws}`, accept: '*/*', expected: 'json' },
    { what: 'no suffix, Accept application/xml', path: (ws) => `/workspaces/${ws}`, accept: 'application/xml', expected: 'xml' },
    { what: 'no suffix, Accept text/xml', path: (ws) => `/workspaces/${ws}`, accept: 'text/xml', expected: 'xml' },
    { what: 'no suffix, Accept application/json', path: (ws) => `/workspaces/${ws}`, accept: 'application/json', expected: 'json' },
    { what: '.xml beats Accept application/json', path: (ws) => `/workspaces/${ws}.xml`, accept: 'application/json', expected: 'xml' },
    { what: '.json beats Accept application/xml', path: (ws) => `/workspaces/${ws}.json`, accept: 'application/xml', expected: 'json' },
    { what: '.xml with Accept */* (legacy gsconfig)', path: (ws) => `/workspaces/${ws}.xml`, accept: '*/*', expected: 'xml' },
    { what: '?format=xml beats Accept application/json', path: (ws) => `/workspaces/${ws}?format=xml`, accept: 'application/json', expected: 'xml' },
    { what: '?format=json beats Accept application/xml', path: (ws) => `/workspaces/${ws}?format=json`, accept: 'application/xml', expected: 'json' },
    { what: '.json beats ?format=xml', path: (ws) => `/workspaces/${ws}.json?format=xml`, expected: 'json' },
    { what: '.xml beats ?format=json', path: (ws) => `/workspaces/${ws}.xml?format=json`, expected: 'xml' },
    { what: 'trailing slash, Accept application/xml', path: (ws) => `/workspaces/${ws}/`, accept: 'application/xml', expected: 'xml' },
    { what: 'trailing slash, Accept */*', path: (ws) => `/workspaces/${ws}/`, accept: '*/*', expected: 'json' },
  ];

  it.each(cases)('$what → $expected', async ({ path, accept, expected }) => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const res = await api.get(path(ws), accept ? { accept } : {});
    expect(res).toHaveStatus(200);
    if (expected === 'xml') {
      expect(res.contentType).toBe('application/xml');
      expect(normalize(res.text).text).toBe(workspaceXml(server.restUrl, ws));
    } else {
      expect(res.contentType).toBe('application/json');
      expect(normalize(res.text).text).toBe(workspaceJson(server.restUrl, ws));
    }
  });

  it('answers JSON when the request has no Accept header at all', async () => {
    const { server } = ctx;
    const ws = await freshWorkspace();
    const res = await rawRequest(`${server.restUrl}/workspaces/${ws}`, { auth: server.admin });
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe('application/json');
    expect(normalize(res.text).text).toBe(workspaceJson(server.restUrl, ws));
  });

  it('negotiates lists the same way, and accepts a trailing slash on collections', async () => {
    const { api } = ctx;
    await freshWorkspace();
    const slash = await api.get('/workspaces/', { accept: '*/*' });
    expect(slash).toHaveStatus(200);
    expect(slash.contentType).toBe('application/json');
    parseJsonList(slash.text, 'workspaces', 'workspace');
    const xml = await api.get('/workspaces/', { accept: 'application/xml' });
    expect(xml.contentType).toBe('application/xml');
    parseXmlList(xml.text, 'workspaces', 'workspace');
  });

  // Text bodies carry their charset (names and messages may be non-ASCII); the media type is GeoServer's.
  it('writes Content-Type application/xml, application/json and text/plain, in UTF-8', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    expect((await api.get(`/workspaces/${ws}.xml`)).headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect((await api.get(`/workspaces/${ws}.json`)).headers.get('content-type')).toBe('application/json; charset=utf-8');
    const created = await api.postXml('/workspaces', `<workspace><name>${uniqueName('ct')}</name></workspace>`);
    expect(created.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('writes XML without declaration, 2-space indented, \\n line ends, no trailing newline', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    const text = (await api.get(`/workspaces/${ws}.xml`)).text;
    expect(text.startsWith('<workspace>\n  <name>')).toBe(true);
    expect(text).not.toContain('<?xml');
    expect(text).not.toContain('\r');
    expect(text.endsWith('</workspace>')).toBe(true);
  });
});

describe('suffixes and trailing slashes on writes', () => {
  it('POST /workspaces.json, /workspaces.xml and /workspaces/ create; Location has no suffix', async () => {
    const { api, server } = ctx;
    for (const path of ['/workspaces.json', '/workspaces.xml', '/workspaces/']) {
      const name = uniqueName('w');
      const res = await api.postXml(path, `<workspace><name>${name}</name></workspace>`);
      expect({ path, status: res.status }).toEqual({ path, status: 201 });
      expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${name}`);
      expect(res.text).toBe(name);
    }
  });

  it('PUT and DELETE accept .xml/.json suffixes and trailing slashes', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    expect(await api.putXml(`/workspaces/${ws}.xml`, '<workspace><isolated>true</isolated></workspace>')).toHaveStatus(200);
    expect(await api.putJson(`/workspaces/${ws}.json`, { workspace: { isolated: false } })).toHaveStatus(200);
    expect(await api.putXml(`/workspaces/${ws}/`, '<workspace><isolated>true</isolated></workspace>')).toHaveStatus(200);
    expect((await api.get(`/workspaces/${ws}.json`)).json().workspace.isolated).toBe(true);
    expect(await api.delete(`/workspaces/${ws}.json`)).toHaveStatus(200);
    const other = await freshWorkspace();
    expect(await api.delete(`/workspaces/${other}/`)).toHaveStatus(200);
    expect(await api.get(`/workspaces/${other}.json`)).toHaveStatus(404);
  });

  it('accepts request bodies as application/xml; charset=utf-8 and application/json; charset=utf-8', async () => {
    const { api } = ctx;
    const a = uniqueName('cx');
    expect(await api.post('/workspaces', `<workspace><name>${a}</name></workspace>`, 'application/xml; charset=utf-8')).toHaveStatus(201);
    const b = uniqueName('cj');
    expect(await api.post('/workspaces', JSON.stringify({ workspace: { name: b } }), 'application/json; charset=UTF-8')).toHaveStatus(201);
  });

  it('matches input element names case-insensitively and ignores unknown elements', async () => {
    const { api } = ctx;
    const name = uniqueName('ci');
    const res = await api.postXml('/workspaces', `<workspace><NAME>${name}</NAME><unknownThing>1</unknownThing><isolated>False</isolated></workspace>`);
    expect(res).toHaveStatus(201);
    expect(res.text).toBe(name);
  });
});

describe('proxy headers (TRUST_PROXY=on): X-Forwarded-Proto/Host/Prefix', () => {
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'maps.example.org', 'x-forwarded-prefix': '/gis' };
  const external = 'https://maps.example.org/gis/geoserver/rest';

  it('are honoured in Location', async () => {
    const { api } = ctx;
    const name = uniqueName('fw');
    const res = await api.postXml('/workspaces', `<workspace><name>${name}</name></workspace>`, { headers: forwarded });
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${external}/workspaces/${name}`);
  });

  it('are honoured in atom hrefs of objects and lists, XML and JSON', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    const xml = await api.get(`/workspaces/${ws}.xml`, { headers: forwarded });
    expect(normalize(xml.text).text).toBe(workspaceXml(external, ws));
    const json = await api.get(`/workspaces/${ws}.json`, { headers: forwarded });
    expect(normalize(json.text).text).toBe(workspaceJson(external, ws));
    const list = await api.get('/workspaces.xml', { headers: forwarded });
    expect(list.text).toContain(atomLink(`${external}/workspaces/${ws}.xml`, 'application/atom+xml'));
    for (const item of parseXmlList(list.text, 'workspaces', 'workspace')) expect(item.href.startsWith(`${external}/workspaces/`)).toBe(true);
  });

  it('keep a port given in X-Forwarded-Host; without a prefix the context path stays', async () => {
    const { api } = ctx;
    const name = uniqueName('fwp');
    const res = await api.postXml('/workspaces', `<workspace><name>${name}</name></workspace>`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'maps.example.org:8443' },
    });
    expect(res.headers.get('location')).toBe(`https://maps.example.org:8443/geoserver/rest/workspaces/${name}`);
  });

  it('without them, links use the request host', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const xml = await api.get(`/workspaces/${ws}.xml`);
    expect(xml.text).toContain(atomLink(`${server.restUrl}/workspaces/${ws}/datastores.xml`));
    expect(server.restUrl.startsWith('http://127.0.0.1:')).toBe(true);
  });
});
