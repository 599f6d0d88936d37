import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addStore, addWorkspace, catalogFetch, fakeCatalog, publish, sld } from '../../../test/fake-catalog';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

describe('styles list: which layers use a style', () => {
  it('asks nothing until Show layers, then names the layers using it, the default marked', async () => {
    const catalog = fakeCatalog();
    addWorkspace(catalog, 'acme').styles.set('blue', sld('blue', '#4169E1'));
    const store = addStore(catalog, 'acme', 'pg');
    publish(store, 'states').styles = [{ name: 'blue', workspace: 'acme' }];
    publish(store, 'rivers');
    const api = catalogFetch(catalog);
    renderConsole({ fetch: api.fetch, path: '/styles', session: ADMIN_SESSION });
    const button = await screen.findByRole('button', { name: 'Show layers that use acme:blue' }, { timeout: 5_000 });
    fireEvent.click(button);
    const list = await screen.findByRole('list', { name: 'Layers that use acme:blue' }, { timeout: 5_000 });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['acme:states']);
  }, 20_000);
});
