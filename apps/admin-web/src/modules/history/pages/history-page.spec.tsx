import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addWorkspace, catalogFetch, fakeCatalog } from '../../../test/fake-catalog';
import type { FakeAnswer, RecordedRequest } from '../../../test/fake-rest';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

const H = 'http://h/geoserver/rest';
const change = (seq: number, operation: string, resource: string, before: unknown, after: unknown) => ({
  seq,
  time: '2026-03-04T05:06:07.000Z',
  user: seq % 2 ? 'ann' : 'admin',
  operation,
  kind: resource.includes('/styles/') ? 'style' : 'dataStore',
  resource,
  request: `r${seq}`,
  before,
  after,
});
const HISTORY = [
  change(9, 'update', '/workspaces/acme/datastores/pg', { dataStore: { name: 'pg', description: 'old' } }, { dataStore: { name: 'pg', description: 'new' } }),
  change(8, 'delete', '/workspaces/acme/styles/blue', { style: { name: 'blue', filename: 'blue.sld' } }, null),
  change(7, 'create', '/namespaces/acme', null, { namespace: { prefix: 'acme', uri: 'http://acme' } }),
];

/** The history endpoints: two pages (2 + 1), a revert refused with 409 unless forced. */
function historyServer() {
  const seen: RecordedRequest[] = [];
  const answer = (request: RecordedRequest): FakeAnswer | null => {
    const url = new URL(request.url, 'http://h');
    if (url.pathname.endsWith('/changes.json')) {
      seen.push(request);
      const older = url.searchParams.get('olderThan');
      const user = url.searchParams.get('user');
      const all = HISTORY.filter((c) => !user || c.user === user);
      const page = older ? all.filter((c) => c.seq < Number(older)) : all.slice(0, 2);
      const next = !older && all.length > 2 ? `${H}/changes.json?limit=25&olderThan=${page[page.length - 1].seq}` : undefined;
      return { status: 200, body: { changes: { change: page, ...(next ? { next } : {}) } } };
    }
    if (url.pathname.endsWith('/revert')) {
      seen.push(request);
      return url.searchParams.get('force') === 'true'
        ? { status: 200 }
        : {
            status: 409,
            contentType: 'application/problem+json',
            body: { code: 'CHANGED_SINCE', detail: 'Cannot revert change 8: /workspaces/acme/styles/blue changed after it (change 10 by ann).' },
          };
    }
    return null;
  };
  return { answer, seen };
}

function openHistory(path = '/history', roles?: string[]) {
  const catalog = fakeCatalog();
  addWorkspace(catalog, 'acme');
  const server = historyServer();
  const api = catalogFetch(catalog, server.answer);
  const view = renderConsole({ fetch: api.fetch, path, session: ADMIN_SESSION, roles });
  return { ...server, ...view };
}

describe('history page', () => {
  it('shows a reader why it is not there (the history is for administrators), asks nothing of it, and leaves it out of the menu', async () => {
    const { seen } = openHistory('/history', ['READER']);
    expect(await screen.findByText('For administrators only')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'History' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Workspaces' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'History' })).toBeNull();
    expect(seen).toEqual([]);
  });

  it('lists changes newest first, links records that have a page, and loads older ones', async () => {
    openHistory();
    const table = await screen.findByRole('table', { name: 'Changes' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]).getByRole('link', { name: '/workspaces/acme/datastores/pg' }).getAttribute('href')).toBe('/stores/acme/pg');
    expect(within(rows()[0]).getByText('updated')).toBeTruthy();
    expect(within(rows()[1]).getByText('deleted')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[2]).queryByRole('link')).toBeNull();
    expect(within(rows()[2]).getByText('/namespaces/acme')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  it('filters by user through the URL, and by a resource given in the link', async () => {
    const server = openHistory('/history?resource=%2Fworkspaces%2Facme');
    await screen.findByRole('table', { name: 'Changes' });
    expect((screen.getByLabelText('Resource') as HTMLInputElement).value).toBe('/workspaces/acme');
    expect(new URL(server.seen[0].url, 'http://h').searchParams.get('resource')).toBe('/workspaces/acme');
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(new URL(server.seen[server.seen.length - 1].url, 'http://h').searchParams.get('user')).toBe('ann'));
  });

  it('shows a change field by field, and reverts it: a 409 shows the sentence and offers Revert anyway', async () => {
    const server = openHistory();
    fireEvent.click(await screen.findByRole('button', { name: 'Details of change 9' }));
    const fields = await screen.findByRole('table', { name: 'Fields changed by change 9' });
    const row = within(fields).getByRole('row', { name: /description/ });
    expect(within(row).getByText('old')).toBeTruthy();
    expect(within(row).getByText('new')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Details of change 8' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert change 8?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(await within(dialog).findByText(/changed after it \(change 10 by ann\)/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revert anyway' }));
    expect(await screen.findByText(/Change 8 reverted/)).toBeTruthy();
    expect(server.seen.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/geoserver/rest/changes/8/revert',
      '/geoserver/rest/changes/8/revert?force=true',
    ]);
  });
});
