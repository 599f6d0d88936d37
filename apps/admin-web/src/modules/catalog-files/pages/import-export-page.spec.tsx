import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys, type ImportAnswer, type PlanEntry } from '../../../api';
import { fakeFetch, type FakeAnswer, type RecordedRequest } from '../../../test/fake-rest';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

const CREATES: PlanEntry[] = [
  { action: 'create', kind: 'workspace', resource: '/workspaces/parks' },
  { action: 'create', kind: 'namespace', resource: '/namespaces/parks' },
  { action: 'create', kind: 'style', resource: '/styles/trail_line' },
  { action: 'unchanged', kind: 'style', resource: '/styles/point' },
];

/** A server with two workspaces whose import answers with `answer(request)`. */
function importApi(answer: (request: RecordedRequest) => FakeAnswer) {
  return fakeFetch((request) => {
    if (request.method === 'GET' && request.url.endsWith('/workspaces.json')) {
      return { status: 200, body: { workspaces: { workspace: [{ name: 'acme' }, { name: 'topp' }] } } };
    }
    if (request.method === 'POST' && request.url.includes('/catalog/import')) return answer(request);
    return { status: 404, body: 'No such resource' };
  });
}

/** Answers a dry run with `plan`, a real import with the same plan applied. */
const planThenApply =
  (plan: PlanEntry[]) =>
  (request: RecordedRequest): FakeAnswer => ({
    status: 200,
    body: { plan, applied: !request.url.includes('dryRun=true') } satisfies ImportAnswer,
    headers: request.url.includes('dryRun=true') ? { 'Dry-Run': 'true' } : {},
  });

/** Opens the page signed in (as the admin, unless `roles` say otherwise), once the session check is done. */
async function openPage(answer: (request: RecordedRequest) => FakeAnswer, roles?: string[]) {
  const api = importApi(answer);
  const view = renderConsole({ fetch: api.fetch, path: '/import-export', session: ADMIN_SESSION, roles });
  await screen.findByRole('heading', { level: 1, name: 'Import / Export' });
  return { api, ...view };
}

function chooseZip(name = 'datadir.zip') {
  const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], name, { type: 'application/zip' });
  fireEvent.change(screen.getByLabelText('Data directory (.zip)'), { target: { files: [file] } });
  return file;
}

/** The request's `datadir` part is the chosen file: same name, same bytes. */
async function expectZipPart(request: RecordedRequest, file: File) {
  const part = request.form?.get('datadir') as File;
  expect(part.name).toBe(file.name);
  expect(new Uint8Array(await part.arrayBuffer())).toEqual(new Uint8Array(await file.arrayBuffer()));
}

const importRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.includes('/catalog/import'));
const applyButton = () => screen.getByRole('button', { name: 'Apply' });

describe('import / export page', () => {
  it('is in the navigation for administrators only', async () => {
    await openPage(planThenApply([]));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Import / Export' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Import / Export' })).toBeTruthy();
  });

  it('is not in the navigation of a reader, nor shown to one who opens it', async () => {
    const { queryClient } = await openPage(planThenApply([]), ['READER']);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Workspaces' });
    // The roles arrive with the session query: wait until it has answered.
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.session())?.status).toBe('success'));
    expect(within(nav).queryByRole('link', { name: 'Import / Export' })).toBeNull();
    // Typed in by hand, the page says why it is not there instead of offering what would be refused.
    expect(screen.getByText('For administrators only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Plan' })).toBeNull();
  });

  it('asks for a zip before planning, and sends nothing', async () => {
    const { api } = await openPage(planThenApply(CREATES));
    fireEvent.click(screen.getByRole('button', { name: 'Plan' }));
    expect(await screen.findByText('Choose the zip of a GeoServer data directory.')).toBeTruthy();
    expect(importRequests(api.requests)).toHaveLength(0);
    expect(applyButton().hasAttribute('disabled')).toBe(true);
  });

  it('plans with a dry run, shows the plan with counts, applies the same file and links to the lists', async () => {
    const { api } = await openPage(planThenApply(CREATES));
    const file = chooseZip('gs-data.zip');
    fireEvent.click(screen.getByRole('button', { name: 'Add a store password' }));
    fireEvent.change(screen.getByLabelText('Store 1'), { target: { value: 'parks:pg' } });
    fireEvent.change(screen.getByLabelText('Password 1'), { target: { value: 'pw' } });
    expect(applyButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Plan' }));

    const table = await screen.findByRole('table', { name: 'Import plan' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(CREATES.map((e) => e.resource));
    const summary = screen.getByRole('list', { name: 'Entries per action' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['+3 create', '=1 unchanged']);
    expect(screen.getByText('Dry run: nothing stored')).toBeTruthy();
    expect(screen.getByText(/Planned: 3 created, 0 updated, 0 deleted when applied/)).toBeTruthy();

    const [dryRun] = importRequests(api.requests);
    expect(dryRun.url).toBe('/geoserver/rest/catalog/import?dryRun=true');
    await expectZipPart(dryRun, file);
    expect(JSON.parse(dryRun.form?.get('secrets') as string)).toEqual({ 'parks:pg': 'pw' });

    await waitFor(() => expect(applyButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(applyButton());
    expect(await screen.findByText(/3 created, 0 updated, 0 deleted\./)).toBeTruthy();
    expect(screen.getByText('Stored in one transaction')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Imported records' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'layers' }).getAttribute('href')).toBe('/layers');
    expect(screen.getByRole('link', { name: 'workspaces' }).getAttribute('href')).toBe('/workspaces');

    const [, real] = importRequests(api.requests);
    expect(real.url).toBe('/geoserver/rest/catalog/import');
    await expectZipPart(real, file);
    expect(JSON.parse(real.form?.get('secrets') as string)).toEqual({ 'parks:pg': 'pw' });
    expect(applyButton().hasAttribute('disabled')).toBe(true);
  });

  it('sends prune with the plan and asks before applying a plan that deletes', async () => {
    const plan: PlanEntry[] = [...CREATES, { action: 'delete', kind: 'layer', resource: '/layers/parks:old' }];
    const { api } = await openPage(planThenApply(plan));
    chooseZip();
    fireEvent.click(screen.getByRole('checkbox', { name: /Prune/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Plan' }));
    await screen.findByRole('table', { name: 'Import plan' });
    expect(importRequests(api.requests)[0].url).toBe('/geoserver/rest/catalog/import?dryRun=true&prune=true');

    await waitFor(() => expect(applyButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(applyButton());
    const dialog = await screen.findByRole('dialog', { name: 'Apply and delete?' });
    expect(dialog.textContent).toContain('The plan deletes 1 record');
    expect(importRequests(api.requests)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply and delete 1' }));
    expect(await screen.findByText(/3 created, 0 updated, 1 deleted\./)).toBeTruthy();
    expect(importRequests(api.requests)[1].url).toBe('/geoserver/rest/catalog/import?prune=true');
  });

  it('shows a plan with errors (400) and keeps Apply disabled', async () => {
    const plan: PlanEntry[] = [
      { action: 'create', kind: 'workspace', resource: '/workspaces/parks' },
      { action: 'error', kind: 'style', resource: '/styles/broken', reason: 'Invalid style: line 3: unexpected element' },
    ];
    await openPage(() => ({ status: 400, body: { plan, applied: false } }));
    chooseZip();
    fireEvent.click(screen.getByRole('button', { name: 'Plan' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The plan has errors');
    expect(alert.textContent).toContain('1 entry is an error');
    expect(screen.getByRole('rowheader', { name: '/styles/broken' }).closest('tr')?.textContent).toContain('Invalid style: line 3: unexpected element');
    expect(applyButton().hasAttribute('disabled')).toBe(true);
  });

  it.each([
    [413, 'The import is larger than the limit of 100 MiB'],
    [400, 'The import is not a zip file'],
    [403, "User 'admin' may not import"],
  ])("shows the server's sentence for a %i", async (status, text) => {
    await openPage(() => ({ status, body: text }));
    chooseZip();
    fireEvent.click(screen.getByRole('button', { name: 'Plan' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The plan could not be made');
    expect(alert.textContent).toContain(text);
    expect(screen.queryByRole('table', { name: 'Import plan' })).toBeNull();
  });

  it('says when the server cannot be reached', async () => {
    const api = importApi(() => ({ status: 200 }));
    const fetch: typeof globalThis.fetch = (input, init) =>
      String(input).includes('/catalog/import') ? Promise.reject(new TypeError('Failed to fetch')) : api.fetch(input, init);
    renderConsole({ fetch, path: '/import-export', session: ADMIN_SESSION });
    await screen.findByRole('heading', { level: 1, name: 'Import / Export' });
    chooseZip();
    fireEvent.click(screen.getByRole('button', { name: 'Plan' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The server could not be reached');
  });

  it('drops the plan when the file changes', async () => {
    await openPage(planThenApply(CREATES));
    chooseZip();
    fireEvent.click(screen.getByRole('button', { name: 'Plan' }));
    await screen.findByRole('table', { name: 'Import plan' });
    chooseZip('other.zip');
    expect(screen.queryByRole('table', { name: 'Import plan' })).toBeNull();
    expect(applyButton().hasAttribute('disabled')).toBe(true);
  });

  it('checks the store passwords before planning', async () => {
    const { api } = await openPage(planThenApply(CREATES));
    chooseZip();
    fireEvent.click(screen.getByRole('button', { name: 'Add a store password' }));
    fireEvent.change(screen.getByLabelText('Store 1'), { target: { value: 'no-colon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Plan' }));
    expect(await screen.findByText('Write the store as workspace:store, e.g. topp:states_pg.')).toBeTruthy();
    expect(importRequests(api.requests)).toHaveLength(0);
  });

  it('links the export of the catalog, or of the workspace picked', async () => {
    await openPage(planThenApply([]));
    const link = screen.getByRole('link', { name: 'Download geocatalog-catalog.zip' });
    expect(link.getAttribute('href')).toBe('/geoserver/rest/catalog/export');
    const picker = screen.getByLabelText('What to export');
    await within(picker).findByRole('option', { name: 'Workspace topp' });
    fireEvent.change(picker, { target: { value: 'topp' } });
    const one = screen.getByRole('link', { name: 'Download geocatalog-topp.zip' });
    expect(one.getAttribute('href')).toBe('/geoserver/rest/catalog/export?workspace=topp');
    expect(one.getAttribute('download')).toBe('geocatalog-topp.zip');
  });
});
