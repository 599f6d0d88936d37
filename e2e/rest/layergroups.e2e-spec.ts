/**
 * Layer groups (contract §10): `/rest/layergroups` and `/rest/workspaces/{ws}/layergroups` in XML
 * and JSON, the quirks real clients send, the rules (no cycle, no name shared with a layer, members
 * and styles in use), and their part in history, revert, dry runs, ETags and events (§7).
 */
import { createStyle, createWorkspace, userWithRole } from '../support/catalog';
import { openEventStream } from '../support/event-stream';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { normalize, uniqueName } from '../support/geoserver';
import { changesOf, summary } from '../support/history';
import { rawRequest } from '../support/http';
import { createSpatialStore, createTable, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();

beforeAll(async () => {
  const { db } = ctx;
  await createTable(db, 'roads', [{ name: 'geom', type: 'geometry(LineString,4326)' }], [["ST_GeomFromText('LINESTRING(-74 40,-73 41)', 4326)"]]);
  await createTable(db, 'sites', [{ name: 'geom', type: 'geometry(Point,4326)' }], [["ST_GeomFromText('POINT(-75 42)', 4326)"]]);
}, 60_000);

/** A fresh workspace with a store publishing `roads` and `sites`, and a workspace style `roads_style`. */
async function catalog(): Promise<string> {
  const { api, db } = ctx;
  const ws = uniqueName('ws');
  await createWorkspace(api, ws);
  await createSpatialStore(api, db, ws, 'gis');
  for (const t of ['roads', 'sites']) expect(await createFeatureType(api, ws, 'gis', seedFeatureTypeXml(t))).toHaveStatus(201);
  await createStyle(api, ws, 'roads_style');
  return ws;
}

/** The union of the layers' native boxes (all in EPSG:4326), as their feature types answer them. */
async function boundsOf(ws: string, tables: string[]): Promise<{ minx: number; maxx: number; miny: number; maxy: number }> {
  const boxes = [];
  for (const t of tables) boxes.push((await ctx.api.get(`/workspaces/${ws}/datastores/gis/featuretypes/${t}.json`)).json().featureType.nativeBoundingBox);
  return {
    minx: Math.min(...boxes.map((x) => x.minx)),
    maxx: Math.max(...boxes.map((x) => x.maxx)),
    miny: Math.min(...boxes.map((x) => x.miny)),
    maxy: Math.max(...boxes.map((x) => x.maxy)),
  };
}

/** Java's Double.toString for the numbers these tests meet. */
function javaDouble(v: number): string {
  return Number.isInteger(v) ? `${v}.0` : String(v);
}

const groupXml = (name: string, members: string[], styles: string[] = [], extra = '') =>
  `<layerGroup><name>${name}</name>${extra}<publishables>${members.map((m) => `<published type="layer">${m}</published>`).join('')}</publishables>` +
  `<styles>${styles.map((s) => `<style>${s}</style>`).join('')}</styles></layerGroup>`;

describe('layer groups: XML and JSON', () => {
  it('creates a global group in XML; GET answers members, styles, bounds and dates in XML and JSON', async () => {
    const { api, server } = ctx;
    const ws = await catalog();
    const name = uniqueName('g');
    const res = await api.postXml('/layergroups', groupXml(name, [`${ws}:roads`, `${ws}:sites`], [`${ws}:roads_style`, ''], '<title>Base map</title>'));
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/layergroups/${name}`);
    expect(res.text).toBe(name);
    const xml = await api.get(`/layergroups/${name}.xml`);
    expect(xml).toHaveStatus(200);
    const r = server.restUrl;
    const b = await boundsOf(ws, ['roads', 'sites']);
    const link = (path: string) => `<atom:link xmlns:atom="http://www.w3.org/2005/Atom" rel="alternate" href="${r}${path}.xml" type="application/xml"/>`;
    expect(normalize(xml.text).text).toBe(
      [
        '<layerGroup>',
        `  <name>${name}</name>`,
        '  <mode>SINGLE</mode>',
        '  <title>Base map</title>',
        '  <publishables>',
        ...['roads', 'sites'].flatMap((l) => [
          '    <published type="layer">',
          `      <name>${ws}:${l}</name>`,
          `      ${link(`/workspaces/${ws}/layers/${l}`)}`,
          '    </published>',
        ]),
        '  </publishables>',
        '  <styles>',
        '    <style>',
        `      <name>${ws}:roads_style</name>`,
        `      ${link(`/workspaces/${ws}/styles/roads_style`)}`,
        '    </style>',
        '    <style></style>',
        '  </styles>',
        '  <bounds>',
        `    <minx>${javaDouble(b.minx)}</minx>`,
        `    <maxx>${javaDouble(b.maxx)}</maxx>`,
        `    <miny>${javaDouble(b.miny)}</miny>`,
        `    <maxy>${javaDouble(b.maxy)}</maxy>`,
        '    <crs>EPSG:4326</crs>',
        '  </bounds>',
        '  <dateCreated>{DATE}</dateCreated>',
        '</layerGroup>',
      ].join('\n'),
    );
    const json = (await api.get(`/layergroups/${name}.json`)).json();
    expect(json.layerGroup).toEqual({
      name,
      mode: 'SINGLE',
      title: 'Base map',
      publishables: {
        published: [
          { '@type': 'layer', name: `${ws}:roads`, href: `${r}/workspaces/${ws}/layers/roads.json` },
          { '@type': 'layer', name: `${ws}:sites`, href: `${r}/workspaces/${ws}/layers/sites.json` },
        ],
      },
      styles: { style: [{ name: `${ws}:roads_style`, href: `${r}/workspaces/${ws}/styles/roads_style.json` }, ''] },
      bounds: { ...b, crs: 'EPSG:4326' },
      dateCreated: expect.any(String),
    });
    const list = (await api.get('/layergroups.json')).json();
    expect(list.layerGroups.layerGroup).toContainEqual({ name, href: `${r}/layergroups/${name}.json` });
  });

  it('creates a workspace group in JSON with a nested group; lists it under its workspace only', async () => {
    const { api, server } = ctx;
    const ws = await catalog();
    const inner = uniqueName('inner');
    expect(
      await api.postJson(`/workspaces/${ws}/layergroups`, { layerGroup: { name: inner, publishables: { published: { '@type': 'layer', name: 'roads' } } } }),
    ).toHaveStatus(201);
    const outer = uniqueName('outer');
    const res = await api.postJson(`/workspaces/${ws}/layergroups`, {
      layerGroup: {
        name: outer,
        mode: 'CONTAINER',
        abstractTxt: 'Everything',
        keywords: { string: ['roads', 'sites'] },
        publishables: {
          published: [
            { '@type': 'layerGroup', name: inner },
            { '@type': 'layer', name: 'sites' },
          ],
        },
        styles: { style: ['', { name: 'point' }] },
      },
    });
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${ws}/layergroups/${outer}`);
    const g = (await api.get(`/workspaces/${ws}/layergroups/${outer}.json`)).json().layerGroup;
    expect(g).toMatchObject({
      mode: 'CONTAINER',
      abstractTxt: 'Everything',
      workspace: { name: ws },
      keywords: { string: ['roads', 'sites'] },
      publishables: {
        published: [
          { '@type': 'layerGroup', name: `${ws}:${inner}`, href: `${server.restUrl}/workspaces/${ws}/layergroups/${inner}.json` },
          { '@type': 'layer', name: `${ws}:sites` },
        ],
      },
      styles: { style: ['', { name: 'point', href: `${server.restUrl}/styles/point.json` }] },
      bounds: await boundsOf(ws, ['roads', 'sites']),
    });
    const names = (await api.get(`/workspaces/${ws}/layergroups.json`)).json().layerGroups.layerGroup.map((i: { name: string }) => i.name);
    expect(names).toEqual([inner, outer].sort());
    expect((await api.get('/layergroups.json')).text).not.toContain(outer);
  });

  it('answers 404 in GeoServer’s words, and a group must have members', async () => {
    const { api } = ctx;
    const ws = await catalog();
    expect(await api.get('/layergroups/nope')).toBeTextError(404, 'No such layer group nope');
    expect(await api.get(`/workspaces/${ws}/layergroups/nope`)).toBeTextError(404, `No such layer group nope in workspace ${ws}`);
    expect(await api.get('/workspaces/nowhere/layergroups')).toBeTextError(404, "No such workspace: 'nowhere' found");
    expect(await api.postXml('/layergroups', `<layerGroup><name>${uniqueName('e')}</name></layerGroup>`)).toBeTextError(400, 'layer group must not be empty');
    expect(await api.postXml('/layergroups', groupXml(uniqueName('e'), [`${ws}:nothing`]))).toBeTextError(404, `No such layer: ${ws}:nothing`);
    expect(await api.postXml('/layergroups', groupXml(uniqueName('e'), [`${ws}:roads`], [], '<mode>SIDEWAYS</mode>'))).toBeTextError(
      400,
      "Invalid layer group mode 'SIDEWAYS'; one of SINGLE, OPAQUE_CONTAINER, NAMED, CONTAINER, EO",
    );
  });
});

describe('layer groups: what real clients send', () => {
  it('takes a lower-case mode, ?name=, title null, a bare workspace string and members without their workspace', async () => {
    const { api, server } = ctx;
    const ws = await catalog();
    const name = uniqueName('q');
    // A workspace group POSTed to the global path, its workspace a plain string in the body.
    const res = await api.postJson(`/layergroups?name=${name}`, {
      layerGroup: { mode: 'named', title: null, workspace: ws, publishables: { published: [{ '@type': 'layer', name: 'roads' }] } },
    });
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${ws}/layergroups/${name}`);
    const g = (await api.get(`/workspaces/${ws}/layergroups/${name}.json`)).json().layerGroup;
    expect(g.mode).toBe('NAMED');
    expect(g.title).toBeUndefined();
    expect(g.publishables.published[0].name).toBe(`${ws}:roads`);
  });

  it('answers through a doubled slash, and reads GeoServer’s older <layers><layer> form', async () => {
    const { server } = ctx;
    const ws = await catalog();
    const name = uniqueName('old');
    const body = `<layerGroup><name>${name}</name><layers><layer>${ws}:roads</layer><layer>${ws}:sites</layer></layers><styles><style>line</style></styles></layerGroup>`;
    const target = new URL(server.restUrl).pathname.replace('/rest', '/rest//layergroups');
    const created = await rawRequest(server.restUrl, { method: 'POST', target, auth: server.admin, body, type: 'application/xml' });
    expect(created).toHaveStatus(201);
    const got = await rawRequest(server.restUrl, { target: `${target}/${name}.json`, auth: server.admin });
    expect(got).toHaveStatus(200);
    expect(got.json().layerGroup.styles.style).toEqual([{ name: 'line', href: `${server.restUrl}/styles/line.json` }, '']);
    expect(got.json().layerGroup.publishables.published).toHaveLength(2);
  });
});

describe('layer groups: rules', () => {
  it('refuses a group that would contain itself, naming the cycle (400), and changes nothing', async () => {
    const { api } = ctx;
    const ws = await catalog();
    const [a, b] = [uniqueName('a'), uniqueName('b')];
    expect(await api.postXml('/layergroups', groupXml(a, [`${ws}:roads`]))).toHaveStatus(201);
    const nested = `<layerGroup><name>${b}</name><publishables><published type="layerGroup">${a}</published></publishables></layerGroup>`;
    expect(await api.postXml('/layergroups', nested)).toHaveStatus(201);
    const loop = `<layerGroup><publishables><published type="layerGroup">${b}</published></publishables></layerGroup>`;
    expect(await api.putXml(`/layergroups/${a}`, loop)).toBeTextError(400, `Layer group ${a} would contain itself: ${a} > ${b} > ${a}`);
    const self = `<layerGroup><publishables><published type="layerGroup">${a}</published></publishables></layerGroup>`;
    expect(await api.putXml(`/layergroups/${a}`, self)).toBeTextError(400, `Layer group ${a} would contain itself: ${a} > ${a}`);
    expect((await api.get(`/layergroups/${a}.json`)).json().layerGroup.publishables.published[0].name).toBe(`${ws}:roads`);
  });

  it('keeps group and layer names apart in a workspace (409 both ways)', async () => {
    const { api } = ctx;
    const ws = await catalog();
    expect(await api.postXml(`/workspaces/${ws}/layergroups`, groupXml('roads', ['sites']))).toBeTextError(409, `A layer named '${ws}:roads' already exists`);
    expect(await api.postXml(`/workspaces/${ws}/layergroups`, groupXml('parks', ['sites']))).toHaveStatus(201);
    await ctx.db.query('CREATE TABLE parks (geom geometry(Point,4326))');
    expect(await api.postXml(`/workspaces/${ws}/datastores/gis/featuretypes`, seedFeatureTypeXml('parks'))).toBeTextError(
      409,
      `Resource named 'parks' already exists in namespace: '${ws}'`,
    );
  });

  it('refuses to change a group’s name or workspace (403)', async () => {
    const { api } = ctx;
    const ws = await catalog();
    const name = uniqueName('n');
    await api.postXml(`/workspaces/${ws}/layergroups`, groupXml(name, ['roads']));
    expect(await api.putXml(`/workspaces/${ws}/layergroups/${name}`, '<layerGroup><name>other</name></layerGroup>')).toBeTextError(
      403,
      "Can't change name of a layer group",
    );
    expect(await api.putXml(`/workspaces/${ws}/layergroups/${name}`, '<layerGroup><workspace>x</workspace></layerGroup>')).toBeTextError(
      403,
      "Can't change the workspace of a layer group, instead DELETE from existing workspace and POST to new workspace",
    );
  });

  it('refuses to delete a layer or a style a group uses, naming the group; recurse lets them go', async () => {
    const { api } = ctx;
    const ws = await catalog();
    const [g, solo] = [uniqueName('g'), uniqueName('solo')];
    await api.postXml('/layergroups', groupXml(g, [`${ws}:roads`, `${ws}:sites`], [`${ws}:roads_style`, '']));
    await api.postXml('/layergroups', groupXml(solo, [`${ws}:roads`]));
    expect(await api.delete(`/layers/${ws}:roads`)).toBeTextError(403, `Unable to delete layer referenced by layer group '${g}', layer group '${solo}'`);
    expect(await api.delete(`/workspaces/${ws}/styles/roads_style`)).toBeTextError(
      403,
      `Can't delete style referenced by existing layers or layer groups: layer group '${g}'.`,
    );
    expect(await api.delete(`/workspaces/${ws}/styles/roads_style?recurse=true`)).toHaveStatus(200);
    expect((await api.get(`/layergroups/${g}.json`)).json().layerGroup.styles.style).toEqual(['', '']);

    const gone = await api.delete(`/layers/${ws}:roads?recurse=true`);
    expect(gone).toHaveStatus(200);
    expect(gone.text).toBe(`Layer group /layergroups/${solo} was left empty and was deleted.`);
    expect(await api.get(`/layergroups/${solo}`)).toHaveStatus(404);
    const left = (await api.get(`/layergroups/${g}.json`)).json().layerGroup;
    expect(left.publishables.published.map((p: { name: string }) => p.name)).toEqual([`${ws}:sites`]);
  });

  it('refuses to delete a group another holds without recurse; a workspace delete takes its groups', async () => {
    const { api } = ctx;
    const ws = await catalog();
    const [inner, outer] = [uniqueName('inner'), uniqueName('outer')];
    await api.postXml(`/workspaces/${ws}/layergroups`, groupXml(inner, ['roads']));
    const nested = `<layerGroup><name>${outer}</name><publishables><published type="layerGroup">${ws}:${inner}</published></publishables></layerGroup>`;
    expect(await api.postXml('/layergroups', nested)).toHaveStatus(201);
    expect(await api.delete(`/workspaces/${ws}/layergroups/${inner}`)).toBeTextError(403, `Unable to delete layer group referenced by layer group '${outer}'`);
    expect(await api.delete(`/workspaces/${ws}`)).toBeTextError(403, 'Workspace not empty');
    const res = await api.delete(`/workspaces/${ws}/layergroups/${inner}?recurse=true`);
    expect(res).toHaveStatus(200);
    expect(res.text).toBe(`Layer group /layergroups/${outer} was left empty and was deleted.`);
    expect(await api.delete(`/workspaces/${ws}?recurse=true`)).toHaveStatus(200);
  });
});

describe('layer groups and a READER', () => {
  it('reads groups but may not create, change or delete one, and nothing changes', async () => {
    const { api } = ctx;
    const ws = await catalog();
    const name = uniqueName('g');
    expect(await api.postXml(`/workspaces/${ws}/layergroups`, groupXml(name, ['roads']))).toHaveStatus(201);
    const before = (await api.get(`/workspaces/${ws}/layergroups/${name}.json`)).json();
    const reader = api.as(await userWithRole(api, 'READER', 'groupreader'));
    expect(await reader.get(`/workspaces/${ws}/layergroups.json`)).toHaveStatus(200);
    expect(await reader.get(`/workspaces/${ws}/layergroups/${name}.json`)).toHaveStatus(200);
    expect(await reader.postXml(`/workspaces/${ws}/layergroups`, groupXml(uniqueName('g'), ['sites']))).toHaveStatus(403);
    expect(await reader.putXml(`/workspaces/${ws}/layergroups/${name}`, '<layerGroup><title>Changed</title></layerGroup>')).toHaveStatus(403);
    expect(await reader.delete(`/workspaces/${ws}/layergroups/${name}`)).toHaveStatus(403);
    expect((await api.get(`/workspaces/${ws}/layergroups/${name}.json`)).json()).toEqual(before);
    expect((await api.get(`/workspaces/${ws}/layergroups.json`)).json().layerGroups.layerGroup).toHaveLength(1);
    expect(await api.delete(`/workspaces/${ws}?recurse=true`)).toHaveStatus(200);
  });
});

describe('layer groups: history, revert, dry runs, ETags and events', () => {
  it('records creates, updates and deletes; a revert of a delete restores members and styles, its revert deletes again', async () => {
    const { api } = ctx;
    const ws = await catalog();
    const name = uniqueName('h');
    const path = `/workspaces/${ws}/layergroups/${name}`;
    await api.postXml(`/workspaces/${ws}/layergroups`, groupXml(name, ['roads', 'sites'], ['roads_style', '']));
    expect(await api.putXml(path, '<layerGroup><title>Roads</title></layerGroup>')).toHaveStatus(200);
    const before = (await api.get(`${path}.json`)).json();
    expect(await api.delete(path)).toHaveStatus(200);
    const changes = await changesOf(api, path);
    expect(summary(changes)).toEqual([`create layerGroup ${path}`, `update layerGroup ${path}`, `delete layerGroup ${path}`]);
    expect(changes[2].before?.layerGroup).toMatchObject({ name, title: 'Roads', styles: { style: [{ name: `${ws}:roads_style` }, ''] } });

    const revert = await api.post(`/changes/${changes[2].seq}/revert`);
    expect(revert).toHaveStatus(200);
    const back = (await api.get(`${path}.json`)).json();
    expect({ ...back.layerGroup, dateModified: undefined }).toEqual({ ...before.layerGroup, dateModified: undefined });
    const [restore] = (await changesOf(api, path)).slice(-1);
    expect(await api.post(`/changes/${restore.seq}/revert`)).toHaveStatus(200);
    expect(await api.get(path)).toHaveStatus(404);
  });

  it('a dry run answers as the write would and stores nothing', async () => {
    const { api, server } = ctx;
    const ws = await catalog();
    const name = uniqueName('dry');
    const res = await api.postXml(`/workspaces/${ws}/layergroups?dryRun=true`, groupXml(name, ['roads']));
    expect(res).toHaveStatus(201);
    expect(res.headers.get('dry-run')).toBe('true');
    expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${ws}/layergroups/${name}`);
    expect(await api.get(`/workspaces/${ws}/layergroups/${name}`)).toHaveStatus(404);
    expect(await changesOf(api, `/workspaces/${ws}/layergroups`)).toEqual([]);
  });

  it('answers an ETag; a stale If-Match is a 412; a member change changes the tag', async () => {
    const { api } = ctx;
    const ws = await catalog();
    const name = uniqueName('tag');
    await api.postXml('/layergroups', groupXml(name, [`${ws}:roads`]));
    const tag = (await api.get(`/layergroups/${name}.json`)).headers.get('etag')!;
    expect(tag).toMatch(/^"[0-9a-z.]+"$/);
    expect((await api.get(`/layergroups/${name}.xml`)).headers.get('etag')).toBe(tag);
    expect(await api.get(`/layergroups/${name}`, { headers: { 'if-none-match': tag } })).toHaveStatus(304);
    const put = (t: string) => api.putXml(`/layergroups/${name}`, groupXml(name, [`${ws}:sites`]), { headers: { 'if-match': t } });
    expect(await put(tag)).toHaveStatus(200);
    const stale = await put(tag);
    expect(stale).toBeTextError(412);
    expect(stale.headers.get('etag')).not.toBe(tag);
    expect(await api.delete(`/layergroups/${name}`, { headers: { 'if-match': tag } })).toBeTextError(412);
  });

  it('sends a live event for each change of a group', async () => {
    const { api, server } = ctx;
    const ws = await catalog();
    const name = uniqueName('ev');
    const stream = await openEventStream(`${server.restUrl}/events`, server.admin);
    try {
      await api.postXml(`/workspaces/${ws}/layergroups`, groupXml(name, ['roads']));
      const event = await stream.waitFor((e) => e.data.includes(`/layergroups/${name}`));
      expect(JSON.parse(event.data)).toMatchObject({ operation: 'create', kind: 'layerGroup', resource: `/workspaces/${ws}/layergroups/${name}` });
    } finally {
      stream.close();
    }
  });
});
