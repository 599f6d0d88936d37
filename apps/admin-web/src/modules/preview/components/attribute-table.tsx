import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { getFeaturePage, isObject, isRestError, itemsPagePath, queryKeys, type FeaturePage, type RestClient, type RestError } from '../../../api';
import { Alert, Button, DataTable, Pager, Skeleton, type Column, type ListState, type SortDirection } from '../../../ui';
import { checkFilter, CqlFilterField, problemOfRefusal } from '../../layers';
import './attribute-table.css';

/** One feature as a table row: its id, attributes and GeoJSON geometry (CRS84). */
export interface FeatureRow {
  id: string;
  properties: Record<string, unknown>;
  geometry: unknown;
}

export interface AttributeTableProps {
  features: RestClient;
  /** `ws:layer`. */
  collectionId: string;
  /** Column names to show while no page has said which properties the features have. */
  attributeNames: string[];
  /** The applied filter (ECQL / CQL2 text), '' for none. */
  filter: string;
  onFilter: (filter: string) => void;
  /** Id of the feature selected on the map. */
  selectedId: string | null;
  /** A row chosen (`zoom`: "Zoom to", else just selected). */
  onSelect: (row: FeatureRow, zoom: boolean) => void;
}

const PAGE_SIZE = 25;

/**
 * The layer's features as a table under the map, a page at a time from the OGC API items
 * (`limit`/`offset`), sorted by a column (`sortby=+a`/`-a`, on the server), filtered by ECQL / CQL2
 * text (`filter=`, read first by the shared parser in the browser, then by the server, each problem
 * shown at its position); a row can be selected or zoomed to on the map.
 */
export function AttributeTable({ features, collectionId, attributeNames, filter, onFilter, selectedId, onSelect }: AttributeTableProps) {
  const [draft, setDraft] = useState(filter);
  const [sort, setSort] = useState<{ key: string; dir: SortDirection } | null>(null);
  const [offset, setOffset] = useState(0);
  const [size, setSize] = useState(PAGE_SIZE);
  useEffect(() => setDraft(filter), [filter]);
  useEffect(() => setOffset(0), [filter, sort, size]);

  const query = { limit: size, offset, sortby: sort ? `${sort.dir === 'asc' ? '+' : '-'}${sort.key}` : null, filter };
  const page = useQuery<FeaturePage, RestError>({
    queryKey: queryKeys.featureTablePage(collectionId, query),
    queryFn: ({ signal }) => getFeaturePage(features, itemsPagePath(collectionId, query), signal),
    placeholderData: keepPreviousData,
  });
  const refused = isRestError(page.error) && page.error.isClientError;
  const rows = useMemo(() => rowsOf(page.data), [page.data]);
  const names = useMemo(() => columnNames(rows, attributeNames), [rows, attributeNames]);
  const draftProblem = checkFilter(draft);
  // The server's refusal of the applied filter, at its position, while the box still holds it.
  const problem = draftProblem ?? (refused && page.error && filter && draft === filter ? problemOfRefusal(page.error) : null);

  const apply = () => {
    if (!draftProblem) onFilter(draft.trim());
  };
  const columns: Column<FeatureRow>[] = [
    {
      key: '#id',
      header: 'Feature',
      rowHeader: true,
      cell: (row) => (
        <button type="button" className="attribute-table__id" aria-pressed={row.id === selectedId} onClick={() => onSelect(row, false)}>
          {row.id}
        </button>
      ),
    },
    ...names.map((name) => ({ key: name, header: name, sortable: true, cell: (row: FeatureRow) => formatValue(row.properties[name]) })),
    {
      key: '#zoom',
      header: 'Map',
      end: true,
      cell: (row) => (
        <Button small variant="ghost" aria-label={`Zoom to feature ${row.id}`} disabled={!row.geometry} onClick={() => onSelect(row, true)}>
          Zoom to
        </Button>
      ),
    },
  ];
  const state: ListState = { q: '', sort: sort?.key ?? '', dir: sort?.dir ?? 'asc', page: offset / size + 1, size, filters: {} };

  return (
    <section className="attribute-table" aria-labelledby="attribute-table-heading">
      <h2 id="attribute-table-heading" className="attribute-table__heading">
        Attributes
      </h2>
      <form
        className="attribute-table__filter"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <CqlFilterField
          label="Filter (ECQL or CQL2)"
          value={draft}
          onChange={setDraft}
          onEnter={apply}
          problem={problem}
          placeholder="e.g. population > 1000000 AND name LIKE 'N%'"
        />
        <div className="attribute-table__actions">
          <Button type="submit" variant="primary" disabled={!!draftProblem || draft.trim() === filter}>
            Apply
          </Button>
          {filter && (
            <Button variant="ghost" onClick={() => onFilter('')}>
              Clear
            </Button>
          )}
        </div>
      </form>
      {page.error && !refused ? (
        <Alert tone="error" actions={<Button onClick={() => void page.refetch()}>Retry</Button>}>
          {page.error.message}
        </Alert>
      ) : refused ? null : !page.data ? (
        <Skeleton width="80%" />
      ) : rows.length === 0 ? (
        <p className="attribute-table__empty">{filter ? 'No feature passes the filter.' : 'The layer has no features.'}</p>
      ) : (
        <div className="attribute-table__scroll" aria-busy={page.isFetching}>
          <DataTable
            caption={`Features of ${collectionId}${filter ? ` passing ${filter}` : ''}`}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            state={state}
            current={selectedId}
            onSort={(key) => setSort((s) => ({ key, dir: s?.key === key && s.dir === 'asc' ? 'desc' : 'asc' }))}
          />
        </div>
      )}
      {!refused && page.data && rows.length > 0 && (
        <AttributePager
          total={totalOf(page.data, offset)}
          offset={offset}
          shown={rows.length}
          size={size}
          hasNext={page.data.next !== null}
          onOffset={setOffset}
          onSize={setSize}
        />
      )}
    </section>
  );
}

/**
 * How many features pass, when known without asking more of the server: its `numberMatched` (given
 * when counting is cheap), or the end of a last page. A big layer's table sends one request a page.
 */
function totalOf(page: FeaturePage, offset: number): number | null {
  if (page.numberMatched !== null) return page.numberMatched;
  return page.next === null ? offset + page.numberReturned : null;
}

/** The shared pager when the total is known; previous/next from the page's links otherwise. */
function AttributePager(props: {
  total: number | null;
  offset: number;
  shown: number;
  size: number;
  hasNext: boolean;
  onOffset: (o: number) => void;
  onSize: (s: number) => void;
}) {
  const { total, offset, shown, size, hasNext, onOffset, onSize } = props;
  if (total !== null) {
    return (
      <Pager
        page={offset / size + 1}
        pageCount={Math.max(1, Math.ceil(total / size))}
        offset={offset}
        shown={shown}
        total={total}
        size={size}
        noun="features"
        onPage={(p) => onOffset((p - 1) * size)}
        onSize={onSize}
      />
    );
  }
  return (
    <nav className="pager" aria-label="Pages of features">
      <p className="pager__range">
        {offset + 1}–{offset + shown} of more
      </p>
      <div className="pager__controls">
        <Button variant="ghost" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - size))}>
          Previous
        </Button>
        <Button variant="ghost" disabled={!hasNext} onClick={() => onOffset(offset + size)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

/** The features of a page as rows. */
export function rowsOf(page: FeaturePage | undefined): FeatureRow[] {
  const list = page && Array.isArray(page.collection.features) ? (page.collection.features as unknown[]) : [];
  return list.filter(isObject).map((feature, index) => ({
    id: feature.id === undefined || feature.id === null ? `#${index + 1}` : String(feature.id as string | number),
    properties: isObject(feature.properties) ? feature.properties : {},
    geometry: feature.geometry ?? null,
  }));
}

/** The columns: the properties the rows have, in their order; `fallback` when there are no rows. */
export function columnNames(rows: FeatureRow[], fallback: string[]): string[] {
  if (!rows.length) return fallback;
  const names = new Set<string>();
  for (const row of rows) for (const name of Object.keys(row.properties)) names.add(name);
  return [...names];
}

/** A property value as table text: '—' for null, JSON for objects. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}
