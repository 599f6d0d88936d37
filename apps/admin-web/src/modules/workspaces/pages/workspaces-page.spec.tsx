import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../api';
import { fakeFetch, type FakeAnswer, type RecordedRequest } from '../../../test/fake-rest';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

/** A tiny in-memory workspace API, enough for the page. */
function workspaceApi(initial: string[] = []) {
  const names = [...initial];
  return fakeFetch((request: RecordedRequest): FakeAnswer => {
    if (request.method === 'GET') {
      const list = names.map((name) => ({ name, href: `http://h/geoserver/rest/workspaces/${name}.json` }));
      return { status: 200, body: { workspaces: list.length ? { workspace: list } : '' } };
    }
    const name = (JSON.parse(request.body ?? '{}') as { workspace: { name: string } }).workspace.name;
    if (names.includes(name)) return { status: 409, body: `Workspace '${name}' already exists` };
    names.push(name);
    return { status: 201, body: name };
  });
}

function openWorkspaces(initial?: string[], roles?: string[]) {
  const api = workspaceApi(initial);
  const view = renderConsole({ fetch: api.fetch, path: '/workspaces', session: ADMIN_SESSION, roles });
  return { ...api, ...view };
}

function submitName(name: string) {
  const form = screen.getByRole('region', { name: 'Create workspace' });
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: name } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create workspace' }));
}

describe('workspaces page', () => {
  it('lists the workspaces in a table, names as row headers', async () => {
    openWorkspaces(['acme', 'topp']);
    const table = await screen.findByRole('table', { name: 'Workspaces' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['acme', 'topp']);
    expect(screen.getByText('2 workspaces')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Workspaces' })).toBeTruthy();
  });

  it("links each workspace's history for an administrator only (the history's endpoints are theirs)", async () => {
    openWorkspaces(['acme']);
    expect(await screen.findByRole('link', { name: 'History of workspace acme' })).toBeTruthy();
    cleanup();
    const { queryClient } = openWorkspaces(['acme'], ['READER']);
    const table = await screen.findByRole('table', { name: 'Workspaces' });
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.session())?.status).toBe('success'));
    expect(within(table).getByRole('link', { name: 'Layers' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'History of workspace acme' })).toBeNull();
  });

  it('says "No workspaces yet" for the empty list, and its action focuses the name field', async () => {
    openWorkspaces([]);
    expect(await screen.findByText('No workspaces yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create the first workspace' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });

  it('shows a load failure with the server text and a Retry button', async () => {
    const { fetch } = fakeFetch(() => ({ status: 503, body: 'The catalog database is unavailable' }));
    renderConsole({ fetch, path: '/workspaces', session: ADMIN_SESSION });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The catalog database is unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it("explains a bad name with catalog-model's rule and sends nothing", async () => {
    const api = openWorkspaces([]);
    await screen.findByText('No workspaces yet');
    submitName('1st place');
    const field = screen.getByLabelText('Name');
    const message = "Invalid workspace name '1st place': it must start with a letter or '_' and contain only letters, digits, '_', '-' and '.'";
    expect(screen.getByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(screen.getByText(message).id);
    expect(document.activeElement).toBe(field);
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('asks for a name when the field is empty', async () => {
    openWorkspaces([]);
    await screen.findByText('No workspaces yet');
    submitName('');
    expect(screen.getByText('Enter a name for the workspace.')).toBeTruthy();
  });

  it('creates a workspace, shows it in the list and clears the field', async () => {
    const api = openWorkspaces(['acme']);
    await screen.findByRole('rowheader', { name: 'acme' });
    submitName('été_地图');
    expect(await screen.findByRole('rowheader', { name: 'été_地图' })).toBeTruthy();
    const statuses = screen.getAllByRole('status').map((status) => status.textContent);
    expect(statuses).toContain('Workspace été_地图 created.');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(post?.body ?? '')).toEqual({ workspace: { name: 'été_地图' } });
  });

  it("shows the server's text when the name is taken", async () => {
    openWorkspaces(['acme']);
    await screen.findByRole('rowheader', { name: 'acme' });
    submitName('acme');
    expect(await screen.findByText("Workspace 'acme' already exists")).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true'));
  });
});
