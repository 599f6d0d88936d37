/**
 * Sign-in limits and the last administrator (issue 9, scopes 3 and 4; contract §6).
 *
 * Failures count per (user, client address) and per address in a sliding 15-minute window: past
 * 10 (or 100 for an address), 429 with `Retry-After` before any hash is checked. Nothing sleeps,
 * so the right password from an address that has not failed answers at once — the issue's
 * lock-out (9 wrong tries, then the admin's right password took 4 s) is gone. The api runs behind
 * a "proxy" (TRUST_PROXY=on), so `X-Forwarded-For` gives each request its client address.
 *
 * The last enabled ADMIN cannot be demoted, disabled or deleted (409), not even by two admins
 * demoting each other at the same moment.
 *
 * The limits are kept in memory, by the api process: the embedded pass (jest.embedded.config.js)
 * runs only the last administrator, a question of the catalog.
 */
import { randomBytes } from 'node:crypto';
import { ApiServer, describeCatalogNeutral } from '../support/api-server';
import { createUser, grantRole, useApiServer, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { Credentials, HttpResponse, request, restClient } from '../support/http';

/** Without TRUST_PROXY: the last administrator's server too (its admin never fails a sign-in). */
const plain = useApiServer();

let nextAddress = 1;
/** A client address nobody has used yet in this file. */
function freshAddress(): string {
  const n = nextAddress++;
  return `198.51.${n >> 8}.${n & 255}`;
}

function from(address: string, auth: Credentials, server: ApiServer): Promise<HttpResponse> {
  return request(`${server.restUrl}/workspaces.json`, { auth, headers: { 'x-forwarded-for': `203.0.113.99, ${address}` } });
}

function wrong(user: string): Credentials {
  return { user, password: `wrong-${randomBytes(6).toString('hex')}` };
}

function expect429(res: HttpResponse) {
  expect(res).toHaveStatus(429);
  expect(res.text).toMatch(/^Too many failed sign-ins from this address: try again in \d+ s$/);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

describeCatalogNeutral('sign-in limits', () => {
  const ctx = useApiServer({ env: { TRUST_PROXY: 'on' } });

  it("the issue's lock-out: after failures, the right password from another address is not delayed; the failing address gets 429", async () => {
    const victim = await userWithRole(ctx.api, 'ADMIN', 'victim');
    const home = freshAddress();
    const attacker = freshAddress();
    // A baseline: the right password, first use (hash checked), from the victim's address.
    const baseline = await from(freshAddress(), victim, ctx.server);
    expect(baseline).toHaveStatus(200);

    for (let i = 0; i < 10; i++) expect(await from(attacker, wrong(victim.user), ctx.server)).toHaveStatus(401);
    const refused = await from(attacker, wrong(victim.user), ctx.server);
    expect429(refused);
    // Even the right password is refused from the address that failed: it may not go on guessing.
    expect429(await from(attacker, victim, ctx.server));

    const atHome = await from(home, victim, ctx.server);
    expect(atHome).toHaveStatus(200);
    // The old throttle made this wait 4 s; now it costs what a first sign-in costs.
    expect(atHome.ms).toBeLessThan(Math.max(1_000, baseline.ms * 5));
  });

  it('counts parallel guesses when they start: of 20 at once, at most 10 are checked', async () => {
    const target = await userWithRole(ctx.api, 'READER', 'parallel');
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, () => from(address, wrong(target.user), ctx.server)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    answers.filter((r) => r.status === 429).forEach(expect429);
  });

  it('an unknown user name is limited the same way, and answered the same as a known one', async () => {
    const address = freshAddress();
    const unknown = uniqueName('ghost');
    for (let i = 0; i < 10; i++) expect(await from(address, wrong(unknown), ctx.server)).toHaveStatus(401);
    expect429(await from(address, wrong(unknown), ctx.server));
  });

  it('the user name counts whatever its case: ADMIN and admin share their failures', async () => {
    const address = freshAddress();
    const name = uniqueName('cased');
    await createUser(ctx.api, name, `pw-${randomBytes(6).toString('hex')}`);
    for (let i = 0; i < 5; i++) expect(await from(address, wrong(name.toUpperCase()), ctx.server)).toHaveStatus(401);
    for (let i = 0; i < 5; i++) expect(await from(address, wrong(name), ctx.server)).toHaveStatus(401);
    expect429(await from(address, wrong(name.toUpperCase()), ctx.server));
  });

  it('limits one address across user names (100 failures), not other addresses', async () => {
    const address = freshAddress();
    const answers: number[] = [];
    for (let i = 0; i < 100; i++) answers.push((await from(address, wrong(`spray-${i}`), ctx.server)).status);
    expect(answers.filter((s) => s !== 401)).toEqual([]);
    expect429(await from(address, wrong('spray-next'), ctx.server));
    expect(await from(freshAddress(), wrong('spray-next'), ctx.server)).toHaveStatus(401);
  });

  it("the console's sign-in shares the limits", async () => {
    const user = await userWithRole(ctx.api, 'READER', 'console');
    const address = freshAddress();
    for (let i = 0; i < 10; i++) expect(await from(address, wrong(user.user), ctx.server)).toHaveStatus(401);
    const signIn = (addr: string) =>
      request(`${ctx.server.baseUrl}/auth/session`, {
        method: 'POST',
        auth: null,
        type: 'application/json',
        body: JSON.stringify({ userName: user.user, password: user.password }),
        headers: { 'x-forwarded-for': addr },
      });
    expect429(await signIn(address));
    expect(await signIn(freshAddress())).toHaveStatus(204);
  });
});

describeCatalogNeutral('sign-in limits without TRUST_PROXY', () => {
  it('X-Forwarded-For from the client is ignored: a new one each time does not escape the limit', async () => {
    const target = await userWithRole(plain.api, 'READER', 'spoof');
    for (let i = 0; i < 10; i++) expect(await from(freshAddress(), wrong(target.user), plain.server)).toHaveStatus(401);
    expect429(await from(freshAddress(), wrong(target.user), plain.server));
  });
});

describe('the last enabled administrator', () => {
  const own = plain;
  const api = () => own.api;
  const rolesOf = async (user: string) => (await api().get(`/security/roles/user/${user}.json`)).text;

  function expectLastAdmin(res: HttpResponse, user: string) {
    expect(res).toHaveStatus(409);
    expect(res.text).toContain(`user '${user}': it is the last enabled administrator`);
  }

  it('cannot be demoted, disabled or deleted (409), and stays an admin', async () => {
    const admin = own.server.admin.user;
    expectLastAdmin(await api().delete(`/security/roles/role/ADMIN/user/${admin}`), admin);
    expectLastAdmin(await api().putJson(`/security/usergroup/user/${admin}`, { user: { enabled: false } }), admin);
    expectLastAdmin(await api().delete(`/security/usergroup/user/${admin}`), admin);
    expect(await rolesOf(admin)).toContain('ADMIN');
    expect(await api().postJson('/workspaces', { workspace: { name: uniqueName('still') } })).toHaveStatus(201);
  });

  it('a disabled admin does not count: with only a disabled second admin, the first is still the last', async () => {
    const second = await userWithRole(api(), 'ADMIN', 'disabled-admin');
    expect(await api().putJson(`/security/usergroup/user/${second.user}`, { user: { enabled: false } })).toHaveStatus(200);
    expectLastAdmin(await api().delete(`/security/roles/role/ADMIN/user/${own.server.admin.user}`), own.server.admin.user);
    expect(await api().delete(`/security/usergroup/user/${second.user}`)).toHaveStatus(200);
  });

  it('two admins demoting each other at the same moment: exactly one succeeds, one admin is left', async () => {
    const first = own.server.admin;
    const second = await userWithRole(api(), 'ADMIN', 'second-admin');
    const [a, b] = await Promise.all([
      restClient(own.server, second).delete(`/security/roles/role/ADMIN/user/${first.user}`),
      restClient(own.server, first).delete(`/security/roles/role/ADMIN/user/${second.user}`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const survivor = a.status === 200 ? second : first;
    const demoted = a.status === 200 ? first : second;
    const asSurvivor = restClient(own.server, survivor);
    expect((await asSurvivor.get(`/security/roles/user/${survivor.user}.json`)).text).toContain('ADMIN');
    expect((await asSurvivor.get(`/security/roles/user/${demoted.user}.json`)).text).not.toContain('ADMIN');
    // The demoted one can be made admin again, and then the survivor may step down.
    await grantRole(asSurvivor, 'ADMIN', demoted.user);
    expect(await asSurvivor.delete(`/security/roles/role/ADMIN/user/${survivor.user}`)).toHaveStatus(200);
  });
});
