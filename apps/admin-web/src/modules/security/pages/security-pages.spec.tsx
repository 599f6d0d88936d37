import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addWorkspace, catalogFetch, fakeCatalog } from '../../../test/fake-catalog';
import type { FakeAnswer, RecordedRequest } from '../../../test/fake-rest';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

/** The security endpoints over a little state: two users, a custom role, a rule per workspace. */
function securityServer(edRoles: string[]) {
  const users = new Map([
    ['admin', { enabled: true, roles: ['ADMIN'] }],
    ['ed', { enabled: true, roles: edRoles }],
  ]);
  const roles = ['ADMIN', 'EDITOR', 'READER'];
  const rules: Record<string, string> = { '*.*.r': 'AUTHENTICATED', '*.*.w': 'ADMIN', '*.*.a': 'ADMIN', 'topp.*.a': 'EDITOR' };
  const writes: string[] = [];
  const answer = (request: RecordedRequest): FakeAnswer | null => {
    const path = decodeURIComponent(new URL(request.url, 'http://h').pathname.replace(/^\/geoserver\/rest/, ''));
    if (!path.startsWith('/security/')) return null;
    if (request.method !== 'GET') writes.push(`${request.method} ${path}${request.body ? ` ${request.body}` : ''}`);
    let m: RegExpMatchArray | null;
    if (path === '/security/usergroup/users.json')
      return { status: 200, body: { users: [...users].map(([userName, u]) => ({ userName, enabled: u.enabled })) } };
    if ((m = path.match(/^\/security\/roles\/user\/(.+)\.json$/))) return { status: 200, body: { roles: users.get(m[1])?.roles ?? [] } };
    if ((m = path.match(/^\/security\/usergroup\/user\/(.+)\/groups\.json$/))) return { status: 200, body: { groups: [] } };
    if (path === '/security/usergroup/groups.json') return { status: 200, body: { groups: [] } };
    if (path === '/security/roles.json') return { status: 200, body: { roles } };
    if (path === '/security/acl/layers.json') return { status: 200, body: rules };
    if (path === '/security/acl/services.json') return { status: 200, body: {} };
    if (path === '/security/acl/catalog.json') return { status: 200, body: { mode: 'HIDE' } };
    if ((m = path.match(/^\/security\/roles\/role\/(\w+)\/user\/(.+)$/))) {
      if (m[1] === 'READER') return { status: 409, body: 'READER may not be given here' };
      const u = users.get(m[2])!;
      u.roles = request.method === 'POST' ? [...u.roles, m[1]] : u.roles.filter((r) => r !== m![1]);
      return { status: 200 };
    }
    return { status: 404, body: `No such resource: ${path}` };
  };
  return { answer, writes, users };
}

function open(path: string, edRoles: string[] = []) {
  const server = securityServer(edRoles);
  const catalog = fakeCatalog();
  addWorkspace(catalog, 'topp');
  addWorkspace(catalog, 'sf');
  const api = catalogFetch(catalog, server.answer);
  renderConsole({ fetch: api.fetch, path, session: ADMIN_SESSION, roles: ['ADMIN'] });
  return server;
}

describe('the Security pages', () => {
  it('/users leads to the Users tab, which gives a role with a click', async () => {
    const server = open('/users');
    const box = await screen.findByRole('checkbox', { name: 'Role EDITOR for ed' });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    // Checked in the click itself, not a task later (a browser test's check() looks at once).
    expect((screen.getByRole('checkbox', { name: 'Role EDITOR for ed' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(server.writes).toEqual(['POST /security/roles/role/EDITOR/user/ed']));
    expect(server.users.get('ed')!.roles).toEqual(['EDITOR']);
    expect(await screen.findByText('ed now has the role EDITOR.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Role EDITOR for ed' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows a refused role as not held once the server has said no', async () => {
    const server = open('/users');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Role READER for ed' }));
    expect((screen.getByRole('checkbox', { name: 'Role READER for ed' }) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText(/READER may not be given here/)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Role READER for ed' }) as HTMLInputElement).checked).toBe(false));
    expect(server.users.get('ed')!.roles).toEqual([]);
  });

  it("flips a user's enabled switch in the click itself", async () => {
    open('/users');
    fireEvent.click(await screen.findByRole('switch', { name: 'User ed enabled' }));
    expect((screen.getByRole('switch', { name: 'User ed enabled' }) as HTMLInputElement).checked).toBe(false);
  });

  it('lists roles with who holds them; only custom roles can be deleted', async () => {
    open('/security/roles');
    const admin = (await screen.findByRole('rowheader', { name: /^ADMIN/ })).closest('tr')!;
    expect(within(admin).getByText('admin')).toBeTruthy();
    expect(within(admin).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete role EDITOR' })).toBeTruthy();
  });

  it('shows the rules per workspace, refuses a malformed rule before sending it, and says what a user can see', async () => {
    const server = open('/security', ['EDITOR']);
    const row = (await screen.findByRole('rowheader', { name: /^topp\.\*/ })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['inherited', 'inherited', 'EDITOREditDelete']);

    const rules = screen.getByRole('region', { name: 'Data rules' });
    fireEvent.change(within(rules).getByLabelText('Workspace'), { target: { value: 'topp' } });
    fireEvent.change(within(rules).getByLabelText('Layer or group'), { target: { value: 'roads' } });
    fireEvent.change(within(rules).getByLabelText('Access'), { target: { value: 'a' } });
    fireEvent.change(within(rules).getByLabelText('Roles'), { target: { value: 'EDITOR' } });
    fireEvent.click(within(rules).getByRole('button', { name: 'Save rule' }));
    expect(await within(rules).findByText(/admin \(a\) applies to a whole workspace only/)).toBeTruthy();
    expect(server.writes).toEqual([]);

    // ed holds EDITOR: it administers topp (topp.*.a), and reads both by the root rule.
    const sight = screen.getByRole('region', { name: 'What can this user see?' });
    fireEvent.change(within(sight).getByLabelText('User'), { target: { value: 'ed' } });
    const topp = (await within(sight).findByRole('rowheader', { name: 'topp' })).closest('tr')!;
    const sf = within(sight).getByRole('rowheader', { name: 'sf' }).closest('tr')!;
    expect(
      within(topp)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['yes', 'no', 'yes']);
    expect(
      within(sf)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['yes', 'no', 'no']);
  });
});
