/**
 * Reverts record what they do (issue 21, row 12; contract §7): a reverted update is an `update`
 * with its before and after, so reverting that revert restores the later state instead of deleting
 * the record; a revert of a re-creation deletes only what it created. A revert that cannot apply
 * answers 409 `REVERT_BLOCKED` naming the record in the way — whatever `force` says — and one
 * refused only because a record changed since answers 409 `CHANGED_SINCE`, which `force` overrides:
 * the console offers "Revert anyway" for that code alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStyle, createWorkspace } from '../support/catalog';
import { createFeatureType, featureTypesPath } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { Change, changesOf, summary } from '../support/history';
import { HttpResponse, RestClient, SLD_10 } from '../support/http';
import { createSpatialStore, createStatesTable, tableSuffix, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();
const table = `hrev_${tableSuffix()}`;
const SLD = readFileSync(join(__dirname, '..', 'fixtures', 'sld', 'valid', 'polygon-simple.sld'));
const PROBLEM = { accept: 'application/problem+json' };

beforeAll(async () => {
  await createStatesTable(ctx.db, table);
});

function ok(res: HttpResponse, status = 200): HttpResponse {
  expect(res).toHaveStatus(status);
  return res;
}

/** The newest change under a resource. */
async function newest(api: RestClient, resource: string): Promise<Change> {
  const all = await changesOf(api, resource);
  return all[all.length - 1];
}

/** Reverts change `seq`, asserting 200; returns the changes the revert made (its own request). */
async function revert(api: RestClient, seq: number, under: string): Promise<Change[]> {
  ok(await api.post(`/changes/${seq}/revert`));
  const all = await changesOf(api, under);
  const last = all[all.length - 1];
  return all.filter((c) => c.request === last.request);
}

/** A 409 as problem+json: its code and sentence. */
async function refusal(api: RestClient, seq: number, force = false): Promise<{ code: string; detail: string }> {
  const res = await api.post(`/changes/${seq}/revert${force ? '?force=true' : ''}`, undefined, undefined, PROBLEM);
  expect(res).toHaveStatus(409);
  expect(res.contentType).toBe('application/problem+json');
  const { code, detail } = res.json() as { code: string; detail: string };
  expect(detail).not.toMatch(/violates|constraint|SQL|relation/i);
  return { code, detail };
}

/** A workspace with a spatial store and the table published as a layer. */
async function publishedLayer(api: RestClient): Promise<{ ws: string; layer: string; ft: string }> {
  const ws = uniqueName('hrev');
  await createWorkspace(api, ws);
  await createSpatialStore(api, ctx.db, ws, 'st');
  ok(await createFeatureType(api, ws, 'st', `<featureType><name>${table}</name></featureType>`), 201);
  return { ws, layer: `/layers/${ws}:${table}`, ft: `${featureTypesPath(ws, 'st')}/${table}` };
}

describe('revert records what it does', () => {
  it('a reverted update is an update with before and after; reverting it restores the later state and keeps the layer and feature type', async () => {
    const { api } = ctx;
    const { ws, layer, ft } = await publishedLayer(api);
    const resource = `/workspaces/${ws}/layers/${table}`;
    const original = (await api.get(`${layer}.json`)).json();
    ok(await api.putJson(layer, { layer: { queryable: false, opaque: true } }));
    ok(await api.putJson(ft, { featureType: { title: 'Later title' } }));
    const later = { layer: (await api.get(`${layer}.json`)).json(), ft: (await api.get(`${ft}.json`)).json() };
    const [layerUpdate] = (await changesOf(api, resource)).filter((c) => c.operation === 'update');
    const ftUpdate = await newest(api, ft);

    // Undo the feature type's title, then the layer's update: each recorded as the update it is.
    const [titleBack] = await revert(api, ftUpdate.seq, ft);
    expect(summary([titleBack])).toEqual([`update featureType ${ft}`]);
    expect(titleBack.before!.featureType.title).toBe('Later title');
    const undo = await revert(api, layerUpdate.seq, resource);
    expect(summary(undo)).toEqual([`update layer ${resource}`]);
    expect(undo[0].before).toEqual(later.layer);
    expect(undo[0].after).toEqual(original);
    expect((await api.get(`${layer}.json`)).json()).toEqual(original);

    // The redo: the later state is back, and nothing was deleted.
    const redo = await revert(api, undo[0].seq, resource);
    expect(summary(redo)).toEqual([`update layer ${resource}`]);
    expect((await api.get(`${layer}.json`)).json()).toEqual(later.layer);
    ok(await api.get(`${ft}.json`));
    const [titleAgain] = await revert(api, titleBack.seq, ft);
    expect(titleAgain.operation).toBe('update');
    expect((await api.get(`${ft}.json`)).json()).toEqual(later.ft);
  });

  it('reverting the revert of a delete deletes only what that revert re-created', async () => {
    const { api } = ctx;
    const { ws, layer, ft } = await publishedLayer(api);
    ok(await api.delete(`/workspaces/${ws}?recurse=true`));
    const deleted = await newest(api, `/workspaces/${ws}`);
    const back = await revert(api, deleted.seq, `/workspaces/${ws}`);
    expect(new Set(back.map((c) => `${c.operation} ${c.kind}`))).toEqual(
      new Set(['create workspace', 'create dataStore', 'create featureType', 'create layer']),
    );
    ok(await api.get(`${layer}.json`));

    // Undoing that re-creation deletes what it created, children first, and nothing else.
    const again = await revert(api, back[0].seq, `/workspaces/${ws}`);
    expect(new Set(again.map((c) => `${c.operation} ${c.kind}`))).toEqual(
      new Set(['delete workspace', 'delete dataStore', 'delete featureType', 'delete layer']),
    );
    expect((await api.get(`/workspaces/${ws}.json`)).status).toBe(404);

    // With a record added since, the same undo would take it along: refused, naming it, forced or not.
    const recreated = await revert(api, again[0].seq, `/workspaces/${ws}`);
    await createStyle(api, ws, 'added');
    for (const force of [false, true]) {
      const { code, detail } = await refusal(api, recreated[0].seq, force);
      expect(code).toBe('REVERT_BLOCKED');
      expect(detail).toContain(`/workspaces/${ws}/styles/added depends on /workspaces/${ws}`);
    }
    ok(await api.get(`${layer}.json`));
    ok(await api.get(`${ft}.json`));
  });
});

describe('a revert that cannot apply is a 409 naming the record in the way', () => {
  it('a style in use: the redo of its SLD succeeds; undoing its re-creation is refused, naming the layer', async () => {
    const { api } = ctx;
    const { ws, layer } = await publishedLayer(api);
    const style = `/workspaces/${ws}/styles/dots`;
    await createStyle(api, ws, 'dots');
    ok(await api.put(style, SLD, SLD_10));
    ok(await api.putJson(layer, { layer: { defaultStyle: { name: 'dots', workspace: ws } } }));
    const edited = Buffer.from(SLD.toString('utf8').replace('</StyledLayerDescriptor>', '<!-- later -->\n</StyledLayerDescriptor>'));
    ok(await api.put(style, edited, SLD_10));
    const undo = await revert(api, (await newest(api, style)).seq, style);
    expect(summary(undo)).toEqual([`update style ${style}`]);
    expect((await api.get(`${style}.sld`)).bytes.equals(SLD)).toBe(true);
    const redo = await revert(api, undo[0].seq, style);
    expect(summary(redo)).toEqual([`update style ${style}`]);
    expect((await api.get(`${style}.sld`)).bytes.equals(edited)).toBe(true);

    // A style deleted, brought back, then used: undoing its return would take it from the layer.
    await createStyle(api, ws, 'spare');
    ok(await api.delete(`/workspaces/${ws}/styles/spare`));
    const [returned] = await revert(api, (await newest(api, `/workspaces/${ws}/styles/spare`)).seq, `/workspaces/${ws}/styles/spare`);
    expect(returned.operation).toBe('create');
    ok(await api.putJson(layer, { layer: { defaultStyle: { name: 'spare', workspace: ws } } }));
    for (const force of [false, true]) {
      const { code, detail } = await refusal(api, returned.seq, force);
      expect(code).toBe('REVERT_BLOCKED');
      expect(detail).toBe(
        `Cannot revert change ${returned.seq}: /workspaces/${ws}/layers/${table} depends on /workspaces/${ws}/styles/spare, which the revert would delete.`,
      );
    }
    ok(await api.get(`/workspaces/${ws}/styles/spare.json`));
  });

  it('a record deleted since, a parent gone, a name taken: refused with REVERT_BLOCKED, and force does not help', async () => {
    const { api } = ctx;
    const ws = uniqueName('hrevgone');
    await createWorkspace(api, ws);
    // Updated, then deleted: the update cannot be undone.
    await createStyle(api, ws, 'a');
    ok(await api.putJson(`/workspaces/${ws}/styles/a`, { style: { filename: 'changed.sld' } }));
    const update = await newest(api, `/workspaces/${ws}/styles/a`);
    ok(await api.delete(`/workspaces/${ws}/styles/a`));
    const deletedSince = await refusal(api, update.seq, true);
    expect(deletedSince.code).toBe('REVERT_BLOCKED');
    expect(deletedSince.detail).toContain(`/workspaces/${ws}/styles/a was deleted after it`);
    expect(await refusal(api, update.seq)).toEqual(deletedSince);

    // Deleted, then another record took its name.
    await createStyle(api, ws, 'b');
    ok(await api.delete(`/workspaces/${ws}/styles/b`));
    const bGone = await newest(api, `/workspaces/${ws}/styles/b`);
    await createStyle(api, ws, 'b');
    const taken = await refusal(api, bGone.seq, true);
    expect(taken).toEqual({
      code: 'REVERT_BLOCKED',
      detail: `Cannot revert change ${bGone.seq}: /workspaces/${ws}/styles/b cannot come back: /workspaces/${ws}/styles/b has its name now.`,
    });

    // Deleted, then its workspace went too: it cannot come back into nothing.
    await createStyle(api, ws, 'c');
    ok(await api.delete(`/workspaces/${ws}/styles/c`));
    const cGone = await newest(api, `/workspaces/${ws}/styles/c`);
    ok(await api.delete(`/workspaces/${ws}?recurse=true`));
    const wsGone = (await changesOf(api, `/workspaces/${ws}`)).find((c) => c.kind === 'workspace' && c.operation === 'delete')!;
    const orphan = await refusal(api, cGone.seq, true);
    expect(orphan.code).toBe('REVERT_BLOCKED');
    expect(orphan.detail).toContain(`/workspaces/${ws}/styles/c needs /workspaces/${ws}, which is gone (change ${wsGone.seq})`);
    expect((await api.get(`/workspaces/${ws}.json`)).status).toBe(404);
  });

  it('no enabled administrator left is CONFLICT, forced or not', async () => {
    const { api } = ctx;
    // Undoing the bootstrap admin's creation would leave no administrator: no force can make that right.
    const [adminCreated] = await changesOf(api, `/security/usergroup/user/${ctx.server.admin.user}`);
    expect(adminCreated.operation).toBe('create');
    const res = await api.post(`/changes/${adminCreated.seq}/revert?force=true`, undefined, undefined, PROBLEM);
    expect(res).toHaveStatus(409);
    expect(res.json().code).toBe('CONFLICT');
    ok(await api.get('/workspaces.json'));
  });
});
