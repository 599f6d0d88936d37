/**
 * `WORKERS`: several api processes on one port (node:cluster). Requests are served by every
 * worker; what a client can tell apart from one process must not differ: a session signed in on
 * one worker works on the other and ends on both at sign-out, the sign-in limits count failures
 * sent to any worker together, a password change on one worker ends the old password on the
 * other at once. `kill -9` of a worker: the primary starts another and the port keeps answering.
 * A stopped primary (SIGSTOP): once the workers have not heard from it for a second (they check
 * requests against their copy of its sign-in refusals while they do), sign-ins are refused (503),
 * never let through unchecked. On the
 * embedded catalog, WORKERS=2 is refused at start with a sentence saying why.
 *
 * Each keep-alive connection stays with the worker the primary handed it to (`support/workers.ts`).
 */
import { createServer, Server } from 'node:net';
import { randomBytes } from 'node:crypto';
import { ApiServer, describeWithExternalCatalog, freePort, startApi } from '../support/api-server';
import { userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { Credentials, HttpResponse, rawRequest, RequestOptions, restClient } from '../support/http';
import { SESSION_COOKIE } from '../support/session';
import { alive, childPids, Pinned, pinToWorkers, WORKER_HEADER } from '../support/workers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let nextAddress = 1;
/** A client address nobody has used yet in this file (the api trusts X-Forwarded-For here). */
function freshAddress(): string {
  const n = nextAddress++;
  return `198.51.${n >> 8}.${n & 255}`;
}

function wrong(user: string): Credentials {
  return { user, password: `wrong-${randomBytes(6).toString('hex')}` };
}

function expect429(res: HttpResponse) {
  expect(res).toHaveStatus(429);
  expect(res.text).toMatch(/^Too many failed sign-ins from this address: try again in \d+ s$/);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describeWithExternalCatalog('WORKERS=2 on PostgreSQL', () => {
  let server: ApiServer;
  let a: Pinned;
  let b: Pinned;
  /** A request on worker `on`'s connection to `{base}{path}`, from `address`. */
  const on = (w: Pinned, path: string, opts: RequestOptions & { address?: string } = {}) =>
    w.request(`${server.baseUrl}${path}`, { ...opts, headers: { 'x-forwarded-for': opts.address ?? '192.0.2.1', ...(opts.headers ?? {}) } });
  const rest = (w: Pinned, path: string, auth: Credentials | null, opts: RequestOptions & { address?: string } = {}) =>
    on(w, `/rest${path}`, { auth, ...opts });

  beforeAll(async () => {
    server = await startApi({ workers: 2, env: { TRUST_PROXY: 'on' } });
  }, 120_000);
  // Fresh connections for each test: one left idle past the server's keep-alive timeout (5 s; a
  // slow test before it, on a loaded machine) is closed, and the next request may reach the other
  // worker.
  beforeEach(async () => {
    [a, b] = await pinToWorkers(`${server.baseUrl}/health/live`, 2);
  }, 30_000);
  afterEach(() => {
    a?.close();
    b?.close();
  });
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  describe('serving', () => {
    it('two worker processes under the primary answer, each on its own connections', async () => {
      expect(childPids(server.pid)).toHaveLength(2);
      expect(a.worker).not.toBe(b.worker);
      for (const w of [a, a, b, b, a]) expect(await rest(w, '/about/version.json', server.admin)).toHaveStatus(200);
    });

    it('new connections are spread over both workers', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 24; i++) seen.add((await rawRequest(`${server.baseUrl}/health/live`)).headers.get(WORKER_HEADER) ?? 'none');
      expect([...seen].sort()).toEqual([a.worker, b.worker].sort());
    });

    it('says where it listens once, not once per worker, and migrates once', () => {
      const out = server.output();
      expect(out.match(/REST API at /g)).toHaveLength(1);
      expect(out).toContain(`REST API at http://localhost:${new URL(server.baseUrl).port}/geoserver/rest (2 workers)`);
      expect(out.match(/Created admin user/g)).toHaveLength(1);
    });

    it('a write through one worker is read through the other at once', async () => {
      const ws = uniqueName('wk');
      expect(
        await rest(a, '/workspaces', server.admin, { method: 'POST', type: 'application/xml', body: `<workspace><name>${ws}</name></workspace>` }),
      ).toHaveStatus(201);
      expect(await rest(b, `/workspaces/${ws}.json`, server.admin)).toHaveStatus(200);
    });
  });

  describe("the console's session", () => {
    it('signed in on one worker, it works on the other; signed out on one, it ends on both at once', async () => {
      const user = await userWithRole(restClient(server), 'READER', 'sess');
      const signedIn = await on(a, '/auth/session', {
        method: 'POST',
        type: 'application/json',
        body: JSON.stringify({ userName: user.user, password: user.password }),
      });
      expect(signedIn).toHaveStatus(204);
      const token = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(signedIn.headers.get('set-cookie') ?? '')?.[1];
      expect(token).toBeTruthy();
      const cookie = { cookie: `${SESSION_COOKIE}=${token}` };
      // Both workers now hold the session in their cache.
      expect(await on(a, '/auth/session', { headers: cookie })).toHaveStatus(200);
      expect((await on(b, '/auth/session', { headers: cookie })).json()).toEqual({ userName: user.user, roles: ['READER'] });
      expect(await rest(b, '/workspaces.json', null, { headers: cookie })).toHaveStatus(200);

      expect(await on(b, '/auth/session', { method: 'DELETE', headers: cookie })).toHaveStatus(204);
      expect(await on(a, '/auth/session', { headers: cookie })).toHaveStatus(401);
      expect(await rest(a, '/workspaces.json', null, { headers: cookie })).toHaveStatus(401);
      expect(await rest(b, '/workspaces.json', null, { headers: cookie })).toHaveStatus(401);
    });
  });

  describe('sign-in limits', () => {
    it('failures sent to both workers count together: refused (429) at the same count as one process', async () => {
      const target = await userWithRole(restClient(server), 'READER', 'thr');
      const address = freshAddress();
      for (let i = 0; i < 10; i++) expect(await rest(i % 2 ? a : b, '/workspaces.json', wrong(target.user), { address })).toHaveStatus(401);
      expect429(await rest(a, '/workspaces.json', wrong(target.user), { address }));
      expect429(await rest(b, '/workspaces.json', wrong(target.user), { address }));
      // Even the right password (cached on neither worker, or on both) is refused from that address.
      expect429(await rest(a, '/workspaces.json', target, { address }));
      expect429(await rest(b, '/workspaces.json', target, { address }));
      // Another address is not affected, on either worker.
      expect(await rest(a, '/workspaces.json', target, { address: freshAddress() })).toHaveStatus(200);
      expect(await rest(b, '/workspaces.json', target, { address: freshAddress() })).toHaveStatus(200);
    });

    it('a right password cached on a worker is refused there once the address failed on the other', async () => {
      const target = await userWithRole(restClient(server), 'READER', 'cached');
      const address = freshAddress();
      expect(await rest(a, '/workspaces.json', target, { address })).toHaveStatus(200); // cached on A
      for (let i = 0; i < 10; i++) expect(await rest(b, '/workspaces.json', wrong(target.user), { address })).toHaveStatus(401);
      expect429(await rest(a, '/workspaces.json', target, { address }));
    });

    it('parallel guesses through both workers: of 20 at once, at most 10 are checked', async () => {
      const target = await userWithRole(restClient(server), 'READER', 'par');
      const address = freshAddress();
      // Ten connections pinned to each worker (the kernel, not the primary, picks the worker of a
      // new connection), and one guess on each of them, all at once.
      const lines = (await Promise.all(Array.from({ length: 10 }, () => pinToWorkers(`${server.baseUrl}/health/live`, 2)))).flat();
      try {
        const answers = await Promise.all(lines.map((w) => rest(w, '/workspaces.json', wrong(target.user), { address })));
        const statuses = answers.map((r) => r.status);
        expect(new Set(answers.map((r) => r.headers.get(WORKER_HEADER))).size).toBe(2);
        expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
        expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      } finally {
        for (const w of lines) w.close();
      }
    });
  });

  describe('changes of users reach every worker at once', () => {
    it('a password changed on one worker: the old password fails on the other at once, the new one works', async () => {
      const user = await userWithRole(restClient(server), 'READER', 'pw');
      // Cached on both workers.
      expect(await rest(a, '/workspaces.json', user)).toHaveStatus(200);
      expect(await rest(b, '/workspaces.json', user)).toHaveStatus(200);
      const changed = { user: user.user, password: `pw-${randomBytes(6).toString('hex')}` };
      expect(
        await rest(a, `/security/usergroup/user/${user.user}`, server.admin, {
          method: 'PUT',
          type: 'application/json',
          body: JSON.stringify({ user: { password: changed.password } }),
        }),
      ).toHaveStatus(200);
      expect(await rest(b, '/workspaces.json', user)).toHaveStatus(401);
      expect(await rest(a, '/workspaces.json', user)).toHaveStatus(401);
      expect(await rest(b, '/workspaces.json', changed)).toHaveStatus(200);
    });

    it('a user deleted, disabled or stripped of its role on one worker is refused on the other at once', async () => {
      for (const change of ['delete', 'disable', 'demote'] as const) {
        const user = await userWithRole(restClient(server), 'READER', change);
        expect(await rest(b, '/workspaces.json', user)).toHaveStatus(200); // cached on B
        const path = `/security/usergroup/user/${user.user}`;
        const res =
          change === 'delete'
            ? await rest(a, path, server.admin, { method: 'DELETE' })
            : change === 'disable'
              ? await rest(a, path, server.admin, { method: 'PUT', type: 'application/json', body: JSON.stringify({ user: { enabled: false } }) })
              : await rest(a, `/security/roles/role/READER/user/${user.user}`, server.admin, { method: 'DELETE' });
        expect(res).toHaveStatus(200);
        expect({ change, status: (await rest(b, '/workspaces.json', user)).status }).toEqual({ change, status: change === 'demote' ? 403 : 401 });
      }
    });
  });

  it('a revert on one worker that removes a user is enforced on the other at once', async () => {
    const user = await userWithRole(restClient(server), 'READER', 'rev');
    expect(await rest(b, '/workspaces.json', user)).toHaveStatus(200); // cached on B, as a READER
    const listed = (await rest(a, '/changes.json?limit=20', server.admin)).json() as {
      changes: { change: Array<{ seq: string; kind: string; operation: string; resource: string }> };
    };
    const created = listed.changes.change.find((c) => c.kind === 'user' && c.operation === 'create' && c.resource.endsWith(`/${user.user}`));
    expect(created).toBeDefined();
    // Undoing the create deletes the user (force: its role was granted since).
    expect(await rest(a, `/changes/${created!.seq}/revert?force=true`, server.admin, { method: 'POST' })).toHaveStatus(200);
    expect(await rest(b, '/workspaces.json', user)).toHaveStatus(401);
  });

  describe('a stopped primary', () => {
    it('fails safe: sign-ins are refused (503, Retry-After) while the primary cannot answer, and work again when it can', async () => {
      const user = await userWithRole(restClient(server), 'READER', 'stop');
      expect(await rest(a, '/workspaces.json', user)).toHaveStatus(200); // cached: it is still refused
      process.kill(server.pid, 'SIGSTOP');
      try {
        // The workers' copy of the refusals is trusted for a second after the primary was last heard from.
        await new Promise((r) => setTimeout(r, 1_500));
        const [cached, fresh] = await Promise.all([rest(a, '/workspaces.json', user), rest(b, '/workspaces.json', wrong(user.user))]);
        for (const res of [cached, fresh]) {
          expect(res).toHaveStatus(503);
          expect(res.text).toMatch(
            /^Sign-in refused: the sign-in limits could not be checked \(the primary process did not answer within 2000 ms\); try again$/,
          );
          expect(res.headers.get('retry-after')).toBe('1');
        }
      } finally {
        process.kill(server.pid, 'SIGCONT');
      }
      expect(await rest(a, '/workspaces.json', user)).toHaveStatus(200);
    });
  });

  describe('kill -9 of a worker', () => {
    it('the primary starts another, and the port keeps answering meanwhile', async () => {
      const before = childPids(server.pid);
      expect(before).toHaveLength(2);
      const victim = before[0];
      process.kill(victim, 'SIGKILL');
      const failures: string[] = [];
      const answeredBy = new Set<string>();
      const started = Date.now();
      let after: number[] = [];
      // New connections every 50 ms until a new worker serves (the first restart waits 0.5 s).
      while (Date.now() - started < 20_000) {
        try {
          const res = await Promise.race([
            rawRequest(`${server.restUrl}/about/version.json`, { auth: server.admin }),
            sleep(5_000).then(() => {
              throw new Error('no answer within 5 s');
            }),
          ]);
          if (res.status !== 200) failures.push(`${res.status} ${res.text.slice(0, 80)}`);
          answeredBy.add(res.headers.get(WORKER_HEADER) ?? 'none');
        } catch (err) {
          failures.push(String(err));
        }
        after = childPids(server.pid);
        if (after.length === 2 && !after.includes(victim) && answeredBy.size >= 2 && [...answeredBy].some((w) => ![a.worker, b.worker].includes(w))) break;
        await sleep(50);
      }
      expect(alive(victim)).toBe(false);
      expect(after).toHaveLength(2);
      expect(after).not.toContain(victim);
      // A new worker number answered: the restarted worker serves.
      expect([...answeredBy].filter((w) => ![a.worker, b.worker].includes(w))).toHaveLength(1);
      expect(failures).toEqual([]);
      expect(server.output()).toMatch(/Worker \d+ \(pid \d+\) died \(killed by SIGKILL\): starting another in 500 ms/);
    }, 30_000);
  });

  it('SIGTERM stops the primary and every worker, exit code 0', async () => {
    const workers = childPids(server.pid);
    await server.stop();
    expect(server.exitStatus()).toBe('exit code 0, signal null');
    for (const pid of workers) expect(alive(pid)).toBe(false);
  });
});

describeWithExternalCatalog('WORKERS=2, kill -9 of the primary', () => {
  it('its workers exit at once: nothing is left serving the port without a primary', async () => {
    const server = await startApi({ workers: 2 });
    const workers = childPids(server.pid);
    expect(workers).toHaveLength(2);
    await server.kill();
    const deadline = Date.now() + 5_000;
    while (workers.some(alive) && Date.now() < deadline) await sleep(50);
    expect(workers.filter(alive)).toEqual([]);
    // Refused, or reset by a worker in the middle of exiting: nothing answers.
    await expect(rawRequest(`${server.baseUrl}/health/live`)).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
    await server.stop();
  }, 60_000);
});

describeWithExternalCatalog('WORKERS=2 when workers cannot start', () => {
  let busy: Server | undefined;
  afterAll(() => busy?.close());

  it('exits non-zero, saying so, instead of restarting for ever (here: the port is taken)', async () => {
    const port = await freePort();
    busy = createServer();
    await new Promise<void>((r) => busy!.listen(port, '0.0.0.0', () => r()));
    const started = Date.now();
    const failure = await startApi({ workers: 2, env: { PORT: String(port) } }).then(
      async (s) => {
        await s.stop();
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(failure).toContain('The api exited before it was ready (exit code 1, signal null)');
    expect(failure).toContain('A worker could not start');
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});

describe('WORKERS=2 on the embedded catalog', () => {
  it('is refused at start with a sentence saying why and what to do (PGlite is one process’s database)', async () => {
    const failure = await startApi({ embedded: true, workers: 2 }).then(
      async (s) => {
        await s.stop();
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(failure).toContain('The api exited before it was ready (exit code 1, signal null)');
    expect(failure).toContain(
      'WORKERS=2 needs DATABASE_URL: the embedded catalog (PGlite, without DATABASE_URL) can be opened by one process only; set DATABASE_URL to a PostgreSQL server, or WORKERS=1',
    );
  });
});
