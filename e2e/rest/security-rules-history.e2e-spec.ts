/**
 * The data rules on the history, the event stream and the data-directory export (contract §6, §7,
 * §8, §12): callers (ADMIN, a workspace administrator, a role granted read on one workspace,
 * READER, anonymous) × a public, a restricted and a hidden workspace's records × history list,
 * one change, revert, events and export × catalog mode HIDE and CHALLENGE. Each cell's status is
 * asserted, and no history page or event shows a change of a record its caller may not read.
 * One api process, one catalog built once.
 */
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { changeOf, openEventStream, type EventStream, type ServerEvent } from '../support/event-stream';
import { createUser, grantRole, createWorkspace } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import type { Credentials, RestClient } from '../support/http';
import { createSpatialStore, createStatesTable, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
}, 60_000);

type Caller = 'admin' | 'wsAdmin' | 'toppReader' | 'reader' | 'anonymous';
type Place = 'public' | 'restricted' | 'hidden';
const SIGNED_IN: Exclude<Caller, 'anonymous'>[] = ['admin', 'wsAdmin', 'toppReader', 'reader'];
const PLACES: Place[] = ['public', 'restricted', 'hidden'];

/** Who reads what, by the rules made below: `restricted.*.r=TOPP`, `restricted.*.a=EDITOR`, `hidden.*.r=NOBODY`. */
const READS: Record<Caller, Record<Place, boolean>> = {
  admin: { public: true, restricted: true, hidden: true },
  wsAdmin: { public: true, restricted: true, hidden: false },
  toppReader: { public: true, restricted: true, hidden: false },
  reader: { public: true, restricted: false, hidden: false },
  anonymous: { public: false, restricted: false, hidden: false },
};
/** Whose history holds what: ADMIN all, the workspace administrator its workspace's; others have none (403). */
const HISTORY: Record<Caller, Record<Place, boolean> | null> = {
  admin: { public: true, restricted: true, hidden: true },
  wsAdmin: { public: false, restricted: true, hidden: false },
  toppReader: null,
  reader: null,
  anonymous: null,
};

interface Change {
  seq: number;
  kind: string;
  resource: string;
  user?: string;
}

/** The changes the history (`/changes`) answers `client` after `since`, all pages. */
async function history(client: RestClient, since: number): Promise<{ status: number; changes: Change[] }> {
  const changes: Change[] = [];
  let url = `/changes.json?since=${since}&limit=50`;
  for (;;) {
    const res = await client.get(url);
    if (res.status !== 200) return { status: res.status, changes };
    const page = res.json().changes as { change: Change[]; next?: string };
    changes.push(...page.change);
    if (!page.next) return { status: 200, changes };
    url = page.next.slice(page.next.indexOf('/changes.json'));
  }
}

/** The refusal of a change its caller may not see, in a catalog mode. */
function hiddenStatus(mode: 'HIDE' | 'CHALLENGE'): number {
  return mode === 'HIDE' ? 404 : 403;
}

describe('the data rules on history, events and export', () => {
  it('shows each caller only the changes of what it may read, answers each cell as the rules say', async () => {
    const { api, db, server } = ctx;
    const suffix = uniqueName('h').replace(/-/g, '_');
    const ws: Record<Place, string> = { public: `hpub_${suffix}`, restricted: `hres_${suffix}`, hidden: `hhid_${suffix}` };
    for (const place of PLACES) {
      await createWorkspace(api, ws[place]);
      await createSpatialStore(api, db, ws[place], 'gis');
      expect(await createFeatureType(api, ws[place], 'gis', seedFeatureTypeXml('states', 'states', 'US States'))).toHaveStatus(201);
    }
    const editor = `EDITOR_${suffix}`.toUpperCase();
    const topp = `TOPP_${suffix}`.toUpperCase();
    for (const role of [editor, topp]) expect(await api.post(`/security/roles/role/${role}`)).toHaveStatus(201);
    expect(
      await api.postJson('/security/acl/layers', { [`${ws.restricted}.*.r`]: topp, [`${ws.restricted}.*.a`]: editor, [`${ws.hidden}.*.r`]: 'NOBODY' }),
    ).toHaveStatus(200);
    const creds: Partial<Record<Caller, Credentials>> = {};
    for (const [caller, role] of [
      ['wsAdmin', editor],
      ['toppReader', topp],
      ['reader', 'READER'],
    ] as const) {
      creds[caller] = { user: uniqueName('hx'), password: 'pw-History-1' };
      await createUser(api, creds[caller].user, creds[caller].password);
      await grantRole(api, role, creds[caller].user);
    }
    const clients: Record<Caller, RestClient> = {
      admin: api,
      wsAdmin: api.as(creds.wsAdmin!),
      toppReader: api.as(creds.toppReader!),
      reader: api.as(creds.reader!),
      anonymous: api.as(null),
    };

    // Streams open before the changes; a custom role's user may watch too (contract §7).
    const streams = {} as Record<Exclude<Caller, 'anonymous'>, EventStream>;
    for (const caller of SIGNED_IN) {
      const stream = await openEventStream(`${server.restUrl}/events`, caller === 'admin' ? server.admin : creds[caller]!);
      expect([caller, stream.status]).toEqual([caller, 200]);
      streams[caller] = stream;
    }
    expect((await openEventStream(`${server.restUrl}/events`, null)).status).toBe(401);
    try {
      const since = Number((await api.get('/changes.json?limit=1')).json().changes.change[0].seq);
      // In each workspace: a feature type's title changed (a layer's record) and a style created (the workspace's).
      const marks: Record<Place, { featureType: string; style: string }> = {} as never;
      for (const place of PLACES) {
        const style = `st_${suffix}_${place}`;
        expect(
          await api.putXml(`/workspaces/${ws[place]}/datastores/gis/featuretypes/states`, `<featureType><title>Changed ${place}</title></featureType>`),
        ).toHaveStatus(200);
        expect(await api.postXml(`/workspaces/${ws[place]}/styles`, `<style><name>${style}</name><filename>${style}.sld</filename></style>`)).toHaveStatus(201);
        marks[place] = { featureType: `/workspaces/${ws[place]}/datastores/gis/featuretypes/states`, style: `/workspaces/${ws[place]}/styles/${style}` };
      }
      // Records for administrators only: an account and a rule.
      const account = uniqueName('hacct');
      await createUser(api, account, 'pw-History-2');
      expect(await api.postJson('/security/acl/layers', { [`${ws.public}.nothing.r`]: 'READER' })).toHaveStatus(200);
      // The last change: every stream has been sent what it may see before it.
      const last = `/workspaces/${ws.public}/styles/last_${suffix}`;
      expect(await api.postXml(`/workspaces/${ws.public}/styles`, `<style><name>last_${suffix}</name><filename>l.sld</filename></style>`)).toHaveStatus(201);
      for (const caller of SIGNED_IN) await streams[caller].waitFor((e) => changeOf(e).resource === last, 10_000);

      const cells: Array<[string, unknown, unknown]> = [];
      const cell = (name: string, expected: unknown, actual: unknown) => cells.push([name, expected, actual]);
      const sent = (caller: Exclude<Caller, 'anonymous'>) => streams[caller].events.filter((e) => changeOf(e).seq > since).map(changeOf);
      for (const caller of SIGNED_IN) {
        const events = sent(caller);
        for (const place of PLACES) {
          for (const [what, resource] of Object.entries(marks[place])) {
            cell(
              `${caller} event of ${place} ${what}`,
              READS[caller][place],
              events.some((c) => c.resource === resource),
            );
          }
        }
        cell(
          `${caller} event of an account`,
          caller === 'admin',
          events.some((c) => c.kind === 'user'),
        );
        cell(
          `${caller} event of a rule`,
          caller === 'admin',
          events.some((c) => c.kind === 'rule'),
        );
        cell(
          `${caller} events carry authors`,
          caller === 'admin',
          events.some((c) => c.user !== undefined && c.user !== null),
        );
      }

      // The history: lists.
      const lists = {} as Record<Caller, Change[]>;
      for (const caller of [...SIGNED_IN, 'anonymous'] as Caller[]) {
        const { status, changes } = await history(clients[caller], since);
        cell(`${caller} GET history`, caller === 'anonymous' ? 401 : HISTORY[caller] ? 200 : 403, status);
        lists[caller] = changes;
        const shows = HISTORY[caller];
        if (!shows) continue;
        for (const place of PLACES) {
          for (const [what, resource] of Object.entries(marks[place])) {
            cell(
              `${caller} history shows ${place} ${what}`,
              shows[place],
              changes.some((c) => c.resource === resource),
            );
          }
        }
        cell(
          `${caller} history shows an account or a rule`,
          caller === 'admin',
          changes.some((c) => c.kind === 'user' || c.kind === 'rule'),
        );
        cell(
          `${caller} history carries authors`,
          caller === 'admin',
          changes.some((c) => c.user !== undefined),
        );
      }
      cell('wsAdmin GET history by author', 403, (await clients.wsAdmin.get('/changes.json?user=admin')).status);
      const seqOf = (resource: string) => lists.admin.find((c) => c.resource === resource)!.seq;

      // One change, and a revert, in each catalog mode.
      for (const mode of ['HIDE', 'CHALLENGE'] as const) {
        expect(await api.putJson('/security/acl/catalog', { mode })).toHaveStatus(200);
        for (const caller of [...SIGNED_IN, 'anonymous'] as Caller[]) {
          for (const place of PLACES) {
            const shows = HISTORY[caller];
            const expected = caller === 'anonymous' ? 401 : !shows ? 403 : shows[place] ? 200 : hiddenStatus(mode);
            const res = await clients[caller].get(`/changes/${seqOf(marks[place].featureType)}.json`);
            cell(`${mode} ${caller} GET change of ${place}`, expected, res.status);
            if (res.status === 200 && caller !== 'admin') cell(`${mode} ${caller} change of ${place} has no author`, undefined, res.json().change.user);
          }
          cell(
            `${mode} ${caller} GET change of an account`,
            caller === 'anonymous' ? 401 : caller === 'admin' ? 200 : !HISTORY[caller] ? 403 : hiddenStatus(mode),
            (await clients[caller].get(`/changes/${lists.admin.find((c) => c.kind === 'user')!.seq}.json`)).status,
          );
        }
        // Revert: of a change outside the administered workspace (refused as the mode says), of one inside it (done).
        for (const caller of ['wsAdmin', 'toppReader', 'reader'] as const) {
          const expected = HISTORY[caller] ? hiddenStatus(mode) : 403;
          cell(`${mode} ${caller} revert in public`, expected, (await clients[caller].post(`/changes/${seqOf(marks.public.style)}/revert`)).status);
          cell(`${mode} ${caller} revert in hidden`, expected, (await clients[caller].post(`/changes/${seqOf(marks.hidden.style)}/revert`)).status);
        }
        cell(`${mode} reader revert in restricted`, 403, (await clients.reader.post(`/changes/${seqOf(marks.restricted.style)}/revert`)).status);
      }
      expect(await api.putJson('/security/acl/catalog', { mode: 'HIDE' })).toHaveStatus(200);
      // The workspace administrator undoes the style's creation in its workspace.
      cell('wsAdmin revert in restricted', 200, (await clients.wsAdmin.post(`/changes/${seqOf(marks.restricted.style)}/revert`)).status);
      cell('the reverted style is gone', 404, (await api.get(`${marks.restricted.style}.json`)).status);
      cell('public style untouched by refused reverts', 200, (await api.get(`${marks.public.style}.json`)).status);

      // Export and import: ADMIN's (contract §8).
      let zip: Buffer = Buffer.alloc(0);
      for (const caller of [...SIGNED_IN, 'anonymous'] as Caller[]) {
        const refused = caller === 'anonymous' ? 401 : 403;
        const whole = await clients[caller].get('/catalog/export');
        cell(`${caller} export`, caller === 'admin' ? 200 : refused, whole.status);
        if (caller === 'admin') zip = whole.bytes;
        cell(
          `${caller} export of its workspace`,
          caller === 'admin' ? 200 : refused,
          (await clients[caller].get(`/catalog/export?workspace=${ws.restricted}`)).status,
        );
        if (caller !== 'admin') {
          cell(`${caller} export body shows nothing`, false, whole.text.includes(ws.hidden) || whole.text.includes(ws.restricted));
          cell(`${caller} import`, refused, (await clients[caller].post('/catalog/import?dryRun=true', zip, 'application/zip')).status);
        }
      }

      // A record hidden after the streams opened is no longer sent; opened again, it is.
      const beforeHiding = (await api.get('/changes.json?limit=1')).json().changes.change[0].seq;
      expect(await api.postJson('/security/acl/layers', { [`${ws.public}.*.r`]: 'NOBODY' })).toHaveStatus(200);
      const closedMark = `/workspaces/${ws.public}/styles/closed_${suffix}`;
      expect(await api.postXml(`/workspaces/${ws.public}/styles`, `<style><name>closed_${suffix}</name><filename>c.sld</filename></style>`)).toHaveStatus(201);
      expect(await api.delete(`/security/acl/layers/${ws.public}.*.r`)).toHaveStatus(200);
      const openMark = `/workspaces/${ws.public}/styles/open_${suffix}`;
      expect(await api.postXml(`/workspaces/${ws.public}/styles`, `<style><name>open_${suffix}</name><filename>o.sld</filename></style>`)).toHaveStatus(201);
      for (const caller of SIGNED_IN) {
        await streams[caller].waitFor((e: ServerEvent) => changeOf(e).resource === openMark, 10_000);
        cell(
          `${caller} sent a change while its workspace was hidden`,
          caller === 'admin',
          sent(caller).some((c) => c.resource === closedMark),
        );
      }
      // Replayed once the rule is gone, a change made while it hid the workspace is still not sent:
      // each change is judged by the rules as of its commit, however late it is read.
      for (const caller of SIGNED_IN) {
        const replay = await openEventStream(`${server.restUrl}/events`, caller === 'admin' ? server.admin : creds[caller]!, {
          'Last-Event-ID': String(beforeHiding),
        });
        try {
          await replay.waitFor((e: ServerEvent) => changeOf(e).resource === openMark, 10_000);
          cell(
            `${caller} replayed a change made while its workspace was hidden`,
            caller === 'admin',
            replay.events.some((e) => changeOf(e).resource === closedMark),
          );
        } finally {
          replay.close();
        }
      }

      expect(cells.filter(([, expected, actual]) => expected !== actual)).toEqual([]);
      expect(cells.length).toBeGreaterThan(130);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  }, 60_000);

  it('rules follow a renamed workspace and layer, go with a deleted one, and come back with a revert', async () => {
    const { api, db } = ctx;
    const w = `hren_${uniqueName('r').replace(/-/g, '_')}`;
    await createWorkspace(api, w);
    await createSpatialStore(api, db, w, 'gis');
    expect(await createFeatureType(api, w, 'gis', seedFeatureTypeXml('states', 'states', 'US States'))).toHaveStatus(201);
    expect(await api.postJson('/security/acl/layers', { [`${w}.*.r`]: 'NOBODY', [`${w}.states.r`]: 'READER' })).toHaveStatus(200);
    const creds = { user: uniqueName('hren'), password: 'pw-History-3' };
    await createUser(api, creds.user, creds.password);
    await grantRole(api, 'READER', creds.user);
    const reader = api.as(creds);
    expect(await reader.get(`/workspaces/${w}.json`)).toHaveStatus(404);

    // The hidden workspace renamed stays hidden; its rules carry the new name.
    expect(await api.putXml(`/workspaces/${w}`, `<workspace><name>${w}_b</name></workspace>`)).toHaveStatus(200);
    expect(await reader.get(`/workspaces/${w}_b.json`)).toHaveStatus(404);
    expect(await reader.get(`/layers/${w}_b:states.json`)).toHaveStatus(200);
    const rules = async () => (await api.get('/security/acl/layers.json')).json() as Record<string, string>;
    expect(await rules()).toMatchObject({ [`${w}_b.*.r`]: 'NOBODY', [`${w}_b.states.r`]: 'READER' });
    expect(Object.keys(await rules()).filter((k) => k.startsWith(`${w}.`))).toEqual([]);
    const renamed = (await api.get(`/changes.json?limit=10&resource=${encodeURIComponent(`/workspaces/${w}_b`)}`)).json().changes.change as Array<{
      seq: number;
      kind: string;
    }>;
    const renameSeq = renamed.find((c) => c.kind === 'workspace')!.seq;

    // Reverting the workspace's rename takes its rules back to the old name.
    expect(await api.post(`/changes/${renameSeq}/revert`)).toHaveStatus(200);
    expect(await reader.get(`/workspaces/${w}.json`)).toHaveStatus(404);
    expect(await reader.get(`/layers/${w}:states.json`)).toHaveStatus(200);
    expect(await rules()).toMatchObject({ [`${w}.*.r`]: 'NOBODY', [`${w}.states.r`]: 'READER' });
    expect(Object.keys(await rules()).filter((k) => k.startsWith(`${w}_b.`))).toEqual([]);

    // The layer renamed: its own rule follows.
    expect(await api.putJson(`/layers/${w}:states`, { layer: { name: 'roads' } })).toHaveStatus(200);
    expect(await reader.get(`/layers/${w}:roads.json`)).toHaveStatus(200);
    expect(await rules()).toMatchObject({ [`${w}.roads.r`]: 'READER' });

    // Deleted with their records: a layer's rule with its feature type, the workspace's with it; a revert brings them back.
    expect(await api.delete(`/workspaces/${w}/datastores/gis/featuretypes/roads?recurse=true`)).toHaveStatus(200);
    expect(Object.keys(await rules()).filter((k) => k.startsWith(`${w}.`))).toEqual([`${w}.*.r`]);
    expect(await api.delete(`/workspaces/${w}?recurse=true`)).toHaveStatus(200);
    expect(Object.keys(await rules()).filter((k) => k.startsWith(`${w}.`))).toEqual([]);
    const deleted = (await api.get(`/changes.json?limit=1&resource=${encodeURIComponent(`/workspaces/${w}`)}`)).json().changes.change[0] as { seq: number };
    expect(await api.post(`/changes/${deleted.seq}/revert`)).toHaveStatus(200);
    expect(await rules()).toMatchObject({ [`${w}.*.r`]: 'NOBODY' });
    expect(await reader.get(`/workspaces/${w}.json`)).toHaveStatus(404);
  }, 30_000);
});
