import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../api';
import { addStore, addWorkspace, catalogFetch, fakeCatalog, publish, sld } from '../test/fake-catalog';
import { ADMIN_SESSION, renderConsole } from '../test/render-console';

/** Names of buttons and links that change the catalog, wherever they are. */
const WRITE_BUTTON =
  /^(Delete|Save|Save changes|Save styles|Create|Create and edit|Create workspace|Create data store|Revert to saved|Test connection|Enable|Disable)\b|^Delete /;
const WRITE_LINK = /^(New PostGIS store|Add a PostGIS store|Publish layers|Publish tables|Publish layers from )/;

/** Every control on the page that would change the catalog, named. */
function writeControls(): string[] {
  const named = (element: HTMLElement) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
  return [
    ...screen.queryAllByRole('button', { name: WRITE_BUTTON }).map((b) => `button ${named(b)}`),
    ...screen.queryAllByRole('link', { name: WRITE_LINK }).map((l) => `link ${named(l)}`),
    ...screen.queryAllByRole('switch').map((s) => `switch ${named(s)}`),
    ...screen.queryAllByRole('checkbox').map((c) => `checkbox ${named(c)}`),
    ...(screen.queryAllByRole('textbox') as HTMLInputElement[])
      .filter((t) => !t.readOnly && !/^Filter /.test(t.getAttribute('aria-label') ?? t.labels?.[0]?.textContent ?? ''))
      .map((t) => `field ${t.getAttribute('aria-label') ?? t.labels?.[0]?.textContent}`),
  ];
}

/** The record pages, each with what shows once it has loaded. */
const PAGES: Array<[path: string, loaded: () => Promise<unknown>]> = [
  ['/workspaces', () => screen.findByRole('rowheader', { name: 'acme' })],
  ['/stores', () => screen.findByRole('rowheader', { name: 'pg' })],
  ['/stores/acme/pg', () => screen.findByRole('link', { name: 'Preview acme:states' })],
  ['/layers', () => screen.findByRole('rowheader', { name: 'states' })],
  ['/layers/acme/states', () => screen.findByRole('table', { name: 'Attributes of acme:states' })],
  ['/styles', () => screen.findByRole('rowheader', { name: 'blue' })],
  ['/styles/acme/blue', () => screen.findByRole('textbox', { name: 'SLD of style acme:blue' }, { timeout: 5_000 })],
];

/** `administers`: the workspaces `GET /security/self` says the user administers (`ws.*.a`). */
function open(path: string, roles: string[], administers: string[] = []) {
  const catalog = fakeCatalog();
  addWorkspace(catalog, 'acme').styles.set('blue', sld('blue', '#4169E1'));
  addWorkspace(catalog, 'other');
  publish(addStore(catalog, 'acme', 'pg', ['states', 'rivers']), 'states');
  const self = { self: { userName: 'admin', roles: { role: roles }, administers: administers.length ? { workspace: administers } : '' } };
  const api = catalogFetch(catalog, (r) =>
    r.method === 'GET' && new URL(r.url, 'http://h').pathname.endsWith('/rest/security/self.json') ? { status: 200, body: self } : null,
  );
  return { api, ...renderConsole({ fetch: api.fetch, path, session: ADMIN_SESSION, roles }) };
}

describe('controls follow the signed-in user’s roles', () => {
  afterEach(() => cleanup());

  it.each(PAGES)('%s: an administrator has its write controls', async (path, loaded) => {
    open(path, ['ADMIN']);
    await loaded();
    await waitFor(() => expect(writeControls()).not.toEqual([]));
  });

  it.each(PAGES)('%s: a reader has none, and asks nothing but reads', async (path, loaded) => {
    const { api, queryClient } = open(path, ['READER']);
    await loaded();
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.session())?.status).toBe('success'));
    // Its cells (switches, styles) load after the page: let them.
    await waitFor(() => expect(document.querySelector('[aria-busy="true"], .skeleton')).toBeNull());
    expect(writeControls()).toEqual([]);
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  /** acme's record pages, and its lists filtered to it. */
  const ACME_PAGES = PAGES.filter(([path]) => path.includes('/acme/')).concat([
    ['/stores?workspace=acme', () => screen.findByRole('rowheader', { name: 'pg' })],
    ['/styles?workspace=acme', () => screen.findByRole('rowheader', { name: 'blue' })],
  ]);

  it.each(ACME_PAGES)('%s: the administrator of workspace acme has its write controls', async (path, loaded) => {
    open(path, ['EDITOR'], ['acme']);
    await loaded();
    await waitFor(() => expect(writeControls()).not.toEqual([]));
  });

  it.each(ACME_PAGES)('%s: the administrator of another workspace has none', async (path, loaded) => {
    const { api, queryClient } = open(path, ['EDITOR'], ['other']);
    await loaded();
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.self())?.status).toBe('success'));
    await waitFor(() => expect(document.querySelector('[aria-busy="true"], .skeleton')).toBeNull());
    expect(writeControls()).toEqual([]);
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('/workspaces: a workspace administrator may not create or delete workspaces (ADMIN’s)', async () => {
    open('/workspaces', ['EDITOR'], ['acme']);
    await screen.findByRole('rowheader', { name: 'acme' });
    await waitFor(() => expect(document.querySelector('[aria-busy="true"], .skeleton')).toBeNull());
    expect(writeControls()).toEqual([]);
  });

  it.each([
    ['/stores/new', 'New PostGIS data store'],
    ['/layers/publish?store=acme:pg', 'Publish layers'],
  ])('%s: a reader is told the page changes the catalog, and gets no form', async (path, title) => {
    open(path, ['READER']);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(await screen.findByText('You can read the catalog, not change it')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(writeControls()).toEqual([]);
  });
});
