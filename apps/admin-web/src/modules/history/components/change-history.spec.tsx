import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogFetch, fakeCatalog } from '../../../test/fake-catalog';
import type { RecordedRequest } from '../../../test/fake-rest';
import { ADMIN_SESSION, renderConsole } from '../../../test/render-console';

const change = (seq: number, name: string) => ({
  seq,
  time: '2026-03-04T05:06:07.000Z',
  user: 'admin',
  operation: 'update',
  kind: 'dataStore',
  resource: `/workspaces/acme/datastores/${name}`,
  request: `r${seq}`,
  before: { dataStore: { name, description: 'old' } },
  after: { dataStore: { name, description: 'new' } },
});

function openHistory() {
  const changes = [change(3, 'c'), change(2, 'b'), change(1, 'a')];
  const answer = (request: RecordedRequest) =>
    new URL(request.url, 'http://h').pathname.endsWith('/changes.json') ? { status: 200, body: { changes: { change: changes } } } : null;
  return renderConsole({ fetch: catalogFetch(fakeCatalog(), answer).fetch, path: '/history', session: ADMIN_SESSION });
}

/** The rows of the change table itself (not of the field table inside open details). */
const ownRows = (table: HTMLElement) => [...table.querySelectorAll(':scope > tbody > tr')] as HTMLElement[];

describe('change history details', () => {
  afterEach(() => vi.restoreAllMocks());

  it('open in the row right under their change, are scrolled into view, and close again', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    openHistory();
    const table = await screen.findByRole('table', { name: 'Changes' });
    const button = screen.getByRole('button', { name: 'Details of change 2' });
    fireEvent.click(button);

    const details = await screen.findByRole('region', { name: 'Change 2: data store updated' });
    const rows = ownRows(table);
    const at = rows.findIndex((row) => row.contains(button));
    expect(rows).toHaveLength(4);
    expect(rows[at + 1].contains(details)).toBe(true);
    expect(rows[at + 1].querySelector('td')?.colSpan).toBe(6);
    expect(within(details).getByRole('table', { name: 'Fields changed by change 2' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(details.id);
    expect(scrolled.mock.contexts).toContain(details);

    // Another row's details replace them, under that row.
    const first = screen.getByRole('button', { name: 'Details of change 3' });
    fireEvent.click(first);
    const other = await screen.findByRole('region', { name: 'Change 3: data store updated' });
    expect(ownRows(table)[1].contains(other)).toBe(true);
    expect(screen.queryByRole('region', { name: 'Change 2: data store updated' })).toBeNull();
    fireEvent.click(first);
    expect(ownRows(table)).toHaveLength(3);
  });
});
