/**
 * Nothing acknowledged is ever lost (issue 11, item 7): an api process killed with `kill -9` in the
 * middle of a write storm, on PostgreSQL and on the embedded catalog, starts again on the same
 * database / DATA_DIR without manual clean-up, and every write it answered 2xx to is there, SLD
 * bytes included. Two processes on one PostgreSQL catalog under 16 clients end with the same,
 * complete catalog and no 5xx.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiServer, describeWithExternalCatalog, startApi, withClient } from '../support/api-server';
import { pgParams, sldFixture } from '../support/catalog';
import { HttpResponse, restClient, RestClient, SLD_10 } from '../support/http';

const SLD = sldFixture('valid', 'polygon-simple.sld').bytes;
const run = Date.now().toString(36);

/** A write's answer, or the connection failing (the process died): then it was not acknowledged. */
async function attempt(send: () => Promise<HttpResponse>): Promise<HttpResponse | undefined> {
  try {
    return await send();
  } catch {
    return undefined;
  }
}

interface Acked {
  workspaces: string[];
  styles: Array<{ ws: string; name: string }>;
  serverErrors: string[];
}

/** `clients` clients each creating workspaces with a style and its SLD until `stop()` or `perClient`. */
async function storm(api: RestClient, prefix: string, clients: number, perClient: number, acked: Acked): Promise<void> {
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let k = 0; k < perClient; k++) {
        const ws = `${prefix}_${c}_${k}`;
        const created = await attempt(() => api.postXml('/workspaces', `<workspace><name>${ws}</name></workspace>`));
        if (!created) return;
        if (created.status >= 500) acked.serverErrors.push(`POST workspace ${ws}: ${created.status} ${created.text}`);
        if (created.status !== 201) continue;
        acked.workspaces.push(ws);
        const style = await attempt(() => api.post(`/workspaces/${ws}/styles?name=s${k}`, SLD, SLD_10));
        if (!style) return;
        if (style.status >= 500) acked.serverErrors.push(`POST style in ${ws}: ${style.status} ${style.text}`);
        if (style.status === 201) acked.styles.push({ ws, name: `s${k}` });
      }
    }),
  );
}

async function expectAllPresent(api: RestClient, acked: Acked): Promise<void> {
  const missing: string[] = [];
  for (const ws of acked.workspaces) if ((await api.get(`/workspaces/${ws}.json`)).status !== 200) missing.push(ws);
  for (const { ws, name } of acked.styles) {
    const res = await api.get(`/workspaces/${ws}/styles/${name}.sld`);
    if (res.status !== 200 || !res.bytes.equals(SLD)) missing.push(`${ws}/${name}.sld (${res.status})`);
  }
  expect(missing).toEqual([]);
}

/** Kills the first process once `after` writes were acknowledged, while the storm goes on. */
async function killMidStorm(server: ApiServer, acked: Acked, after: number): Promise<void> {
  const api = restClient(server);
  const stormDone = storm(api, `crash_${run}`, 8, 60, acked);
  while (acked.workspaces.length + acked.styles.length < after) await new Promise((r) => setTimeout(r, 20));
  await server.kill();
  await stormDone;
}

describe('kill -9 in the middle of a write storm', () => {
  it('on the embedded catalog: restarts on the same DATA_DIR with every acknowledged write', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gc-crash-'));
    try {
      const first = await startApi({ embedded: true, dataDir });
      const acked: Acked = { workspaces: [], styles: [], serverErrors: [] };
      await killMidStorm(first, acked, 40);
      expect(acked.serverErrors).toEqual([]);
      const again = await startApi({ embedded: true, dataDir, env: { ADMIN_PASSWORD: first.admin.password } });
      try {
        await expectAllPresent(restClient(again), acked);
        expect(acked.workspaces.length).toBeGreaterThanOrEqual(20);
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describeWithExternalCatalog('kill -9 and two processes on PostgreSQL', () => {
  it('restarts on the same database with every acknowledged write', async () => {
    const first = await startApi({ keepDatabase: true });
    const acked: Acked = { workspaces: [], styles: [], serverErrors: [] };
    await killMidStorm(first, acked, 60);
    expect(acked.serverErrors).toEqual([]);
    const again = await startApi({ databaseUrl: first.databaseUrl, env: { ADMIN_PASSWORD: first.admin.password } });
    try {
      await expectAllPresent(restClient(again), acked);
    } finally {
      await again.stop();
      const url = new URL(first.databaseUrl!);
      const name = url.pathname.slice(1);
      url.pathname = '/postgres';
      await withClient(url.toString(), (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    }
  }, 240_000);

  it('16 clients, ~400 mixed writes through two processes: no 5xx, nothing lost, no orphan, one catalog', async () => {
    // Both processes seal store passwords with one key, as README says several processes must.
    const SECRET_KEY = randomBytes(32).toString('base64');
    const a = await startApi({ env: { SECRET_KEY } });
    const b = await startApi({ databaseUrl: a.databaseUrl, env: { SECRET_KEY, ADMIN_PASSWORD: a.admin.password } });
    try {
      const apis = [restClient(a), restClient(b)];
      const errors: string[] = [];
      const expected = new Map<string, { stores: string[]; styles: string[] }>();
      const check = (what: string, res: HttpResponse, status: number) => {
        if (res.status !== status) errors.push(`${what}: ${res.status} ${res.text.slice(0, 120)}`);
        return res.status === status;
      };
      await Promise.all(
        Array.from({ length: 16 }, async (_, c) => {
          for (let k = 0; k < 5; k++) {
            // Each step alternates processes, so every record is written through both.
            const api = (step: number) => apis[(c + k + step) % 2];
            let ws = `mix_${run}_${c}_${k}`;
            if (!check(`POST ${ws}`, await api(0).postXml('/workspaces', `<workspace><name>${ws}</name></workspace>`), 201)) continue;
            const params = Object.entries(pgParams({ database: `db${c}` }))
              .map(([key, v]) => `<${key}>${v}</${key}>`)
              .join('');
            check(
              `store ${ws}`,
              await api(1).postXml(
                `/workspaces/${ws}/datastores`,
                `<dataStore><name>st</name><connectionParameters>${params}</connectionParameters></dataStore>`,
              ),
              201,
            );
            check(`style ${ws}`, await api(2).post(`/workspaces/${ws}/styles?name=look`, SLD, SLD_10), 201);
            check(`SLD again ${ws}`, await api(3).put(`/workspaces/${ws}/styles/look`, SLD, SLD_10), 200);
            if (k % 2 === 1) {
              const renamed = `${ws}_r`;
              if (check(`rename ${ws}`, await api(4).putXml(`/workspaces/${ws}`, `<workspace><name>${renamed}</name></workspace>`), 200)) ws = renamed;
            }
            if (k === 4) {
              check(`delete ${ws}`, await api(5).delete(`/workspaces/${ws}?recurse=true`), 200);
              continue;
            }
            expected.set(ws, { stores: ['st'], styles: ['look'] });
          }
        }),
      );
      expect(errors).toEqual([]);
      const listed = await Promise.all(
        apis.map(async (api) => JSON.parse((await api.get('/workspaces.json')).text).workspaces.workspace.map((w: { name: string }) => w.name)),
      );
      const ours = (names: string[]) => names.filter((n) => n.startsWith(`mix_${run}_`)).sort();
      expect(ours(listed[0])).toEqual([...expected.keys()].sort());
      expect(ours(listed[1])).toEqual(ours(listed[0]));
      for (const [ws, want] of expected) {
        const api = apis[ws.length % 2];
        const stores = JSON.parse((await api.get(`/workspaces/${ws}/datastores.json`)).text).dataStores.dataStore.map((s: { name: string }) => s.name);
        expect([ws, stores]).toEqual([ws, want.stores]);
        const sld = await api.get(`/workspaces/${ws}/styles/look.sld`);
        expect([ws, sld.status, sld.bytes.equals(SLD)]).toEqual([ws, 200, true]);
      }
      const orphans = await withClient(a.databaseUrl!, (db) =>
        db.query(`SELECT
            (SELECT count(*) FROM style s WHERE s.workspace_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM workspace w WHERE w.id = s.workspace_id))
          + (SELECT count(*) FROM data_store d WHERE NOT EXISTS (SELECT 1 FROM workspace w WHERE w.id = d.workspace_id)) AS n`),
      );
      expect(Number(orphans.rows[0].n)).toBe(0);
      // The history alone replays to the same catalog: workspaces, their stores and styles.
      const replayed = replay(await wholeHistory(apis[1]));
      const mine = (keys: Set<string>) => [...keys].filter((k) => k.startsWith(`mix_${run}_`)).sort();
      expect(mine(replayed.workspaces)).toEqual([...expected.keys()].sort());
      expect(mine(replayed.stores)).toEqual([...expected.keys()].map((ws) => `${ws}/st`).sort());
      expect(mine(replayed.styles)).toEqual([...expected.keys()].map((ws) => `${ws}/look`).sort());
    } finally {
      await b.stop();
      await a.stop();
    }
  }, 240_000);
});

interface HistoryChange {
  seq: number;
  kind: string;
  before: Record<string, { name: string; workspace?: { name: string } | string }> | null;
  after: Record<string, { name: string; workspace?: { name: string } | string }> | null;
}

/** Every change, oldest first, following the history's next links. */
async function wholeHistory(api: RestClient): Promise<HistoryChange[]> {
  const all: HistoryChange[] = [];
  let path: string | undefined = '/changes.json?limit=1000';
  while (path) {
    const page: { change: HistoryChange[]; next?: string } = JSON.parse((await api.get(path)).text).changes;
    all.push(...page.change);
    path = page.next ? page.next.slice(api.restUrl.length) : undefined;
  }
  return all.reverse();
}

/**
 * The catalog as the history tells it, applied change by change: `before` leaves, `after` comes;
 * a renamed workspace takes what is keyed under its name along, as the paths below it follow it.
 */
function replay(changes: HistoryChange[]): { workspaces: Set<string>; stores: Set<string>; styles: Set<string> } {
  const workspaces = new Set<string>();
  const stores = new Set<string>();
  const styles = new Set<string>();
  const wsOf = (rep: { workspace?: { name: string } | string }) => (typeof rep.workspace === 'string' ? rep.workspace : rep.workspace?.name);
  const rename = (set: Set<string>, from: string, to: string) => {
    for (const key of [...set]) {
      if (key.startsWith(`${from}/`)) {
        set.delete(key);
        set.add(`${to}${key.slice(from.length)}`);
      }
    }
  };
  for (const c of changes) {
    if (c.kind === 'workspace') {
      const [was, is] = [c.before?.workspace.name, c.after?.workspace.name];
      if (was) workspaces.delete(was);
      if (is) workspaces.add(is);
      if (was && is && was !== is) [stores, styles].forEach((set) => rename(set, was, is));
    }
    if (c.kind === 'dataStore') {
      if (c.before) stores.delete(`${wsOf(c.before.dataStore)}/${c.before.dataStore.name}`);
      if (c.after) stores.add(`${wsOf(c.after.dataStore)}/${c.after.dataStore.name}`);
    }
    if (c.kind === 'style') {
      if (c.before) styles.delete(`${wsOf(c.before.style)}/${c.before.style.name}`);
      if (c.after) styles.add(`${wsOf(c.after.style)}/${c.after.style.name}`);
    }
  }
  return { workspaces, stores, styles };
}
