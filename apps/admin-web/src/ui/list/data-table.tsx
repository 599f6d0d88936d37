import type { ReactNode } from 'react';
import { classNames } from '../class-names';
import { Table } from '../table';
import type { ListState } from './list-state';
import './data-table.css';

/** A column of a {@link DataTable}. */
export interface Column<T> {
  /** Sort key, when `sortable`; otherwise just an id. */
  key: string;
  header: string;
  sortable?: boolean;
  /** The row's name: rendered as `<th scope="row">`. One column per table. */
  rowHeader?: boolean;
  /** Hidden on narrow screens. */
  secondary?: boolean;
  /** Right-aligned (numbers, actions). */
  end?: boolean;
  cell: (item: T) => ReactNode;
}

/** Row selection that outlives paging, sorting and filtering (keys of selected rows). */
export interface Selection {
  selected: ReadonlySet<string>;
  /** Adds or removes these keys. */
  set(keys: string[], selected: boolean): void;
  /** Label of a row's checkbox, e.g. `Select acme:states`. */
  label: (key: string) => string;
}

export interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (item: T) => string;
  state: ListState;
  onSort: (key: string) => void;
  selection?: Selection;
  /** Rows to draw attention to (just created). */
  highlighted?: ReadonlySet<string>;
  /** The row the rest of the page is showing (e.g. on a map): marked, with `aria-current`. */
  current?: string | null;
}

/**
 * A semantic table with sortable headers: each sortable header is a `<button>` in the `<th>`,
 * the sorted one carries `aria-sort`; the other sortable ones show a neutral double arrow.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, state, onSort, selection, highlighted, current }: DataTableProps<T>) {
  const pageKeys = rows.map(rowKey);
  const selectedOnPage = selection ? pageKeys.filter((key) => selection.selected.has(key)).length : 0;
  return (
    <Table caption={caption} className="data-table">
      <thead>
        <tr>
          {selection && (
            <th scope="col" className="data-table__select">
              <input
                type="checkbox"
                aria-label="Select every row on this page"
                checked={selectedOnPage > 0 && selectedOnPage === pageKeys.length}
                ref={(input) => {
                  if (input) input.indeterminate = selectedOnPage > 0 && selectedOnPage < pageKeys.length;
                }}
                onChange={(event) => selection.set(pageKeys, event.target.checked)}
              />
            </th>
          )}
          {columns.map((column) => {
            const sorted = column.sortable && state.sort === column.key;
            return (
              <th
                key={column.key}
                scope="col"
                className={classNames(column.secondary && 'data-table__secondary', column.end && 'data-table__end')}
                aria-sort={sorted ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {column.sortable ? (
                  <button type="button" className="data-table__sort" onClick={() => onSort(column.key)}>
                    {column.header}
                    <SortIcon direction={sorted ? state.dir : null} />
                  </button>
                ) : (
                  column.header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const key = rowKey(row);
          const isSelected = (selection?.selected.has(key) ?? false) || current === key;
          return (
            <tr
              key={key}
              className={classNames(isSelected && 'data-table__row--selected', highlighted?.has(key) && 'data-table__row--new')}
              aria-current={current === key ? 'true' : undefined}
            >
              {selection && (
                <td className="data-table__select">
                  <input
                    type="checkbox"
                    aria-label={selection.label(key)}
                    checked={isSelected}
                    onChange={(event) => selection.set([key], event.target.checked)}
                  />
                </td>
              )}
              {columns.map((column) => {
                const className = classNames(column.secondary && 'data-table__secondary', column.end && 'data-table__end');
                return column.rowHeader ? (
                  <th key={column.key} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <svg className="data-table__sort-icon" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      {direction === null ? (
        <path d="M3.5 4.5 6 2l2.5 2.5M3.5 7.5 6 10l2.5-2.5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
      ) : direction === 'asc' ? (
        <path d="M3 7.5 6 4.5l3 3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M3 4.5 6 7.5l3-3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      )}
    </svg>
  );
}
