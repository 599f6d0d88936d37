import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addStore, addWorkspace, catalogFetch, fakeCatalog, publish } from '../../../test/fake-catalog';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

describe('publish page', () => {
  it('offers the unpublished tables with geometry and publishes several at once, with a title', async () => {
    const catalog = fakeCatalog();
    addWorkspace(catalog, 'acme');
    const store = addStore(catalog, 'acme', 'pg', ['roads', 'states', 'rivers']);
    publish(store, 'roads');
    const api = catalogFetch(catalog);
    renderConsole({ fetch: api.fetch, path: '/layers/publish?store=acme:pg', session: ADMIN_SESSION });

    const tables = await screen.findByRole('group');
    expect(
      within(tables)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Tables with geometry, not published yet (2)', 'rivers', 'states']);
    fireEvent.click(within(tables).getByRole('checkbox', { name: 'states' }));
    fireEvent.click(within(tables).getByRole('checkbox', { name: 'rivers' }));
    fireEvent.change(screen.getByLabelText('Title of states'), { target: { value: 'US States' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish 2 tables' }));

    const progress = await screen.findByRole('region', { name: 'Publishing' });
    await waitFor(() => expect(within(progress).getAllByText(/^Published acme:/)).toHaveLength(2));
    expect(
      within(progress)
        .getAllByRole('link', { name: 'Preview' })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/preview/acme:rivers?mode=client', '/preview/acme:states?mode=client']);
    const posts = api.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body ?? '').featureType);
    expect(posts).toEqual([
      { name: 'rivers', nativeName: 'rivers', enabled: true },
      { name: 'states', nativeName: 'states', enabled: true, title: 'US States' },
    ]);
    // Published tables leave the list.
    expect(await screen.findByText('Every table with geometry is published')).toBeTruthy();
  });

  it('filters a long table list (state in the URL next to ?store=) and ticks every match at once', async () => {
    const catalog = fakeCatalog();
    addWorkspace(catalog, 'acme');
    addStore(
      catalog,
      'acme',
      'pg',
      Array.from({ length: 30 }, (_, i) => (i % 3 ? `parcel_${i}` : `road_${i}`)),
    );
    const { router } = renderConsole({ fetch: catalogFetch(catalog).fetch, path: '/layers/publish?store=acme:pg', session: ADMIN_SESSION });
    fireEvent.change(await screen.findByLabelText('Filter tables'), { target: { value: 'road' } });
    await screen.findByText('Tables matching “road” (10 of 30)');
    expect(new URLSearchParams(router.state.location.search).get('store')).toBe('acme:pg');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('road');
    fireEvent.click(screen.getByRole('checkbox', { name: /Tables matching/ }));
    expect(screen.getByText('10 chosen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish 10 tables' })).toBeTruthy();
  });

  it('asks for at least one table', async () => {
    const catalog = fakeCatalog();
    addWorkspace(catalog, 'acme');
    addStore(catalog, 'acme', 'pg', ['states']);
    renderConsole({ fetch: catalogFetch(catalog).fetch, path: '/layers/publish?store=acme:pg', session: ADMIN_SESSION });
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(screen.getByText('Tick at least one table to publish.')).toBeTruthy();
  });
});
