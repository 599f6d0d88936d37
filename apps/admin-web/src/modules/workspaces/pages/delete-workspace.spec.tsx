import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addStore, addWorkspace, catalogFetch, fakeCatalog, publish, sld } from '../../../test/fake-catalog';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

describe('deleting a workspace', () => {
  it('names its stores, layers and styles first, and needs its name typed', async () => {
    const catalog = fakeCatalog();
    const ws = addWorkspace(catalog, 'acme');
    publish(addStore(catalog, 'acme', 'pg'), 'states');
    ws.styles.set('blue', sld('blue', '#4169E1'));
    const api = catalogFetch(catalog);
    renderConsole({ fetch: api.fetch, path: '/workspaces', session: ADMIN_SESSION });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete workspace acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete workspace acme?' });
    expect(await within(dialog).findByText('Data store pg')).toBeTruthy();
    expect(within(dialog).getByText('Layer acme:states')).toBeTruthy();
    expect(within(dialog).getByText('Style blue')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Delete workspace' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Type acme to confirm/), { target: { value: 'acme' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('Workspace acme deleted.')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'DELETE')?.url).toBe('/geoserver/rest/workspaces/acme?recurse=true');
    await waitFor(() => expect(screen.getByText('No workspaces yet')).toBeTruthy());
  });
});
