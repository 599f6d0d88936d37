import { createStyle, createWorkspace, sldFixture, sldFixtures, styleJson, styleXml, useApiServer } from '../support/catalog';
import { atomLink, normalize, parseJsonList, parseXmlList, uniqueName } from '../support/geoserver';
import { SE_11, SLD_10 } from '../support/http';

const ctx = useApiServer();

async function freshWorkspace(): Promise<string> {
  const ws = uniqueName('ws');
  await createWorkspace(ctx.api, ws);
  return ws;
}

const DEFAULT_STYLES = ['generic', 'line', 'point', 'polygon'];

describe('styles: default global styles', () => {
  it('has point, line, polygon and generic from the first start, each with an SLD', async () => {
    const { api } = ctx;
    const list = parseXmlList((await api.get('/styles.xml')).text, 'styles', 'style').map((i) => i.name);
    for (const name of DEFAULT_STYLES) {
      expect(list).toContain(name);
      const rec = await api.get(`/styles/${name}.json`);
      expect(rec).toHaveStatus(200);
      const style = rec.json().style;
      expect(style.name).toBe(name);
      expect(style.format).toBe('sld');
      expect(style.workspace).toBeUndefined();
      const sld = await api.get(`/styles/${name}.sld`);
      expect(sld).toHaveStatus(200);
      expect(sld.contentType).toBe(SLD_10);
      expect(sld.text).toMatch(/<([\w-]+:)?StyledLayerDescriptor[\s>]/);
    }
  });

  it('refuses to delete a default style (403)', async () => {
    const { api } = ctx;
    for (const name of DEFAULT_STYLES) {
      expect(await api.delete(`/styles/${name}`)).toBeTextError(403);
      expect(await api.delete(`/styles/${name}?recurse=true&purge=true`)).toBeTextError(403);
      expect(await api.get(`/styles/${name}.sld`)).toHaveStatus(200);
    }
  });
});

describe('styles: records', () => {
  it('creates a global style record: 201, Location, name; GET is exact in XML and JSON', async () => {
    const { api, server } = ctx;
    const name = uniqueName('gstyle');
    const res = await api.postXml('/styles', `<style><name>${name}</name><filename>${name}.sld</filename></style>`);
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/styles/${name}`);
    expect(res.contentType).toBe('text/plain');
    expect(res.text).toBe(name);

    const xml = await api.get(`/styles/${name}.xml`);
    expect(xml).toHaveStatus(200);
    expect(xml.contentType).toBe('application/xml');
    expect(normalize(xml.text).text).toBe(styleXml({ name }));
    const json = await api.get(`/styles/${name}.json`);
    expect(json).toHaveStatus(200);
    expect(normalize(json.text).text).toBe(styleJson({ name }));
  });

  it('creates a workspace style record from JSON; GET shows the workspace without a link', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const name = uniqueName('wstyle');
    const res = await api.postJson(`/workspaces/${ws}/styles`, { style: { name, filename: `${name}.sld` } });
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${ws}/styles/${name}`);
    expect(res.text).toBe(name);
    expect(normalize((await api.get(`/workspaces/${ws}/styles/${name}.xml`)).text).text).toBe(styleXml({ name, ws }));
    expect(normalize((await api.get(`/workspaces/${ws}/styles/${name}.json`)).text).text).toBe(styleJson({ name, ws }));
  });

  it('lists only global styles at /styles and only the workspace styles under the workspace', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const wsStyle = uniqueName('only_ws');
    const globalStyle = uniqueName('only_global');
    await createStyle(api, ws, wsStyle);
    await createStyle(api, null, globalStyle);

    const globals = parseJsonList((await api.get('/styles.json')).text, 'styles', 'style');
    expect(globals.map((s) => s.name)).toContain(globalStyle);
    expect(globals.map((s) => s.name)).not.toContain(wsStyle);
    for (const s of globals) expect(s.href).toBe(`${server.restUrl}/styles/${encodeURIComponent(s.name)}.json`);

    const xml = await api.get(`/workspaces/${ws}/styles.xml`);
    expect(xml).toHaveStatus(200);
    expect(xml.text).toBe(
      [
        '<styles>',
        '  <style>',
        `    <name>${wsStyle}</name>`,
        `    ${atomLink(`${server.restUrl}/workspaces/${ws}/styles/${wsStyle}.xml`, 'application/atom+xml')}`,
        '  </style>',
        '</styles>',
      ].join('\n'),
    );
    const json = await api.get(`/workspaces/${ws}/styles.json`);
    expect(json.text).toBe(JSON.stringify({ styles: { style: [{ name: wsStyle, href: `${server.restUrl}/workspaces/${ws}/styles/${wsStyle}.json` }] } }));
  });

  it('answers an empty workspace style list as <styles/> and {"styles":""}', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    const xml = await api.get(`/workspaces/${ws}/styles.xml`);
    expect(xml).toHaveStatus(200);
    expect(xml.text).toBe('<styles/>');
    expect((await api.get(`/workspaces/${ws}/styles.json`)).text).toBe('{"styles":""}');
  });

  it('answers 409 for duplicates, global and in a workspace; allows the same name in two places', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    const name = uniqueName('dup');
    await createStyle(api, null, name);
    expect(await api.postXml('/styles', `<style><name>${name}</name><filename>${name}.sld</filename></style>`)).toBeTextError(
      409,
      `Style named '${name}' already exists`,
    );
    await createStyle(api, ws, name);
    expect(await api.postXml(`/workspaces/${ws}/styles`, `<style><name>${name}</name><filename>${name}.sld</filename></style>`)).toBeTextError(
      409,
      `Style named '${name}' already exists in workspace ${ws}`,
    );
    const other = await freshWorkspace();
    await createStyle(api, other, name);
  });

  it('answers 404 for unknown styles', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    const name = uniqueName('ghost');
    expect(await api.get(`/styles/${name}.xml`)).toBeTextError(404, `No such style: ${name}`);
    expect(await api.get(`/styles/${name}.sld`)).toBeTextError(404, `No such style: ${name}`);
    expect(await api.get(`/workspaces/${ws}/styles/${name}.json`)).toBeTextError(404, `No such style ${name} in workspace ${ws}`);
    expect(await api.put(`/styles/${name}`, sldFixture('valid', 'polygon-simple.sld').bytes, SLD_10)).toBeTextError(404, `No such style: ${name}`);
    expect(await api.put(`/workspaces/${ws}/styles/${name}`, sldFixture('valid', 'polygon-simple.sld').bytes, SLD_10)).toBeTextError(
      404,
      `No such style ${name} in workspace ${ws}`,
    );
    expect(await api.delete(`/styles/${name}`)).toHaveStatus(404);
    // A global style is not found through a workspace, nor a workspace style globally.
    const g = uniqueName('global');
    await createStyle(api, null, g);
    expect(await api.get(`/workspaces/${ws}/styles/${g}.xml`)).toBeTextError(404, `No such style ${g} in workspace ${ws}`);
    const w = uniqueName('local');
    await createStyle(api, ws, w);
    expect(await api.get(`/styles/${w}.xml`)).toBeTextError(404, `No such style: ${w}`);
  });

  it('refuses a style record without a name or with an invalid name (400)', async () => {
    const { api } = ctx;
    expect(await api.postXml('/styles', '<style><filename>x.sld</filename></style>')).toBeTextError(400);
    expect(await api.postXml('/styles', '<style><name>a/b</name><filename>x.sld</filename></style>')).toBeTextError(400);
    expect(await api.postXml('/styles', '<style><name>1abc</name><filename>x.sld</filename></style>')).toBeTextError(400);
  });

  it('deletes a style: 200, record and SLD gone', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    const name = uniqueName('del');
    await createStyle(api, ws, name);
    expect(await api.put(`/workspaces/${ws}/styles/${name}`, sldFixture('valid', 'polygon-simple.sld').bytes, SLD_10)).toHaveStatus(200);
    expect(await api.delete(`/workspaces/${ws}/styles/${name}?purge=true`)).toHaveStatus(200);
    expect(await api.get(`/workspaces/${ws}/styles/${name}.xml`)).toBeTextError(404, `No such style ${name} in workspace ${ws}`);
    expect(await api.get(`/workspaces/${ws}/styles/${name}.sld`)).toHaveStatus(404);
    expect((await api.get(`/workspaces/${ws}/styles.json`)).text).toBe('{"styles":""}');
  });
});

describe('styles: SLD content', () => {
  it('uploads SLD 1.0 with PUT (seed operation 8) and returns the stored bytes exactly', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    const name = uniqueName('roads_style');
    await createStyle(api, ws, name);
    const sld = sldFixture('valid', 'polygon-simple.sld');
    const put = await api.put(`/workspaces/${ws}/styles/${name}`, sld.bytes, SLD_10);
    expect(put).toHaveStatus(200);

    const got = await api.get(`/workspaces/${ws}/styles/${name}.sld`);
    expect(got).toHaveStatus(200);
    expect(got.contentType).toBe(SLD_10);
    expect(got.bytes.equals(sld.bytes)).toBe(true);
    expect(normalize((await api.get(`/workspaces/${ws}/styles/${name}.xml`)).text).text).toBe(styleXml({ name, ws, modified: true }));
  });

  it('uploads SE 1.1 to {s}.sld; the record and the content type say 1.1.0', async () => {
    const { api } = ctx;
    const name = uniqueName('se');
    await createStyle(api, null, name);
    const sld = sldFixture('valid', 'roads.se.sld');
    expect(await api.put(`/styles/${name}.sld`, sld.bytes, SE_11)).toHaveStatus(200);
    const got = await api.get(`/styles/${name}.sld`);
    expect(got).toHaveStatus(200);
    expect(got.contentType).toBe(SE_11);
    expect(got.bytes.equals(sld.bytes)).toBe(true);
    expect(normalize((await api.get(`/styles/${name}.json`)).text).text).toBe(styleJson({ name, version: '1.1.0', modified: true }));
  });

  it('accepts a charset parameter on the SLD content type', async () => {
    const { api } = ctx;
    const name = uniqueName('cs');
    await createStyle(api, null, name);
    const sld = sldFixture('valid', 'point-utf8-crlf.sld');
    expect(await api.put(`/styles/${name}`, sld.bytes, `${SLD_10}; charset=UTF-8`)).toHaveStatus(200);
    expect((await api.get(`/styles/${name}.sld`)).bytes.equals(sld.bytes)).toBe(true);
  });

  it('serves the SLD for Accept: application/vnd.ogc.sld+xml without a suffix, and .sld wins over Accept', async () => {
    const { api } = ctx;
    const name = uniqueName('acc');
    await createStyle(api, null, name);
    const sld = sldFixture('valid', 'line-rules-filter.sld');
    expect(await api.put(`/styles/${name}`, sld.bytes, SLD_10)).toHaveStatus(200);
    const byAccept = await api.get(`/styles/${name}`, { accept: SLD_10 });
    expect(byAccept).toHaveStatus(200);
    expect(byAccept.bytes.equals(sld.bytes)).toBe(true);
    const bySuffix = await api.get(`/styles/${name}.sld`, { accept: 'application/xml' });
    expect(bySuffix).toHaveStatus(200);
    expect(bySuffix.bytes.equals(sld.bytes)).toBe(true);
    // Without a suffix and with Accept */*, the record as JSON.
    const record = await api.get(`/styles/${name}`, { accept: '*/*' });
    expect(record.contentType).toBe('application/json');
    expect(record.json().style.name).toBe(name);
  });

  describe.each(sldFixtures('valid').map((f) => [f.file, f] as const))('valid fixture %s', (_file, fixture) => {
    it('is created in one step by POST ?name= (201, Location) and stored byte for byte', async () => {
      const { api, server } = ctx;
      const ws = await freshWorkspace();
      const name = uniqueName('one');
      const res = await api.post(`/workspaces/${ws}/styles?name=${name}`, fixture.bytes, fixture.mime);
      expect(res).toHaveStatus(201);
      expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${ws}/styles/${name}`);
      expect(res.contentType).toBe('text/plain');
      expect(res.text).toBe(name);
      const got = await api.get(`/workspaces/${ws}/styles/${name}.sld`);
      expect(got).toHaveStatus(200);
      expect(got.contentType).toBe(fixture.mime);
      expect(got.bytes.equals(fixture.bytes)).toBe(true);
      expect(normalize((await api.get(`/workspaces/${ws}/styles/${name}.xml`)).text).text).toBe(styleXml({ name, ws, version: fixture.version }));
    });

    it('is accepted by PUT to an existing global style', async () => {
      const { api } = ctx;
      const name = uniqueName('put');
      await createStyle(api, null, name);
      expect(await api.put(`/styles/${name}`, fixture.bytes, fixture.mime)).toHaveStatus(200);
      expect((await api.get(`/styles/${name}.sld`)).bytes.equals(fixture.bytes)).toBe(true);
    });
  });

  describe.each(sldFixtures('invalid').map((f) => [f.file, f] as const))('invalid fixture %s', (_file, fixture) => {
    it('is refused by PUT with 400 "Invalid style:…" and the stored SLD is unchanged', async () => {
      const { api } = ctx;
      const name = uniqueName('inv');
      await createStyle(api, null, name);
      const good = sldFixture('valid', 'polygon-simple.sld');
      expect(await api.put(`/styles/${name}`, good.bytes, SLD_10)).toHaveStatus(200);
      const res = await api.put(`/styles/${name}`, fixture.bytes, fixture.mime);
      expect(res).toBeTextError(400);
      expect(res.text.startsWith('Invalid style:')).toBe(true);
      expect(res.text.length).toBeGreaterThan('Invalid style:'.length);
      expect(res.text).not.toMatch(/root:.*:0:0/);
      expect((await api.get(`/styles/${name}.sld`)).bytes.equals(good.bytes)).toBe(true);
    });

    it('is refused by a one-step POST with 400 and creates nothing', async () => {
      const { api } = ctx;
      const name = uniqueName('inv');
      const res = await api.post(`/styles?name=${name}`, fixture.bytes, fixture.mime);
      expect(res).toBeTextError(400);
      expect(res.text.startsWith('Invalid style:')).toBe(true);
      expect(await api.get(`/styles/${name}.xml`)).toBeTextError(404, `No such style: ${name}`);
    });

    it('is stored unchecked with ?raw=true', async () => {
      const { api } = ctx;
      const name = uniqueName('raw');
      await createStyle(api, null, name);
      expect(await api.put(`/styles/${name}?raw=true`, fixture.bytes, fixture.mime)).toHaveStatus(200);
      const got = await api.get(`/styles/${name}.sld`);
      expect(got).toHaveStatus(200);
      expect(got.bytes.equals(fixture.bytes)).toBe(true);
    });
  });

  it('answers 409 to a one-step POST of an existing name', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    const name = uniqueName('taken');
    await createStyle(api, ws, name);
    const sld = sldFixture('valid', 'polygon-simple.sld');
    expect(await api.post(`/workspaces/${ws}/styles?name=${name}`, sld.bytes, SLD_10)).toBeTextError(
      409,
      `Style named '${name}' already exists in workspace ${ws}`,
    );
  });

  it('refuses an empty SLD body with 400', async () => {
    const { api } = ctx;
    const name = uniqueName('empty');
    await createStyle(api, null, name);
    expect(await api.put(`/styles/${name}`, Buffer.alloc(0), SLD_10)).toBeTextError(400);
  });
});
