/**
 * Live events (contract §7): `GET /rest/events` streams every committed change as a server-sent
 * event (`id: seq`, `event: change`, the change without before/after), replays from
 * `Last-Event-ID` or `?since=`, sends keep-alive comments, hides user accounts from
 * non-administrators, refuses bad numbers, and drops a client that stops reading without slowing
 * writers. Across processes: a write through one api arrives on the other's stream.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describeCatalogNeutral, describeWithExternalCatalog, useTwoApiProcesses } from '../support/api-server';
import { createStyle, createWorkspace, useApiServer } from '../support/catalog';
import { changeOf, openEventStream } from '../support/event-stream';
import { uniqueName } from '../support/geoserver';
import { restClient } from '../support/http';

const ctx = useApiServer();

describe('GET /rest/events', () => {
  it('streams each committed change once, in order, as id/event/data, and nothing for a dry run', async () => {
    const { api, server } = ctx;
    const stream = await openEventStream(`${server.restUrl}/events`, server.admin);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['cache-control']).toBe('no-cache');
      const ws = uniqueName('ev');
      await api.postJson(`/workspaces?dryRun=true`, { workspace: { name: `${ws}_dry` } });
      await createWorkspace(api, ws);
      await createStyle(api, ws, 'dots');
      const style = await stream.waitFor((e) => changeOf(e).resource === `/workspaces/${ws}/styles/dots`);
      const mine = stream.events.filter((e) => changeOf(e).resource.includes(ws));
      expect(mine.map((e) => `${changeOf(e).operation} ${changeOf(e).kind} ${changeOf(e).resource}`)).toEqual([
        `create workspace /workspaces/${ws}`,
        `create namespace /namespaces/${ws}`,
        `create style /workspaces/${ws}/styles/dots`,
      ]);
      expect(mine.every((e) => e.event === 'change' && e.id === String(changeOf(e).seq))).toBe(true);
      const data = changeOf(style);
      expect(Object.keys(data).sort()).toEqual(['kind', 'operation', 'request', 'resource', 'seq', 'time', 'user']);
      expect(data.user).toBe('admin');
      // The same change as the history holds it.
      const fromHistory = (await api.get(`/changes/${data.seq}.json`)).json<{ change: Record<string, unknown> }>().change;
      expect(fromHistory).toMatchObject(data);
      expect(stream.events.some((e) => changeOf(e).resource.includes(`${ws}_dry`))).toBe(false);
    } finally {
      stream.close();
    }
  });

  it('replays what was missed from Last-Event-ID or ?since=, then goes on live', async () => {
    const { api, server } = ctx;
    const ws = uniqueName('evreplay');
    await createWorkspace(api, ws);
    const [first] = (await api.get(`/changes.json?resource=/workspaces/${ws}`)).json<{ changes: { change: Array<{ seq: number }> } }>().changes.change;
    for (const s of ['a', 'b', 'c']) await createStyle(api, ws, s);
    const ways: Array<{ query: string; headers: Record<string, string> }> = [
      { query: '', headers: { 'last-event-id': String(first.seq) } },
      { query: `?since=${first.seq}`, headers: {} },
    ];
    for (const [round, way] of ways.entries()) {
      const stream = await openEventStream(`${server.restUrl}/events${way.query}`, server.admin, way.headers);
      const live = `live${round}`;
      try {
        await stream.waitFor((e) => changeOf(e).resource === `/workspaces/${ws}/styles/c`);
        await createStyle(api, ws, live);
        await stream.waitFor((e) => changeOf(e).resource === `/workspaces/${ws}/styles/${live}`);
        const seqs = stream.events.map((e) => changeOf(e).seq);
        expect(seqs[0]).toBeGreaterThan(first.seq);
        expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
        expect(new Set(seqs).size).toBe(seqs.length);
        const created = stream.events
          .map(changeOf)
          .filter((c) => c.operation === 'create' && ['a', 'b', 'c', live].some((n) => c.resource === `/workspaces/${ws}/styles/${n}`));
        expect(created.map((c) => c.resource)).toEqual(['a', 'b', 'c', live].map((n) => `/workspaces/${ws}/styles/${n}`));
      } finally {
        stream.close();
      }
    }
  });

  it('refuses a bad Last-Event-ID or since with 400, and anonymous callers with 401', async () => {
    const { server } = ctx;
    for (const [url, headers] of [
      [`${server.restUrl}/events?since=abc`, {}],
      [`${server.restUrl}/events`, { 'last-event-id': '-3' }],
    ] as const) {
      const stream = await openEventStream(url, server.admin, headers);
      expect(stream.status).toBe(400);
      stream.close();
    }
    const anonymous = await openEventStream(`${server.restUrl}/events`, null);
    expect(anonymous.status).toBe(401);
    anonymous.close();
  });

  it('shows readers catalog changes but not user accounts', async () => {
    const { api, server } = ctx;
    const reader = uniqueName('evreader');
    await api.postJson('/security/usergroup/users', { user: { userName: reader, password: 'pw-Events-12', enabled: true } });
    await api.post(`/security/roles/role/READER/user/${reader}`);
    const stream = await openEventStream(`${server.restUrl}/events`, { user: reader, password: 'pw-Events-12' });
    try {
      expect(stream.status).toBe(200);
      const secret = uniqueName('evsecret');
      await api.postJson('/security/usergroup/users', { user: { userName: secret, password: 'pw-Events-34', enabled: true } });
      const ws = uniqueName('evpublic');
      await createWorkspace(api, ws);
      await stream.waitFor((e) => changeOf(e).resource === `/workspaces/${ws}`);
      expect(stream.events.some((e) => changeOf(e).kind === 'user' || e.data.includes(secret))).toBe(false);
    } finally {
      stream.close();
    }
  });
});

// Timers and buffers of the stream itself: the embedded pass would only repeat them.
describeCatalogNeutral('GET /rest/events, whatever the catalog', () => {
  it('sends a keep-alive comment within 15 seconds of silence', async () => {
    const { server } = ctx;
    const stream = await openEventStream(`${server.restUrl}/events`, server.admin);
    try {
      const opened = performance.now();
      await new Promise((r) => setTimeout(r, 15_800));
      const keepAlive = stream.comments.find((c) => c.text === 'keep-alive');
      expect(keepAlive).toBeDefined();
      expect(keepAlive!.at - opened).toBeLessThan(15_500);
    } finally {
      stream.close();
    }
  }, 30_000);

  it('drops a client that stops reading, and writers do not wait for it', async () => {
    const { api, server } = ctx;
    const ws = uniqueName('evslow');
    await createWorkspace(api, ws);
    // 300 styles with long names: deleting the workspace and reverting that are two requests of
    // 300 changes each (~250 kB of events), so a stalled client's buffers fill up fast.
    const long = 'x'.repeat(230);
    // Made ten at a time: their order is not what the test is about.
    for (let i = 0; i < 300; i += 10) {
      const made = await Promise.all(
        Array.from({ length: 10 }, (_, k) => api.postJson(`/workspaces/${ws}/styles`, { style: { name: `${long}${i + k}`, filename: 'a.sld' } })),
      );
      for (const res of made) expect(res.status).toBe(201);
    }
    const cycle = async () => {
      const started = performance.now();
      expect((await api.delete(`/workspaces/${ws}?recurse=true`)).status).toBe(200);
      const [gone] = (await api.get(`/changes.json?resource=/workspaces/${ws}&limit=1`)).json<{ changes: { change: Array<{ seq: number }> } }>().changes.change;
      expect((await api.post(`/changes/${gone.seq}/revert`)).status).toBe(200);
      return performance.now() - started;
    };
    const reader = spawn('python3', [
      join(__dirname, '..', 'support', 'stalled-event-reader.py'),
      `${server.restUrl}/events`,
      server.admin.user,
      server.admin.password,
    ]);
    const lines = createInterface({ input: reader.stdout });
    const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
    expect(await next()).toBe('stalled');
    // ~7.5 MB of events: more than the kernel's send buffer (4 MB at most here) and ours (1 MiB).
    const stalledTimes: number[] = [];
    for (let i = 0; i < 30; i++) stalledTimes.push(await cycle());
    const freeTimes: number[] = [];
    for (let i = 0; i < 3; i++) freeTimes.push(await cycle());
    const answer = next();
    reader.stdin.write('read\n');
    const [state, bytes] = (await answer).split(' ');
    expect(state).toBe('closed');
    expect(Number(bytes)).toBeLessThan(7_000_000);
    // Writers went on at the same pace while the client stalled as with nobody stalled.
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(stalledTimes.slice(-3))).toBeLessThan(mean(freeTimes) * 3);
    const fresh = await openEventStream(`${server.restUrl}/events`, server.admin);
    expect(fresh.status).toBe(200);
    fresh.close();
  }, 180_000);
});

describeWithExternalCatalog('events across api processes', () => {
  const two = useTwoApiProcesses({ SECRET_KEY: randomBytes(32).toString('base64') });

  it('a change written through one process arrives on the other process’s stream, in commit order', async () => {
    const onB = await openEventStream(`${two.b.restUrl}/events`, two.b.admin);
    const onA = await openEventStream(`${two.a.restUrl}/events`, two.a.admin);
    try {
      const ws = uniqueName('evcross');
      const apiA = restClient(two.a);
      const apiB = restClient(two.b);
      await createWorkspace(apiA, ws);
      await createStyle(apiB, ws, 'fromB');
      await createStyle(apiA, ws, 'fromA');
      for (const stream of [onA, onB]) await stream.waitFor((e) => changeOf(e).resource === `/workspaces/${ws}/styles/fromA`);
      const seen = (s: typeof onA) => s.events.map((e) => changeOf(e)).filter((c) => c.resource.includes(ws));
      expect(seen(onB).map((c) => c.resource)).toEqual([
        `/workspaces/${ws}`,
        `/namespaces/${ws}`,
        `/workspaces/${ws}/styles/fromB`,
        `/workspaces/${ws}/styles/fromA`,
      ]);
      expect(seen(onA)).toEqual(seen(onB));
    } finally {
      onA.close();
      onB.close();
    }
  });
});
