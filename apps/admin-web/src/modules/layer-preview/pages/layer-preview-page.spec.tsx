import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addStore, addWorkspace, catalogFetch, fakeCatalog, publish } from '../../../test/fake-catalog';
import { layerGroupEndpoints, type FakeGroup } from '../../../test/fake-layergroups';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

const BASE: FakeGroup = { workspace: 'acme', name: 'base', mode: 'SINGLE', title: 'Base', members: [{ type: 'layer', name: 'acme:states', style: null }] };

function open(path: string) {
  const catalog = fakeCatalog();
  addWorkspace(catalog, 'acme');
  const store = addStore(catalog, 'acme', 'pg');
  publish(store, 'states');
  publish(store, 'rivers');
  const api = catalogFetch(catalog, layerGroupEndpoints([BASE]));
  return { api, ...renderConsole({ fetch: api.fetch, path, session: ADMIN_SESSION }) };
}

const SLOW = 20_000;

describe('Layer Preview page', () => {
  it(
    'lists layers and groups with their map, PNG, GeoJSON and legend links',
    async () => {
      open('/layer-preview');
      const map = await screen.findByRole('link', { name: 'Open map of acme:states' }, { timeout: 5_000 });
      expect(map.getAttribute('href')).toBe('/preview/acme:states');
      expect(screen.getByRole('link', { name: 'Open map of acme:base' }).getAttribute('href')).toBe('/preview/groups/acme:base');
      expect(screen.getByRole('link', { name: 'GeoJSON of acme:rivers' }).getAttribute('href')).toBe(
        '/geoserver/ogc/features/v1/collections/acme%3Arivers/items?f=json',
      );
      expect(screen.getByRole('link', { name: 'Legend of acme:states' }).getAttribute('href')).toBe(
        '/geoserver/wms?service=WMS&version=1.1.1&request=GetLegendGraphic&layer=acme:states&format=image/png',
      );
      // The PNG asks GetMap for the layer's lat/lon box, read for the shown row.
      const png = await screen.findByRole('link', { name: 'PNG of acme:states' });
      const url = new URL(png.getAttribute('href')!, 'http://x');
      expect(url.pathname).toBe('/geoserver/wms');
      expect(url.searchParams.get('request')).toBe('GetMap');
      expect(url.searchParams.get('bbox')!.split(',')).toHaveLength(4);
    },
    SLOW,
  );

  it(
    'filters by type, keeping the filter in the URL',
    async () => {
      const { router } = open('/layer-preview');
      await screen.findByRole('link', { name: 'Open map of acme:states' }, { timeout: 5_000 });
      fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'group' } });
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Open map of acme:states' })).toBeNull());
      expect(screen.getByRole('link', { name: 'Open map of acme:base' })).toBeTruthy();
      expect(router.state.location.search).toContain('kind=group');
    },
    SLOW,
  );
});
