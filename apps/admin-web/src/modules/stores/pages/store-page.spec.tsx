import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../api';
import { addStore, addWorkspace, catalogFetch, fakeCatalog, publish } from '../../../test/fake-catalog';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

function openStore(roles?: string[]) {
  const catalog = fakeCatalog();
  addWorkspace(catalog, 'acme');
  publish(addStore(catalog, 'acme', 'pg', ['states']), 'states');
  const api = catalogFetch(catalog);
  const view = renderConsole({ fetch: api.fetch, path: '/stores/acme/pg', session: ADMIN_SESSION, roles });
  return { catalog, api, ...view };
}

describe('data store page', () => {
  it('edits the connection and keeps the stored password when none is typed', async () => {
    const { api, catalog } = openStore();
    const form = await screen.findByRole('form', { name: 'Edit data store' });
    expect((within(form).getByLabelText('Host') as HTMLInputElement).value).toBe('db');
    expect((within(form).getByLabelText('Password') as HTMLInputElement).value).toBe('');
    fireEvent.change(within(form).getByLabelText('Host'), { target: { value: 'db2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Data store acme:pg saved.')).toBeTruthy();
    const put = api.requests.find((r) => r.method === 'PUT');
    const entries = JSON.parse(put?.body ?? '').dataStore.connectionParameters.entry as Array<{ '@key': string; $: string }>;
    expect(entries.find((e) => e['@key'] === 'passwd')?.$).toBe('crypt2:xyz');
    expect(catalog.workspaces.get('acme')?.stores[0].params.host).toBe('db2');
  });

  it('lists the layers published from it, and its delete names them', async () => {
    const { router } = openStore();
    const layers = await screen.findByRole('region', { name: 'Published layers' });
    expect(await within(layers).findByRole('link', { name: 'acme:states' })).toBeTruthy();
    expect(within(layers).getByRole('link', { name: 'Preview acme:states' }).getAttribute('href')).toBe('/preview/acme:states');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete data store pg?' });
    expect(await within(dialog).findByText('Layer acme:states')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Type pg to confirm/), { target: { value: 'pg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete data store' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stores'));
  });

  it("shows its history to an administrator only, and a reader's page asks nothing of the history", async () => {
    openStore();
    expect(await screen.findByRole('region', { name: 'History' })).toBeTruthy();
    cleanup();
    const { api, queryClient } = openStore(['READER']);
    await screen.findByRole('form', { name: 'Data store connection' });
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.session())?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(api.requests.filter((r) => r.url.includes('/changes'))).toEqual([]);
  });

  it('says so when the store does not exist', async () => {
    const catalog = fakeCatalog();
    addWorkspace(catalog, 'acme');
    renderConsole({ fetch: catalogFetch(catalog).fetch, path: '/stores/acme/nope', session: ADMIN_SESSION });
    expect(await screen.findByText('There is no data store acme:nope')).toBeTruthy();
  });
});
