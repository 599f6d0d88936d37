import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch, type RecordedRequest } from '../../../test/fake-rest';
import { renderSignedIn } from '../../../test/render-signed-in';
import { useFeaturesClient } from '../../auth';
import { AttributeTable, columnNames, formatValue, type FeatureRow } from './attribute-table';

const STATES = [
  { id: 1, name: 'Colorado', pop: 5 },
  { id: 2, name: 'New York', pop: 19 },
  { id: 3, name: 'Wyoming', pop: 1 },
];

/** The items endpoint over three states: sortby, offset/limit, and a filter on name = '…' (anything else: the server's 400). */
function answer(request: RecordedRequest) {
  const url = new URL(request.url, 'http://h');
  let rows = [...STATES];
  const filter = url.searchParams.get('filter');
  if (filter) {
    const match = /^name = '(.*)'$/.exec(filter);
    if (!match) return { status: 400, body: `Invalid filter: Unknown property "${filter.split(' ')[0]}" (not a published attribute) (at position 1, "x")` };
    rows = rows.filter((r) => r.name === match[1]);
  }
  const sortby = url.searchParams.get('sortby');
  if (sortby) rows.sort((a, b) => (sortby[0] === '-' ? -1 : 1) * (a.pop - b.pop));
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const page = rows.slice(offset, offset + Number(url.searchParams.get('limit')));
  const features = page.map(({ id, ...properties }) => ({ type: 'Feature', id, properties, geometry: { type: 'Point', coordinates: [id, id] } }));
  return {
    status: 200,
    body: { type: 'FeatureCollection', features, numberReturned: page.length, numberMatched: rows.length, links: [] },
    contentType: 'application/geo+json',
  };
}

function Harness({ selected }: { selected: Array<[string, boolean]> }) {
  const features = useFeaturesClient();
  const [filter, setFilter] = useState('');
  const [id, setId] = useState<string | null>(null);
  return (
    <AttributeTable
      features={features}
      collectionId="acme:states"
      attributeNames={['name', 'pop']}
      filter={filter}
      onFilter={setFilter}
      selectedId={id}
      onSelect={(row: FeatureRow, zoom) => {
        setId(row.id);
        selected.push([row.id, zoom]);
      }}
    />
  );
}

function renderTable() {
  const { fetch, requests } = fakeFetch(answer);
  const selected: Array<[string, boolean]> = [];
  renderSignedIn(<Harness selected={selected} />, fetch);
  const items = () =>
    requests.filter((r) => r.url.includes('/items?') && !r.url.includes('limit=1&')).map((r) => decodeURIComponent(new URL(r.url, 'http://h').search));
  return { items, selected };
}

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('AttributeTable', () => {
  afterEach(cleanup);

  it('pages the items, sorts on the server and selects or zooms to a row', async () => {
    const { items, selected } = renderTable();
    await screen.findByText('Wyoming');
    expect(items()[0]).toBe('?limit=25&offset=0');
    expect(screen.getByText('1–3 of 3 features')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'pop' }));
    await waitFor(() => expect(names()).toEqual(['Wyoming', 'Colorado', 'New York']));
    fireEvent.click(screen.getByRole('button', { name: 'pop' }));
    await waitFor(() => expect(names()).toEqual(['New York', 'Colorado', 'Wyoming']));
    expect(items()).toContain('?limit=25&offset=0&sortby=-pop');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom to feature 3' }));
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    expect(selected).toEqual([
      ['3', true],
      ['1', false],
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: '1' }).getAttribute('aria-pressed')).toBe('true'));
  }, 15_000);

  it('marks a filter the parser cannot read at its position and sends nothing; shows the server refusal at its position', async () => {
    const { items } = renderTable();
    await screen.findByText('Wyoming');
    const box = screen.getByLabelText('Filter (ECQL or CQL2)');
    fireEvent.change(box, { target: { value: 'pop > ' } });
    const error = await screen.findByText(/position 7/);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toContain(error.closest('.cql-field__error')!.id);
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    const sent = items().length;
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(items().length).toBe(sent);

    fireEvent.change(box, { target: { value: 'nope = 1' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText(/Unknown property "nope"/);
    expect(document.querySelector('.cql-field__mark')?.textContent).toBe('n');

    fireEvent.change(box, { target: { value: "name = 'Colorado'" } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(names()).toEqual(['Colorado']));
    expect(items().at(-1)).toBe("?limit=25&offset=0&filter=name = 'Colorado'&filter-lang=cql2-text");
    expect(screen.queryByText(/Unknown property/)).toBeNull();
  }, 15_000);

  it('writes values as text and takes columns from the rows', () => {
    expect([formatValue(null), formatValue(3), formatValue({ a: 1 })]).toEqual(['—', '3', '{"a":1}']);
    expect(columnNames([{ id: '1', properties: { b: 1, a: 2 }, geometry: null }], ['x'])).toEqual(['b', 'a']);
    expect(columnNames([], ['x'])).toEqual(['x']);
  });
});
