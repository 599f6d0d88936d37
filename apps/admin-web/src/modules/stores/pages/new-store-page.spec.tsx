import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addWorkspace, catalogFetch, fakeCatalog } from '../../../test/fake-catalog';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

function fill(label: string, value: string) {
  const form = screen.getByRole('form', { name: 'New PostGIS data store' });
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

function openForm() {
  const catalog = fakeCatalog();
  addWorkspace(catalog, 'acme');
  const api = catalogFetch(catalog);
  const view = renderConsole({ fetch: api.fetch, path: '/stores/new?workspace=acme', session: ADMIN_SESSION });
  return { catalog, api, ...view };
}

describe('new PostGIS store page', () => {
  it('preselects the workspace from the URL and checks the port before sending anything', async () => {
    const { api } = openForm();
    const workspace = (await screen.findByLabelText('Workspace')) as HTMLSelectElement;
    await waitFor(() => expect(workspace.value).toBe('acme'));
    fill('Name', 'sample');
    fill('Database', 'gis');
    fill('Port', '54x');
    fireEvent.click(screen.getByRole('button', { name: 'Create data store' }));
    const port = screen.getByLabelText('Port');
    expect(port.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The port is a whole number from 1 to 65535.')).toBeTruthy();
    expect(document.activeElement).toBe(port);
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('tests the connection with the typed parameters and saves nothing', async () => {
    const { api } = openForm();
    await screen.findByLabelText('Workspace');
    fill('Host', 'db.example');
    fill('Database', 'gis');
    fill('Password', 's3cret');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/Connection works: Connected to PostgreSQL 16.4/)).toBeTruthy();
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url)).toEqual(['/geoserver/rest/datastores/connection-test']);
    const entries = JSON.parse(posts[0].body ?? '').dataStore.connectionParameters.entry;
    expect(entries).toEqual([
      { '@key': 'host', $: 'db.example' },
      { '@key': 'port', $: '5432' },
      { '@key': 'database', $: 'gis' },
      { '@key': 'schema', $: 'public' },
      { '@key': 'user', $: 'postgres' },
      { '@key': 'passwd', $: 's3cret' },
      { '@key': 'dbtype', $: 'postgis' },
    ]);
  });

  it("shows the server's reason when the test fails", async () => {
    const { catalog } = openForm();
    catalog.connectionTest = { status: 502, body: "Data store 'x': connection refused" };
    await screen.findByLabelText('Workspace');
    fill('Database', 'gis');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText("Connection failed: Data store 'x': connection refused")).toBeTruthy();
  });

  it('creates the store and goes on to publish its tables', async () => {
    const { catalog, router } = openForm();
    await screen.findByLabelText('Workspace');
    fill('Name', 'sample');
    fill('Database', 'gis');
    fireEvent.click(screen.getByRole('button', { name: 'Create data store' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/layers/publish'));
    expect(router.state.location.search).toBe('?store=acme%3Asample');
    expect(catalog.workspaces.get('acme')?.stores.map((s) => s.name)).toEqual(['sample']);
  });
});
