/**
 * Service settings (contract §10): `/rest/settings` (with `proxyBaseUrl`, the base of every link
 * the api writes), `/rest/settings/contact`, a workspace's `/rest/workspaces/{ws}/settings`, the
 * WMS and WFS settings (global and per workspace), `/rest/workspaces/default`, and
 * `/rest/about/status|manifest`; in XML and JSON, READER reads and may not write, bad input is a
 * 400 that changes nothing, and every change is in the history and reverts (§7).
 */
import { createWorkspace, useApiServer, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { changesOf, summary } from '../support/history';
import { describeWithExternalCatalog } from '../support/api-server';
import { importZip, ok, planLines, unzipText } from '../support/data-directory';
import { request } from '../support/http';
import { Pinned, pinToWorkers } from '../support/workers';

const ctx = useApiServer();

/** The server's settings as JSON. */
async function globalSettings(): Promise<Record<string, unknown>> {
  const res = await ctx.api.get('/settings.json');
  expect(res).toHaveStatus(200);
  return res.json().global.settings;
}

/** Puts `proxyBaseUrl` (empty clears it) and checks the answer. */
async function setProxy(url: string): Promise<void> {
  expect(await ctx.api.putJson('/settings', { global: { settings: { proxyBaseUrl: url } } })).toHaveStatus(200);
}

afterEach(async () => {
  await setProxy('');
});

describe('/rest/settings', () => {
  it('answers the server’s settings in GeoServer’s <global><settings> shape, XML and JSON', async () => {
    const xml = await ctx.api.get('/settings.xml');
    expect(xml).toHaveStatus(200);
    expect(xml.contentType).toBe('application/xml');
    expect(xml.text).toMatch(/^<global>\n {2}<settings>\n/);
    expect(xml.text).toContain('    <charset>UTF-8</charset>\n    <numDecimals>8</numDecimals>\n');
    expect(xml.text).toMatch(
      / {2}<\/settings>\n {2}<updateSequence>\d+<\/updateSequence>\n {2}<featureTypeCacheSize>0<\/featureTypeCacheSize>\n {2}<globalServices>true<\/globalServices>\n/,
    );
    const json = (await ctx.api.get('/settings.json')).json();
    expect(Object.keys(json)).toEqual(['global']);
    expect(Object.keys(json.global)).toEqual(['settings', 'updateSequence', 'featureTypeCacheSize', 'globalServices', 'xmlPostRequestLogBufferSize']);
    expect(json.global.settings).toMatchObject({ charset: 'UTF-8', numDecimals: 8, verbose: false, verboseExceptions: false });
    expect(xml.headers.get('etag')).toBeTruthy();
  });

  it('merges a partial PUT (JSON) as geoserver-node-client sends it, and a full PUT (XML) of what GET gave', async () => {
    expect(await ctx.api.putJson('/settings', { global: { settings: { verbose: true, contact: { contactPerson: 'Ada' } } } })).toHaveStatus(200);
    let s = await globalSettings();
    expect(s).toMatchObject({ verbose: true, charset: 'UTF-8', contact: { contactPerson: 'Ada' } });
    // A client that GETs, changes one field and PUTs the whole document back.
    const whole = (await ctx.api.get('/settings.xml')).text.replace('<numDecimals>8</numDecimals>', '<numDecimals>5</numDecimals>');
    expect(await ctx.api.putXml('/settings', whole)).toHaveStatus(200);
    s = await globalSettings();
    expect(s).toMatchObject({ verbose: true, numDecimals: 5, contact: { contactPerson: 'Ada' } });
    expect(await ctx.api.putJson('/settings', { global: { settings: { verbose: false, numDecimals: 8 } } })).toHaveStatus(200);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const before = (await ctx.api.get('/settings.json')).json();
    const bad: Array<[string, string]> = [
      ['{"global":{"settings":{"proxyBaseUrl":"javascript:alert(1)"}}}', 'proxyBaseUrl'],
      ['{"global":{"settings":{"proxyBaseUrl":"https://evil.example/x?y=1"}}}', 'proxyBaseUrl'],
      ['{"global":{"settings":{"numDecimals":"many"}}}', 'numDecimals'],
      ['{"global":{"settings":{"numDecimals":99}}}', 'numDecimals'],
      ['{"global":{"settings":{"verbose":"perhaps"}}}', 'verbose'],
      ['{"settings":{"verbose":true}}', 'global'],
      ['{"global":', ''],
    ];
    for (const [body, field] of bad) {
      const res = await ctx.api.put('/settings', body, 'application/json');
      expect(res).toHaveStatus(400);
      expect(res.text).toContain(field);
    }
    expect((await ctx.api.put('/settings', 'verbose=true', 'text/plain')).status).toBe(415);
    expect((await ctx.api.get('/settings.json')).json()).toEqual(before);
  });

  it('lets a READER read and not write; nobody without credentials', async () => {
    const reader = await userWithRole(ctx.api, 'READER');
    const asReader = ctx.api.as(reader);
    expect(await asReader.get('/settings.json')).toHaveStatus(200);
    expect(await asReader.get('/settings/contact.json')).toHaveStatus(200);
    expect(await asReader.get('/services/wms/settings.json')).toHaveStatus(200);
    const before = await globalSettings();
    expect(await asReader.putJson('/settings', { global: { settings: { proxyBaseUrl: 'https://reader.example' } } })).toHaveStatus(403);
    expect(await asReader.putJson('/settings/contact', { contact: { contactPerson: 'Mallory' } })).toHaveStatus(403);
    expect(await asReader.putXml('/services/wms/settings', '<wms><title>Mine</title></wms>')).toHaveStatus(403);
    expect(await globalSettings()).toEqual(before);
    expect(await ctx.api.as(null).get('/settings.json')).toHaveStatus(401);
  });

  it('answers 405 to POST and DELETE, as GeoServer does', async () => {
    expect((await ctx.api.postJson('/settings', { global: {} })).status).toBe(405);
    expect((await ctx.api.delete('/settings')).status).toBe(405);
  });

  it('takes If-Match: a stale tag is a 412 and changes nothing', async () => {
    const res = await ctx.api.get('/settings.json');
    const tag = res.headers.get('etag')!;
    expect(await ctx.api.putJson('/settings', { global: { settings: { title: 'one' } } }, { headers: { 'if-match': tag } })).toHaveStatus(200);
    const stale = await ctx.api.putJson('/settings', { global: { settings: { title: 'two' } } }, { headers: { 'if-match': tag } });
    expect(stale).toHaveStatus(412);
    expect((await globalSettings()).title).toBe('one');
  });
});

describe('/rest/settings/contact', () => {
  it('reads and changes the contact in XML and JSON; the fields sent replace the stored ones', async () => {
    expect(
      await ctx.api.putXml('/settings/contact', '<contact><contactOrganization>Acme</contactOrganization><addressCity>Alexandria</addressCity></contact>'),
    ).toHaveStatus(200);
    expect(await ctx.api.putJson('/settings/contact', { contact: { contactEmail: 'maps@acme.example' } })).toHaveStatus(200);
    const xml = await ctx.api.get('/settings/contact.xml');
    expect(xml.text).toMatch(
      /^<contact>\n {2}<addressCity>Alexandria<\/addressCity>\n[\s\S]* {2}<contactEmail>maps@acme\.example<\/contactEmail>\n {2}<contactOrganization>Acme<\/contactOrganization>\n/,
    );
    const json = (await ctx.api.get('/settings/contact.json')).json();
    expect(json.contact).toMatchObject({ addressCity: 'Alexandria', contactEmail: 'maps@acme.example', contactOrganization: 'Acme' });
    expect((await globalSettings()).contact).toEqual(json.contact);
  });

  it('refuses a contact rooted elsewhere with a 400', async () => {
    const res = await ctx.api.putXml('/settings/contact', '<settings><contactPerson>x</contactPerson></settings>');
    expect(res).toHaveStatus(400);
  });
});

describe('proxyBaseUrl: every link the api writes starts with it', () => {
  it('is used in REST links and Location, in OGC API links, and dropped when cleared', async () => {
    const ws = uniqueName('ws');
    await setProxy('https://maps.example.org/geoserver/');
    expect((await globalSettings()).proxyBaseUrl).toBe('https://maps.example.org/geoserver');
    const created = await ctx.api.postXml('/workspaces', `<workspace><name>${ws}</name></workspace>`);
    expect(created).toHaveStatus(201);
    expect(created.headers.get('location')).toBe(`https://maps.example.org/geoserver/rest/workspaces/${ws}`);
    const list = (await ctx.api.get('/workspaces.json')).json();
    const entry = list.workspaces.workspace.find((w: { name: string }) => w.name === ws);
    expect(entry.href).toBe(`https://maps.example.org/geoserver/rest/workspaces/${ws}.json`);
    const xml = await ctx.api.get(`/workspaces/${ws}.xml`);
    expect(xml.text).toContain(`href="https://maps.example.org/geoserver/rest/workspaces/${ws}/datastores.xml"`);
    const landing = await request(`${ctx.server.baseUrl}/ogc/features/v1?f=json`, { auth: ctx.server.admin });
    expect(landing).toHaveStatus(200);
    const hrefs: string[] = landing.json().links.map((l: { href: string }) => l.href);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith('https://maps.example.org/geoserver/ogc/features/v1')).toBe(true);

    await setProxy('');
    expect((await globalSettings()).proxyBaseUrl).toBeUndefined();
    const again = (await ctx.api.get('/workspaces.json')).json();
    expect(again.workspaces.workspace.find((w: { name: string }) => w.name === ws).href).toBe(`${ctx.server.restUrl}/workspaces/${ws}.json`);
  });
});

describe('/rest/services/wms/settings and wfs', () => {
  it('answers the global WMS settings in GeoServer’s <wms> shape, XML and JSON', async () => {
    const xml = await ctx.api.get('/services/wms/settings.xml');
    expect(xml).toHaveStatus(200);
    expect(xml.text).toMatch(/^<wms>\n {2}<enabled>true<\/enabled>\n {2}<name>WMS<\/name>\n/);
    expect(xml.text).toContain(
      '  <versions>\n    <org.geotools.util.Version>\n      <version>1.1.1</version>\n    </org.geotools.util.Version>\n    <org.geotools.util.Version>\n      <version>1.3.0</version>\n    </org.geotools.util.Version>\n  </versions>\n',
    );
    expect(xml.text).toMatch(/ {2}<maxRequestMemory>\d+<\/maxRequestMemory>\n {2}<maxRenderingTime>\d+<\/maxRenderingTime>\n/);
    expect(xml.text).not.toContain('maxFeatures');
    const json = (await ctx.api.get('/services/wms/settings.json')).json();
    expect(json.wms.versions).toEqual({ 'org.geotools.util.Version': [{ version: '1.1.1' }, { version: '1.3.0' }] });
    const wfs = (await ctx.api.get('/services/wfs/settings.json')).json();
    expect(wfs.wfs).toMatchObject({ name: 'WFS', enabled: true });
    expect(wfs.wfs.maxRenderingTime).toBeUndefined();
  });

  it('changes title, abstract, keywords, SRS list, limits and enabled (XML and JSON); abstract as GeoServer spells it', async () => {
    const res = await ctx.api.putXml(
      '/services/wms/settings',
      '<wms><title>Acme maps</title><abstrct>All of Acme</abstrct><keywords><string>maps</string><string>acme</string></keywords>' +
        '<srs><string>4326</string><string>EPSG:3857</string></srs><maxRequestMemory>1024</maxRequestMemory><maxRenderingTime>30</maxRenderingTime></wms>',
    );
    expect(res).toHaveStatus(200);
    expect(await ctx.api.putJson('/services/wms/settings', { wms: { enabled: false, maxRenderingErrors: 5 } })).toHaveStatus(200);
    const wms = (await ctx.api.get('/services/wms/settings.json')).json().wms;
    expect(wms).toMatchObject({
      enabled: false,
      title: 'Acme maps',
      abstrct: 'All of Acme',
      keywords: { string: ['maps', 'acme'] },
      srs: { string: ['4326', 'EPSG:3857'] },
      maxRequestMemory: 1024,
      maxRenderingTime: 30,
      maxRenderingErrors: 5,
    });
    expect(await ctx.api.putJson('/services/wms/settings', { wms: { enabled: true } })).toHaveStatus(200);
    expect(await ctx.api.putJson('/services/wfs/settings', { wfs: { title: 'Acme features', maxFeatures: 500 } })).toHaveStatus(200);
    expect((await ctx.api.get('/services/wfs/settings.json')).json().wfs).toMatchObject({ title: 'Acme features', maxFeatures: 500 });
  });

  it('refuses a bad SRS, a negative limit, an unknown interpolation or a body of the other service with a 400, and changes nothing', async () => {
    const before = (await ctx.api.get('/services/wms/settings.json')).json();
    for (const body of [
      '<wms><srs><string>bogus</string></srs></wms>',
      '<wms><maxRenderingTime>-1</maxRenderingTime></wms>',
      '<wms><maxRequestMemory>9999999999</maxRequestMemory></wms>',
      '<wms><interpolation>Sharpest</interpolation></wms>',
      '<wfs><title>x</title></wfs>',
    ]) {
      expect(await ctx.api.putXml('/services/wms/settings', body)).toHaveStatus(400);
    }
    expect((await ctx.api.get('/services/wms/settings.json')).json()).toEqual(before);
    expect((await ctx.api.get('/services/wcs/settings.json')).status).toBe(404);
  });

  it('keeps a workspace’s own settings beside the global ones; deleting them leaves the global ones', async () => {
    const ws = uniqueName('ws');
    await createWorkspace(ctx.api, ws);
    expect(await ctx.api.get(`/services/wms/workspaces/${ws}/settings.json`)).toHaveStatus(404);
    const created = await ctx.api.postXml(`/services/wms/workspaces/${ws}/settings`, '<wms><title>Local maps</title><srs><string>2154</string></srs></wms>');
    expect(created).toHaveStatus(201);
    expect(created.headers.get('location')).toBe(`${ctx.server.restUrl}/services/wms/workspaces/${ws}/settings`);
    expect(await ctx.api.postXml(`/services/wms/workspaces/${ws}/settings`, '<wms><title>Again</title></wms>')).toHaveStatus(409);
    const xml = await ctx.api.get(`/services/wms/workspaces/${ws}/settings.xml`);
    expect(xml.text).toMatch(new RegExp(`^<wms>\\n {2}<workspace>\\n {4}<name>${ws}</name>\\n {2}</workspace>\\n {2}<enabled>true</enabled>\\n`));
    expect(await ctx.api.putJson(`/services/wms/workspaces/${ws}/settings`, { wms: { maxRenderingTime: 7 } })).toHaveStatus(200);
    expect((await ctx.api.get(`/services/wms/workspaces/${ws}/settings.json`)).json().wms).toMatchObject({ title: 'Local maps', maxRenderingTime: 7 });
    expect((await ctx.api.get('/services/wms/settings.json')).json().wms.title).not.toBe('Local maps');
    expect(await ctx.api.delete(`/services/wms/workspaces/${ws}/settings`)).toHaveStatus(200);
    expect(await ctx.api.get(`/services/wms/workspaces/${ws}/settings.json`)).toHaveStatus(404);
    expect(await ctx.api.get(`/services/wms/workspaces/${uniqueName('none')}/settings.json`)).toHaveStatus(404);
  });

  it('keeps a workspace’s settings (contact) at /rest/workspaces/{ws}/settings; they go with the workspace', async () => {
    const ws = uniqueName('ws');
    await createWorkspace(ctx.api, ws);
    expect(await ctx.api.get(`/workspaces/${ws}/settings.json`)).toHaveStatus(404);
    expect(
      await ctx.api.putXml(`/workspaces/${ws}/settings`, '<settings><title>Acme</title><contact><contactPerson>Bob</contactPerson></contact></settings>'),
    ).toHaveStatus(200);
    const json = (await ctx.api.get(`/workspaces/${ws}/settings.json`)).json();
    expect(json.settings).toMatchObject({ workspace: { name: ws }, title: 'Acme', contact: { contactPerson: 'Bob' }, charset: 'UTF-8' });
    expect(await ctx.api.delete(`/workspaces/${ws}?recurse=true`)).toHaveStatus(200);
    expect(summary(await changesOf(ctx.api, `/workspaces/${ws}/settings`))).toEqual([
      `create settings /workspaces/${ws}/settings`,
      `delete settings /workspaces/${ws}/settings`,
    ]);
  });
});

describe('history', () => {
  it('records a settings change with before and after, and its revert restores them (links follow)', async () => {
    await setProxy('https://one.example/gs');
    const [change] = (await changesOf(ctx.api, '/settings')).slice(-1);
    expect(change).toMatchObject({ operation: 'update', kind: 'settings', resource: '/settings', user: 'admin' });
    expect((change.before as { global: { settings: Record<string, unknown> } }).global.settings.proxyBaseUrl).toBeUndefined();
    expect((change.after as { global: { settings: Record<string, unknown> } }).global.settings.proxyBaseUrl).toBe('https://one.example/gs');
    await setProxy('https://two.example/gs');
    const [second] = (await changesOf(ctx.api, '/settings')).slice(-1);
    expect(await ctx.api.post(`/changes/${second.seq}/revert`)).toHaveStatus(200);
    expect((await globalSettings()).proxyBaseUrl).toBe('https://one.example/gs');
    expect((await ctx.api.get('/workspaces.json')).json().workspaces).toBeDefined();
    const created = await ctx.api.postXml('/workspaces', `<workspace><name>${uniqueName('ws')}</name></workspace>`);
    expect(created.headers.get('location')).toMatch(/^https:\/\/one\.example\/gs\/rest\/workspaces\//);
  });

  it('records WMS settings changes under /services/wms/settings and reverts them', async () => {
    expect(await ctx.api.putXml('/services/wms/settings', '<wms><title>Before</title></wms>')).toHaveStatus(200);
    expect(await ctx.api.putXml('/services/wms/settings', '<wms><title>After</title></wms>')).toHaveStatus(200);
    const [change] = (await changesOf(ctx.api, '/services/wms/settings')).slice(-1);
    expect(change).toMatchObject({ operation: 'update', kind: 'serviceSettings', resource: '/services/wms/settings' });
    expect((change.before as { wms: { title: string } }).wms.title).toBe('Before');
    expect((change.after as { wms: { title: string } }).wms.title).toBe('After');
    expect(await ctx.api.post(`/changes/${change.seq}/revert`)).toHaveStatus(200);
    expect((await ctx.api.get('/services/wms/settings.json')).json().wms.title).toBe('Before');
  });

  it('records nothing for a dry run', async () => {
    const before = (await changesOf(ctx.api, '/settings')).length;
    const res = await ctx.api.putJson('/settings?dryRun=true', { global: { settings: { title: 'dry' } } });
    expect(res).toHaveStatus(200);
    expect(res.headers.get('dry-run')).toBe('true');
    expect((await globalSettings()).title).not.toBe('dry');
    expect((await changesOf(ctx.api, '/settings')).length).toBe(before);
  });
});

describe('data directory: global.xml, wms.xml, wfs.xml and a workspace’s settings.xml and wms.xml', () => {
  it('exports them as GeoServer writes them and imports them back: update, then unchanged', async () => {
    const ws = uniqueName('ws');
    await createWorkspace(ctx.api, ws);
    expect(
      await ctx.api.putJson('/settings', { global: { settings: { proxyBaseUrl: 'https://maps.example.org/geoserver', contact: { contactPerson: 'Ada' } } } }),
    ).toHaveStatus(200);
    expect(
      await ctx.api.putXml('/services/wms/settings', '<wms><title>Exported maps</title><srs><string>4326</string><string>3857</string></srs></wms>'),
    ).toHaveStatus(200);
    expect(await ctx.api.putXml(`/workspaces/${ws}/settings`, '<settings><title>Local</title></settings>')).toHaveStatus(200);
    expect(
      await ctx.api.putXml(`/services/wms/workspaces/${ws}/settings`, '<wms><title>Local maps</title><maxRenderingTime>9</maxRenderingTime></wms>'),
    ).toHaveStatus(200);

    const zip = ok(await ctx.api.get('/catalog/export')).bytes;
    const files = unzipText(zip);
    const global = files.get('global.xml')!;
    expect(global).toMatch(/^<global>\n {2}<settings>\n {4}<id>SettingsInfoImpl-[0-9a-f-]+<\/id>\n/);
    expect(global).toMatch(/\n {4}<contact>\n(?: {6}<\w+>[^<]*<\/\w+>\n)*? {6}<contactPerson>Ada<\/contactPerson>\n/);
    expect(global).toContain('    <proxyBaseUrl>https://maps.example.org/geoserver</proxyBaseUrl>\n');
    expect(global).toMatch(/ {2}<\/settings>\n {2}<featureTypeCacheSize>0<\/featureTypeCacheSize>\n/);
    expect(files.get('wms.xml')).toMatch(
      /^<wms>\n {2}<id>WMSInfoImpl-[0-9a-f-]+<\/id>\n {2}<enabled>true<\/enabled>\n {2}<name>WMS<\/name>\n {2}<title>Exported maps<\/title>\n/,
    );
    expect(files.get('wms.xml')).toContain('  <srs>\n    <string>4326</string>\n    <string>3857</string>\n  </srs>\n');
    expect(files.get('wfs.xml')).toMatch(/^<wfs>\n {2}<id>WFSInfoImpl-/);
    const wsId = /<id>([^<]+)<\/id>/.exec(files.get(`workspaces/${ws}/workspace.xml`)!)![1];
    expect(files.get(`workspaces/${ws}/settings.xml`)).toMatch(
      new RegExp(
        `^<settings>\\n {2}<id>SettingsInfoImpl-[0-9a-f-]+</id>\\n {2}<workspace>\\n {4}<id>${wsId}</id>\\n {2}</workspace>\\n {2}<title>Local</title>\\n`,
      ),
    );
    expect(files.get(`workspaces/${ws}/wms.xml`)).toMatch(new RegExp(`^<wms>\\n {2}<id>WMSInfoImpl-[0-9a-f-]+</id>\\n {2}<workspace>\\n {4}<id>${wsId}</id>`));

    // Changed since the export: the import puts them back, each an update naming what changes.
    await setProxy('');
    expect(await ctx.api.putXml('/services/wms/settings', '<wms><title>Changed</title></wms>')).toHaveStatus(200);
    expect(await ctx.api.delete(`/services/wms/workspaces/${ws}/settings`)).toHaveStatus(200);
    const res = ok(await importZip(ctx.api, zip));
    expect(planLines(res)).toEqual(
      expect.arrayContaining([
        'update settings /settings',
        'update serviceSettings /services/wms/settings',
        'unchanged serviceSettings /services/wfs/settings',
        `unchanged settings /workspaces/${ws}/settings`,
        `create serviceSettings /services/wms/workspaces/${ws}/settings`,
      ]),
    );
    expect((await globalSettings()).proxyBaseUrl).toBe('https://maps.example.org/geoserver');
    expect((await ctx.api.get('/services/wms/settings.json')).json().wms.title).toBe('Exported maps');
    expect((await ctx.api.get(`/services/wms/workspaces/${ws}/settings.json`)).json().wms).toMatchObject({ title: 'Local maps', maxRenderingTime: 9 });
    // Links follow the imported proxyBaseUrl at once.
    expect((await ctx.api.get('/workspaces.json')).json().workspaces.workspace[0].href).toMatch(/^https:\/\/maps\.example\.org\/geoserver\/rest\//);
    const again = ok(await importZip(ctx.api, zip));
    expect(planLines(again).filter((l) => / (settings|serviceSettings) /.test(l) && !l.startsWith('unchanged '))).toEqual([]);
  });
});

describe('/rest/workspaces/default', () => {
  it('reads and sets the default workspace', async () => {
    const a = uniqueName('ws');
    const b = uniqueName('ws');
    await createWorkspace(ctx.api, a);
    await createWorkspace(ctx.api, b);
    expect(await ctx.api.putXml('/workspaces/default', `<workspace><name>${b}</name></workspace>`)).toHaveStatus(200);
    expect((await ctx.api.get('/workspaces/default.json')).json().workspace.name).toBe(b);
    expect(await ctx.api.putJson('/workspaces/default', { workspace: { name: a } })).toHaveStatus(200);
    expect((await ctx.api.get('/workspaces/default.xml')).text).toContain(`<name>${a}</name>`);
  });
});

describe('/rest/about/status and /rest/about/manifest', () => {
  it('answers the modules as <statuss><status>, XML and JSON', async () => {
    const xml = await ctx.api.get('/about/status.xml');
    expect(xml).toHaveStatus(200);
    expect(xml.text).toMatch(/^<statuss>\n {2}<status>\n {4}<module>gs-main<\/module>\n/);
    const json = (await ctx.api.get('/about/status.json')).json();
    const modules = json.statuss.status.map((s: { module: string }) => s.module);
    expect(modules).toEqual(expect.arrayContaining(['gs-main', 'gs-restconfig', 'gs-wms', 'catalog-database']));
    const database = json.statuss.status.find((s: { module: string }) => s.module === 'catalog-database');
    expect(database).toMatchObject({ isEnabled: true, isAvailable: true });
  });

  it('answers the manifest, filtered by ?manifest=; a bad pattern is a 400', async () => {
    const all = (await ctx.api.get('/about/manifest.json')).json();
    expect(all.about.resource.map((r: { '@name': string }) => r['@name'])).toEqual(['geocatalog', 'GeoServer']);
    const some = (await ctx.api.get('/about/manifest.json?manifest=Geo.*')).json();
    expect(some.about.resource.map((r: { '@name': string }) => r['@name'])).toEqual(['GeoServer']);
    expect((await ctx.api.get('/about/manifest.xml')).text).toMatch(/^<about>\n {2}<resource name="geocatalog">/);
    expect(await ctx.api.get('/about/manifest.json?manifest=(')).toHaveStatus(400);
  });
});

describeWithExternalCatalog('proxyBaseUrl on two workers of one api', () => {
  const two = useApiServer({ workers: 2 });

  it('a change through one worker is what the other writes links with, from its next request on', async () => {
    const { api, server } = two;
    const ws = uniqueName('ws');
    await createWorkspace(api, ws);
    // The second worker may still be starting: a few rounds of connections until both answered.
    let lines: Pinned[] = [];
    for (let round = 0; lines.length < 2; round++) {
      lines = await pinToWorkers(`${server.baseUrl}/health/live`, 2).catch((err) => {
        if (round >= 4) throw new Error(`${(err as Error).message}\n${server.output()}`);
        return [];
      });
    }
    const [a, b] = lines;
    try {
      const hrefOn = async (line: Pinned) => {
        const res = await line.request(`${server.restUrl}/workspaces.json`, { auth: server.admin });
        return res.json().workspaces.workspace.find((w: { name: string }) => w.name === ws).href as string;
      };
      // Both workers have read (and cached) the setting before it changes.
      expect(await hrefOn(a)).toBe(`${server.restUrl}/workspaces/${ws}.json`);
      expect(await hrefOn(b)).toBe(`${server.restUrl}/workspaces/${ws}.json`);
      for (const [writer, reader, base] of [
        [a, b, 'https://a.example/gs'],
        [b, a, 'https://b.example/gs'],
        [a, b, ''],
      ] as Array<[Pinned, Pinned, string]>) {
        const put = await writer.request(`${server.restUrl}/settings`, {
          method: 'PUT',
          auth: server.admin,
          type: 'application/json',
          body: JSON.stringify({ global: { settings: { proxyBaseUrl: base } } }),
        });
        expect(put).toHaveStatus(200);
        expect(await hrefOn(reader)).toBe(`${base || server.baseUrl}/rest/workspaces/${ws}.json`);
      }
    } finally {
      a.close();
      b.close();
    }
  });
});
