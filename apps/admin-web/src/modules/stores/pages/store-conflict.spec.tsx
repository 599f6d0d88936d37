import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addStore, addWorkspace, bumpVersion, catalogFetch, fakeCatalog } from '../../../test/fake-catalog';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

const STORE = '/workspaces/acme/datastores/pg';

/** The store page open with the host edited, while someone else changed the database meanwhile. */
async function editAfterSomeoneElse() {
  const catalog = fakeCatalog();
  addWorkspace(catalog, 'acme');
  const store = addStore(catalog, 'acme', 'pg');
  const api = catalogFetch(catalog);
  renderConsole({ fetch: api.fetch, path: '/stores/acme/pg', session: ADMIN_SESSION });
  const form = await screen.findByRole('form', { name: 'Edit data store' });
  fireEvent.change(within(form).getByLabelText('Host'), { target: { value: 'mine' } });
  // Another user saves the store: a new version.
  store.params.database = 'theirs';
  bumpVersion(catalog, STORE);
  fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
  const dialog = await screen.findByRole('dialog', { name: 'The data store acme:pg changed since you opened it' });
  return { catalog, store, api, dialog };
}

describe('data store page: a stale edit', () => {
  it('sends If-Match, and on 412 shows what changed since it was opened', async () => {
    const { api, dialog } = await editAfterSomeoneElse();
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.headers.get('If-Match')).toBe('"1"');
    const fields = await within(dialog).findByRole('table', { name: /What changed in data store acme:pg/ });
    const row = within(fields).getByRole('row', { name: /connectionParameters\.database/ });
    expect(within(row).getByText('gis')).toBeTruthy();
    expect(within(row).getByText('theirs')).toBeTruthy();
    expect(within(fields).getAllByRole('row')).toHaveLength(2);
  });

  it('Overwrite resends the edit with the current version', async () => {
    const { api, dialog, store } = await editAfterSomeoneElse();
    await within(dialog).findByRole('table');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    expect(await screen.findByText('Data store acme:pg saved.')).toBeTruthy();
    const puts = api.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.headers.get('If-Match'))).toEqual(['"1"', '"2"']);
    expect(store.params.host).toBe('mine');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Reload discards the edit and shows the current version', async () => {
    const { api, dialog, store } = await editAfterSomeoneElse();
    await within(dialog).findByRole('table');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    const form = await screen.findByRole('form', { name: 'Edit data store' });
    await waitFor(() => expect((within(form).getByLabelText('Database') as HTMLInputElement).value).toBe('theirs'));
    expect((within(form).getByLabelText('Host') as HTMLInputElement).value).toBe('db');
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(store.params.host).toBe('db');
  });
});
