import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addStore, addWorkspace, catalogFetch, fakeCatalog, publish, sld } from '../../../test/fake-catalog';
import { layerGroupEndpoints, type FakeGroup } from '../../../test/fake-layergroups';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

/** Workspace acme with layers states (also drawn with acme:blue) and rivers; groups as given. */
function open(path: string, groups: FakeGroup[], roles?: string[]) {
  const catalog = fakeCatalog();
  addWorkspace(catalog, 'acme').styles.set('blue', sld('blue', '#4169E1'));
  const store = addStore(catalog, 'acme', 'pg');
  publish(store, 'states').styles = [{ name: 'blue', workspace: 'acme' }];
  publish(store, 'rivers');
  const api = catalogFetch(catalog, layerGroupEndpoints(groups));
  return { api, ...renderConsole({ fetch: api.fetch, path, session: ADMIN_SESSION, roles }) };
}

const BASE: FakeGroup = {
  workspace: 'acme',
  name: 'base',
  mode: 'SINGLE',
  title: 'Base map',
  members: [
    { type: 'layer', name: 'acme:states', style: 'acme:blue' },
    { type: 'layer', name: 'acme:rivers', style: null },
  ],
};
const WORLD: FakeGroup = { workspace: null, name: 'world', mode: 'NAMED', title: 'World', members: [{ type: 'layerGroup', name: 'acme:base', style: null }] };

const rows = () =>
  within(screen.getByRole('table', { name: 'Layer groups' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

// A page's first render loads its modules: on a busy machine that alone takes seconds.
const SLOW = 20_000;

describe('layer groups pages', () => {
  it(
    'lists global and workspace groups; a reader gets no write control',
    async () => {
      open('/layergroups', [BASE, WORLD], ['READER']);
      await screen.findByRole('rowheader', { name: 'world' }, { timeout: 5_000 });
      expect(screen.getByRole('rowheader', { name: 'base' })).toBeTruthy();
      expect(rows().map((r) => r[0])).toEqual(['acme', 'Global']);
      expect(screen.queryByRole('link', { name: 'New layer group' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
      expect(screen.getByRole('link', { name: 'Open layer group acme:base' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'creates a group with two members in the order and styles chosen',
    async () => {
      const groups: FakeGroup[] = [];
      const { api, router } = open('/layergroups/new?workspace=acme', groups);
      fireEvent.change(await screen.findByLabelText('Name', undefined, { timeout: 5_000 }), { target: { value: 'overview' } });
      fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Overview' } });
      const add = async (value: string) => {
        await screen.findByRole('option', { name: value.split(' ')[1] });
        fireEvent.change(screen.getByLabelText('Add a member'), { target: { value } });
        fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
      };
      await add('layer acme:states');
      await add('layer acme:rivers');
      // rivers first, then states drawn over it with its other style.
      fireEvent.click(screen.getByRole('button', { name: 'Move acme:rivers up' }));
      const members = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
      expect(members.map((m) => m.textContent?.split('Style of member')[0])).toEqual(['Layer acme:rivers', 'Layer acme:states']);
      await screen.findByRole('option', { name: 'acme:blue' });
      fireEvent.change(screen.getByLabelText('Style of member 2'), { target: { value: 'acme:blue' } });
      fireEvent.click(screen.getByRole('button', { name: 'Create layer group' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/layergroups/acme/overview'));
      const post = api.requests.find((r) => r.method === 'POST');
      expect(post?.url).toBe('/geoserver/rest/workspaces/acme/layergroups');
      expect(JSON.parse(post?.body ?? '')).toEqual({
        layerGroup: {
          name: 'overview',
          workspace: { name: 'acme' },
          mode: 'SINGLE',
          title: 'Overview',
          abstractTxt: '',
          publishables: {
            published: [
              { '@type': 'layer', name: 'acme:rivers' },
              { '@type': 'layer', name: 'acme:states' },
            ],
          },
          styles: { style: ['', { name: 'blue', workspace: 'acme' }] },
        },
      });
      expect(await screen.findByText('Layer group acme:overview created.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'reads a group back with its members and styles, and saves a change',
    async () => {
      const groups = [{ ...BASE, members: [...BASE.members] }];
      open('/layergroups/acme/base', groups);
      const list = await screen.findByRole('list', { name: 'Members' });
      await waitFor(() => expect((screen.getByLabelText('Style of member 1') as HTMLSelectElement).value).toBe('acme:blue'));
      expect((screen.getByLabelText('Style of member 2') as HTMLSelectElement).value).toBe('');
      expect((screen.getByLabelText('Name') as HTMLInputElement).readOnly).toBe(true);
      fireEvent.click(within(list).getByRole('button', { name: 'Remove acme:rivers' }));
      fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Only states' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      await screen.findByText('Layer group acme:base saved.');
      expect(groups[0]).toMatchObject({ title: 'Only states', members: [{ type: 'layer', name: 'acme:states', style: 'acme:blue' }] });
    },
    SLOW,
  );

  it(
    'says what a delete does: the groups holding it lose it, one left empty goes too',
    async () => {
      const groups = [BASE, WORLD];
      const { api } = open('/layergroups', groups);
      fireEvent.click(await screen.findByRole('button', { name: 'Delete layer group acme:base' }));
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByText('It is taken out of the groups that hold it:');
      expect(within(dialog).getByText(/2 layers and 0 groups/)).toBeTruthy();
      expect(within(dialog).getByRole('listitem').textContent).toBe('world — left empty, so it is deleted too');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete layer group' }));
      await screen.findByText('Layer group acme:base deleted.');
      expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/geoserver/rest/workspaces/acme/layergroups/base?recurse=true']);
      expect(groups).toEqual([]);
    },
    SLOW,
  );
});
