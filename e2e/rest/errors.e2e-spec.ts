import { createDataStore, createStyle, createWorkspace, pgParams, sldFixture, useApiServer, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { HttpResponse, JSON_TYPE, rawRequest, SLD_10, XML } from '../support/http';

const ctx = useApiServer();

async function freshWorkspace(): Promise<string> {
  const ws = uniqueName('ws');
  await createWorkspace(ctx.api, ws);
  return ws;
}

describe('400: bodies and names', () => {
  const badWorkspaceBodies: Array<[string, string, string]> = [
    ['malformed XML', '<workspace><name>x</name>', XML],
    ['malformed XML (two roots)', '<workspace><name>x</name></workspace><workspace/>', XML],
    ['XML declaration only', '<?xml version="1.0"?>', XML],
    ['malformed JSON', '{"workspace":{"name":"x"', JSON_TYPE],
    ['JSON array', '[{"workspace":{"name":"x"}}]', JSON_TYPE],
    ['JSON null', 'null', JSON_TYPE],
    ['JSON string', '"workspace"', JSON_TYPE],
    ['wrong root element', '<dataStore><name>x</name></dataStore>', XML],
    ['wrong JSON root', '{"dataStore":{"name":"x"}}', JSON_TYPE],
    ['missing name', '<workspace/>', XML],
    ['missing name (JSON)', '{"workspace":{}}', JSON_TYPE],
    ['null name (JSON)', '{"workspace":{"name":null}}', JSON_TYPE],
    ['object name (JSON)', '{"workspace":{"name":{"a":1}}}', JSON_TYPE],
    ['number name (JSON) coerced to "123", invalid', '{"workspace":{"name":123}}', JSON_TYPE],
    ['empty name', '<workspace><name></name></workspace>', XML],
    ['empty body (XML)', '', XML],
    ['empty body (JSON)', '', JSON_TYPE],
    [
      'DOCTYPE with external entity',
      '<?xml version="1.0"?><!DOCTYPE workspace [<!ENTITY x SYSTEM "file:///etc/passwd">]><workspace><name>&x;</name></workspace>',
      XML,
    ],
  ];

  it.each(badWorkspaceBodies)('POST /workspaces with %s → 400 text/plain', async (_why, body, type) => {
    const res = await ctx.api.post('/workspaces', body, type);
    expect(res).toBeTextError(400);
    expect(res.text).not.toMatch(/root:.*:0:0/);
  });

  const invalidNames = ['a b', 'a/b', '..x', 'a..b', 'ws🙂', '🙂', '1abc', '-abc', '.abc', 'a:b', 'a\u200bb', 'tab\there', 'x'.repeat(256)];

  it.each(invalidNames.map((n) => [JSON.stringify(n).slice(0, 40), n]))('refuses the name %s with 400 (XML and JSON)', async (_label, name) => {
    const { api } = ctx;
    const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    expect(await api.postXml('/workspaces', `<workspace><name>${escaped}</name></workspace>`)).toBeTextError(400);
    expect(await api.postJson('/workspaces', { workspace: { name } })).toBeTextError(400);
  });

  it('accepts a 255-character name and names of any script', async () => {
    const { api } = ctx;
    const long = `l${uniqueName('x')}`.padEnd(255, 'y');
    expect(await api.postXml('/workspaces', `<workspace><name>${long}</name></workspace>`)).toHaveStatus(201);
    for (const name of [`été_地图_${uniqueName('a')}`, `_${uniqueName('u')}`, `Καφέ-${Date.now()}${Math.floor(Math.random() * 1e6)}`, `n.${uniqueName('d')}`]) {
      expect(await api.postJson('/workspaces', { workspace: { name } })).toHaveStatus(201);
    }
  });

  it('refuses an invalid name in a PUT rename and keeps the workspace', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    expect(await api.putXml(`/workspaces/${ws}`, '<workspace><name>a b</name></workspace>')).toBeTextError(400);
    expect(await api.putXml(`/workspaces/${ws}`, '<workspace><name></name></workspace>')).toHaveStatus(400);
    expect(await api.get(`/workspaces/${ws}.json`)).toHaveStatus(200);
  });

  it('refuses invalid names of stores and styles', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    for (const name of ['a b', '1abc', '..x']) {
      expect(await api.postJson(`/workspaces/${ws}/datastores`, { dataStore: { name, connectionParameters: pgParams() } })).toBeTextError(400);
      expect(await api.postJson(`/workspaces/${ws}/styles`, { style: { name, filename: 'x.sld' } })).toBeTextError(400);
      expect(
        await api.post(`/workspaces/${ws}/styles?name=${encodeURIComponent(name)}`, sldFixture('valid', 'polygon-simple.sld').bytes, SLD_10),
      ).toBeTextError(400);
    }
  });
});

describe('404 and quietOnNotFound', () => {
  it('answers 404 with an empty body when quietOnNotFound=true', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    for (const path of [
      `/workspaces/${uniqueName('g')}.xml?quietOnNotFound=true`,
      `/workspaces/${uniqueName('g')}?quietOnNotFound=true`,
      `/namespaces/${uniqueName('g')}.json?quietOnNotFound=true`,
      `/workspaces/${ws}/datastores/${uniqueName('g')}.xml?quietOnNotFound=true`,
      `/styles/${uniqueName('g')}.json?quietOnNotFound=true`,
      `/workspaces/${ws}/styles/${uniqueName('g')}.xml?quietOnNotFound=true`,
    ]) {
      const res = await api.get(path);
      expect({ path, status: res.status, body: res.text }).toEqual({ path, status: 404, body: '' });
    }
  });

  it('answers 404 text/plain for unknown endpoints under /rest', async () => {
    const { api } = ctx;
    const res = await api.get('/no-such-endpoint');
    expect(res).toBeTextError(404);
  });
});

describe('405 with Allow', () => {
  async function expect405(res: HttpResponse, allowed: string[], refused: string[]) {
    expect(res).toHaveStatus(405);
    const allow = (res.headers.get('allow') ?? '')
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
    for (const m of allowed) expect(allow).toContain(m);
    for (const m of refused) expect(allow).not.toContain(m);
  }

  it('on collections: PUT and DELETE', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    for (const path of ['/workspaces', '/namespaces', `/workspaces/${ws}/datastores`, '/styles', `/workspaces/${ws}/styles`]) {
      await expect405(await api.putXml(path, '<x/>'), ['GET', 'POST'], ['PUT', 'DELETE']);
      await expect405(await api.delete(path), ['GET', 'POST'], ['PUT', 'DELETE']);
    }
    await expect405(await api.put('/workspaces.xml', '<workspaces/>', XML), ['GET', 'POST'], ['PUT']);
  });

  it('on items: POST', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    await createDataStore(api, ws, 'st');
    await createStyle(api, ws, 'sty');
    for (const path of [`/workspaces/${ws}`, `/namespaces/${ws}`, `/workspaces/${ws}/datastores/st`, `/workspaces/${ws}/styles/sty`]) {
      await expect405(await api.postXml(path, '<x/>'), ['GET', 'PUT', 'DELETE'], ['POST']);
    }
  });

  it('on read-only lists and about: POST, PUT, DELETE', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    for (const path of [`/workspaces/${ws}/coveragestores`, `/workspaces/${ws}/wmsstores`, '/about/version', '/security/roles']) {
      const res = await api.delete(path);
      expect({ path, status: res.status }).toEqual({ path, status: 405 });
      expect(res.headers.get('allow')?.toUpperCase()).toContain('GET');
    }
  });
});

describe('409 messages', () => {
  it('workspace, store and style duplicates', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    expect(await api.postXml('/workspaces', `<workspace><name>${ws}</name></workspace>`)).toBeTextError(409, `Workspace '${ws}' already exists`);
    await createDataStore(api, ws, 'nyc');
    expect(await api.postJson(`/workspaces/${ws}/datastores`, { dataStore: { name: 'nyc', connectionParameters: pgParams() } })).toBeTextError(
      409,
      `Store 'nyc' already exists in workspace '${ws}'`,
    );
    await createStyle(api, ws, 'sty');
    expect(await api.postXml(`/workspaces/${ws}/styles`, '<style><name>sty</name><filename>sty.sld</filename></style>')).toBeTextError(
      409,
      `Style named 'sty' already exists in workspace ${ws}`,
    );
  });

  it('a rename onto an existing name', async () => {
    const { api } = ctx;
    const a = await freshWorkspace();
    const b = await freshWorkspace();
    expect(await api.putXml(`/workspaces/${a}`, `<workspace><name>${b}</name></workspace>`)).toBeTextError(409, `Workspace '${b}' already exists`);
    expect(await api.get(`/workspaces/${a}.json`)).toHaveStatus(200);
    await createDataStore(api, a, 's1');
    await createDataStore(api, a, 's2');
    expect(await api.putXml(`/workspaces/${a}/datastores/s1`, '<dataStore><name>s2</name></dataStore>')).toBeTextError(
      409,
      `Store 's2' already exists in workspace '${a}'`,
    );
  });
});

describe('413: size limits', () => {
  const MiB = 1024 * 1024;

  it('refuses a catalog body over 1 MiB with 413, accepts one just under', async () => {
    const { server } = ctx;
    const over = uniqueName('big');
    const head = `<workspace><name>${over}</name><padding>`;
    const tail = '</padding></workspace>';
    const overBody = head + 'x'.repeat(MiB + 1 - head.length - tail.length) + tail;
    expect(Buffer.byteLength(overBody)).toBe(MiB + 1);
    const res = await rawRequest(`${server.restUrl}/workspaces`, { method: 'POST', body: overBody, type: XML, auth: server.admin });
    expect(res).toHaveStatus(413);
    expect(res.contentType).toBe('text/plain');
    expect((await ctx.api.get(`/workspaces/${over}.json`)).status).toBe(404);

    const under = uniqueName('big');
    const head2 = `<workspace><name>${under}</name><padding>`;
    const underBody = head2 + 'x'.repeat(MiB - 1024 - head2.length - tail.length) + tail;
    const ok = await rawRequest(`${server.restUrl}/workspaces`, { method: 'POST', body: underBody, type: XML, auth: server.admin });
    expect(ok).toHaveStatus(201);
  });

  it('refuses an SLD body over 10 MiB with 413, accepts one of 9 MiB', async () => {
    const { api, server } = ctx;
    const name = uniqueName('bigsld');
    await createStyle(api, null, name);
    const base = sldFixture('valid', 'polygon-simple.sld').bytes.toString('utf8');
    const padded = (size: number) => {
      // A comment between the XML declaration and the root: '<!--' + padding + '-->' + '\n'.
      const insert = '<!--' + 'p'.repeat(size - Buffer.byteLength(base) - 8) + '-->\n';
      return base.replace('<StyledLayerDescriptor', `${insert}<StyledLayerDescriptor`);
    };
    const overBody = padded(10 * MiB + 1);
    expect(Buffer.byteLength(overBody)).toBe(10 * MiB + 1);
    const res = await rawRequest(`${server.restUrl}/styles/${name}`, { method: 'PUT', body: overBody, type: SLD_10, auth: server.admin });
    expect(res).toHaveStatus(413);

    const okBody = padded(9 * MiB);
    const ok = await rawRequest(`${server.restUrl}/styles/${name}`, { method: 'PUT', body: okBody, type: SLD_10, auth: server.admin });
    expect(ok).toHaveStatus(200);
    const got = await api.get(`/styles/${name}.sld`);
    expect(got.bytes.length).toBe(Buffer.byteLength(okBody));
  });
});

describe('415: unsupported content types', () => {
  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['application/octet-stream'], [null]])('refuses a catalog body sent as %s', async (type) => {
    const { server } = ctx;
    const name = uniqueName('ct');
    const res = await rawRequest(`${server.restUrl}/workspaces`, {
      method: 'POST',
      body: `<workspace><name>${name}</name></workspace>`,
      ...(type ? { type } : {}),
      auth: server.admin,
    });
    expect(res).toBeTextError(415);
    expect(await ctx.api.get(`/workspaces/${name}.json`)).toHaveStatus(404);
  });

  it('refuses an image as SLD content', async () => {
    const { api } = ctx;
    const name = uniqueName('img');
    await createStyle(api, null, name);
    expect(await api.put(`/styles/${name}`, Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png')).toBeTextError(415);
  });
});

describe('problem+json (RFC 9457)', () => {
  const PROBLEM = 'application/problem+json';

  function expectProblem(res: HttpResponse, status: number, code: string, detail?: string) {
    expect(res).toHaveStatus(status);
    expect(res.contentType).toBe(PROBLEM);
    const body = res.json();
    expect(typeof body.type).toBe('string');
    expect(typeof body.title).toBe('string');
    expect(body.status).toBe(status);
    expect(body.code).toBe(code);
    expect(typeof body.detail).toBe('string');
    if (detail !== undefined) expect(body.detail).toBe(detail);
    return body;
  }

  const problems: Array<[number, string, () => Promise<{ res: HttpResponse; detail?: string }>]> = [
    [
      404,
      'NOT_FOUND',
      async () => {
        const ghost = uniqueName('ghost');
        return { res: await ctx.api.get(`/workspaces/${ghost}`, { accept: PROBLEM }), detail: `No such workspace: '${ghost}' found` };
      },
    ],
    [
      409,
      'ALREADY_EXISTS',
      async () => {
        const ws = await freshWorkspace();
        return {
          res: await ctx.api.postXml('/workspaces', `<workspace><name>${ws}</name></workspace>`, { accept: PROBLEM }),
          detail: `Workspace '${ws}' already exists`,
        };
      },
    ],
    [400, 'INVALID_NAME', async () => ({ res: await ctx.api.postXml('/workspaces', '<workspace><name>a b</name></workspace>', { accept: PROBLEM }) })],
    [400, 'MALFORMED_BODY', async () => ({ res: await ctx.api.postXml('/workspaces', '<workspace>', { accept: PROBLEM }) })],
    [400, 'WRONG_ROOT', async () => ({ res: await ctx.api.postXml('/workspaces', '<dataStore><name>x</name></dataStore>', { accept: PROBLEM }) })],
    [400, 'MISSING_FIELD', async () => ({ res: await ctx.api.postXml('/workspaces', '<workspace/>', { accept: PROBLEM }) })],
    [405, 'METHOD_NOT_ALLOWED', async () => ({ res: await ctx.api.delete('/workspaces', { accept: PROBLEM }) })],
    [415, 'UNSUPPORTED_MEDIA_TYPE', async () => ({ res: await ctx.api.post('/workspaces', 'x', 'text/plain', { accept: PROBLEM }) })],
    [401, 'UNAUTHENTICATED', async () => ({ res: await ctx.api.as(null).get('/workspaces', { accept: PROBLEM }) })],
    [
      403,
      'FORBIDDEN',
      async () => {
        const nobody = await userWithRole(ctx.api, null, 'pj');
        return { res: await ctx.api.as(nobody).get('/workspaces', { accept: PROBLEM }) };
      },
    ],
    [
      403,
      'NOT_EMPTY',
      async () => {
        const ws = await freshWorkspace();
        await createDataStore(ctx.api, ws, 'st');
        return { res: await ctx.api.delete(`/workspaces/${ws}`, { accept: PROBLEM }), detail: 'Workspace not empty' };
      },
    ],
  ];

  it.each(problems)('%i %s as problem JSON when asked', async (status, code, call) => {
    const { res, detail } = await call();
    expectProblem(res, status, code, detail);
    if (status === 401) expect(res.headers.get('www-authenticate')).toBe('Basic realm="geocatalog"');
  });

  it('lists SLD issues with line and column', async () => {
    const { api } = ctx;
    const name = uniqueName('pj');
    await createStyle(api, null, name);
    const res = await api.put(`/styles/${name}`, sldFixture('invalid', 'not-well-formed.sld').bytes, SLD_10, {
      accept: `${PROBLEM}, text/plain;q=0.5`,
    });
    const body = expectProblem(res, 400, 'INVALID_STYLE');
    expect(body.detail.startsWith('Invalid style:')).toBe(true);
    expect(Array.isArray(body.issues)).toBe(true);
    expect(body.issues.length).toBeGreaterThan(0);
    for (const issue of body.issues) {
      expect(Number.isInteger(issue.line)).toBe(true);
      expect(Number.isInteger(issue.column)).toBe(true);
      expect(typeof issue.message).toBe('string');
    }
  });

  it('keeps text/plain when problem JSON is not asked for', async () => {
    const res = await ctx.api.get(`/workspaces/${uniqueName('g')}`, { accept: 'application/json' });
    expect(res).toBeTextError(404);
  });
});

describe('never a 5xx for a client mistake', () => {
  const deep = '['.repeat(5000) + ']'.repeat(5000);
  const deepXml = '<a>'.repeat(5000) + '</a>'.repeat(5000);
  const deepWorkspace = '<workspace>' + '<a>'.repeat(20000) + '</a>'.repeat(20000) + '</workspace>';
  const api = () => ctx.api;
  const store = (name: string, connectionParameters: unknown) => ({ dataStore: { name, connectionParameters } });
  const calls: Array<[string, (ws: string) => Promise<HttpResponse>]> = [
    ['deeply nested JSON', () => api().post('/workspaces', deep, JSON_TYPE)],
    ['deeply nested XML', () => api().post('/workspaces', deepXml, XML)],
    ['deeply nested unknown element in a workspace', () => api().post('/workspaces', deepWorkspace, XML)],
    ['huge number port', (ws) => api().postJson(`/workspaces/${ws}/datastores`, store('n1', pgParams({ port: '1e400' })))],
    ['negative port', (ws) => api().postJson(`/workspaces/${ws}/datastores`, store('n2', pgParams({ port: '-1' })))],
    ['connectionParameters as string', (ws) => api().postJson(`/workspaces/${ws}/datastores`, store('n3', 'x'))],
    ['entry as object', (ws) => api().postJson(`/workspaces/${ws}/datastores`, store('n4', { entry: { '@key': 'host' } }))],
    ['entry without key', (ws) => api().postJson(`/workspaces/${ws}/datastores`, store('n5', { entry: [{ $: 'x' }] }))],
    ['binary body', () => api().post('/workspaces', Buffer.from([0, 1, 2, 0xff, 0xfe]), XML)],
    ['UTF-16 XML', () => api().post('/workspaces', Buffer.from('\ufeff<workspace><name>u16</name></workspace>', 'utf16le'), XML)],
    ['percent-encoded slash in name', () => api().get('/workspaces/a%2Fb.json')],
    ['dot-dot path', () => api().get('/workspaces/..%2F..%2Fetc%2Fpasswd')],
    ['bad percent-encoding', () => api().get('/workspaces/%E0%A4%A.json')],
    ['very long name in path', () => api().get(`/workspaces/${'x'.repeat(5000)}.json`)],
    ['unknown format', (ws) => api().get(`/workspaces/${ws}?format=yaml`)],
    ['Accept only text/html', (ws) => api().get(`/workspaces/${ws}`, { accept: 'text/html' })],
    ['Accept nonsense', (ws) => api().get(`/workspaces/${ws}`, { accept: 'not a media type' })],
    ['bad boolean', (ws) => api().putXml(`/workspaces/${ws}`, '<workspace><isolated>maybe</isolated></workspace>')],
    ['recurse nonsense', () => api().delete(`/workspaces/${uniqueName('g')}?recurse=perhaps`)],
    ['style PUT with an XML record body to an unknown style', () => api().putXml(`/styles/${uniqueName('g')}`, '<style><name>x</name></style>')],
    ['style record with filename only', () => api().postJson('/styles', { style: { filename: 'x.sld' } })],
    ['user body with a wrong root', () => api().postXml('/security/usergroup/users', '<workspace><name>x</name></workspace>')],
    ['role grant to an unknown user', () => api().post(`/security/roles/role/READER/user/${uniqueName('g')}`)],
    ['JSON with duplicate keys', () => api().post('/workspaces', '{"workspace":{"name":"a1","name":"b b"}}', JSON_TYPE)],
    ['JSON with a BOM', () => api().post('/workspaces', `\ufeff{"workspace":{"name":"${uniqueName('bom')}"}}`, JSON_TYPE)],
    ['XML with a CDATA name', () => api().post('/workspaces', `<workspace><name><![CDATA[${uniqueName('cd')}]]></name></workspace>`, XML)],
  ];

  it.each(calls)('%s', async (_what, call) => {
    const ws = await freshWorkspace();
    const res = await call(ws);
    expect(res.status < 500 ? 'not 5xx' : `${res.status} ${res.text.slice(0, 200)}`).toBe('not 5xx');
    // The server is still healthy.
    expect(await rawRequest(`${ctx.server.restUrl}/about/version.json`, { auth: ctx.server.admin })).toHaveStatus(200);
  });
});
