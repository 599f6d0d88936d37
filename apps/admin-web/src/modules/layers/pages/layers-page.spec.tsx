import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addStore, addWorkspace, catalogFetch, fakeCatalog, publish } from '../../../test/fake-catalog';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

function catalogWith(count: number) {
  const catalog = fakeCatalog();
  addWorkspace(catalog, 'acme');
  addWorkspace(catalog, 'topp');
  const a = addStore(catalog, 'acme', 'pg');
  const t = addStore(catalog, 'topp', 'pg');
  for (let i = 1; i <= count; i++) publish(i % 2 ? a : t, `layer${i}`, `Layer number ${i}`);
  return catalog;
}

const names = () =>
  within(screen.getByRole('table', { name: 'Layers' }))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('layers page', () => {
  it('shows title, CRS and lat/lon box of each layer', async () => {
    renderConsole({ fetch: catalogFetch(catalogWith(1)).fetch, path: '/layers', session: ADMIN_SESSION });
    const row = (await screen.findByRole('rowheader', { name: 'layer1' })).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Layer number 1')).toBeTruthy();
    expect(within(row).getByText('EPSG:4326')).toBeTruthy();
    expect(row.querySelector('.layer-cell__box')?.textContent).toBe('-111.05, 37-102.04, 45');
  });

  it('reads filter, sort and page from the URL and writes them back', async () => {
    const { router } = renderConsole({ fetch: catalogFetch(catalogWith(30)).fetch, path: '/layers?workspace=acme&dir=desc', session: ADMIN_SESSION });
    await screen.findByRole('table', { name: 'Layers' });
    expect(names().slice(0, 3)).toEqual(['layer29', 'layer27', 'layer25']);
    expect(screen.getByText('1–15 of 15 layers')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(router.state.location.search).toBe('?workspace=acme'));
    expect(names()[0]).toBe('layer1');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('pages through 25 rows at a time, and keeps a selection across pages', async () => {
    const { router } = renderConsole({ fetch: catalogFetch(catalogWith(30)).fetch, path: '/layers', session: ADMIN_SESSION });
    await screen.findByRole('table', { name: 'Layers' });
    expect(names()).toHaveLength(25);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select acme:layer1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(names()).toEqual(['layer26', 'layer27', 'layer28', 'layer29', 'layer30']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select topp:layer30' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
  });

  it('filters by text after typing, and says when nothing matches', async () => {
    const { router } = renderConsole({ fetch: catalogFetch(catalogWith(3)).fetch, path: '/layers', session: ADMIN_SESSION });
    await screen.findByRole('table', { name: 'Layers' });
    fireEvent.change(screen.getByLabelText('Filter layers'), { target: { value: 'nothing-like-this' } });
    expect(await screen.findByText('No layers match')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=nothing-like-this');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(names()).toHaveLength(3));
  });

  it('disables a layer from its switch', async () => {
    const catalog = catalogWith(1);
    renderConsole({ fetch: catalogFetch(catalog).fetch, path: '/layers', session: ADMIN_SESSION });
    const toggle = await screen.findByRole('switch', { name: 'acme:layer1 enabled' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(catalog.workspaces.get('acme')?.stores[0].featureTypes[0].enabled).toBe(false));
    expect(await screen.findByText('Layer acme:layer1 disabled.')).toBeTruthy();
  });
});
