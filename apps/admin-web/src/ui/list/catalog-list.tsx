import type { ReactNode } from 'react';
import { Alert } from '../alert';
import { Button } from '../button';
import { EmptyState } from '../empty-state';
import { Skeleton } from '../skeleton';
import { Table } from '../table';
import { DataTable, type Column, type Selection } from './data-table';
import { ListToolbar } from './list-toolbar';
import { applyListState, type ListSpec } from './list-state';
import { Pager } from './pager';
import type { ListStateControls } from './use-list-state';
import './catalog-list.css';

export interface CatalogListProps<T> {
  /** Names the table: "Layers". */
  caption: string;
  /** Plural noun for counts and the filter: "layers". */
  noun: string;
  columns: Column<T>[];
  /** Every item, or undefined while the first load runs. */
  items: readonly T[] | undefined;
  /** A failed load, with the server's reason. */
  error?: Error | null;
  onRetry?: () => void;
  spec: ListSpec<T>;
  controls: ListStateControls;
  rowKey: (item: T) => string;
  /** Shown when there are no items at all. */
  empty: ReactNode;
  /** Shown instead of the generic "No … match" when the filters leave nothing (e.g. an empty workspace). */
  noMatch?: ReactNode;
  /** Extra filters after the text field. */
  filters?: ReactNode;
  /** Bulk actions on the right of the toolbar. */
  actions?: ReactNode;
  selection?: Selection;
  highlighted?: ReadonlySet<string>;
}

/**
 * A catalog list with everything a list needs: a filter, sortable columns and pages, all held in
 * the URL; a skeleton while loading, the server's reason with Retry on failure, an empty state
 * with the next action, and "no matches" with Clear filter when filtering leaves nothing.
 */
export function CatalogList<T>(props: CatalogListProps<T>) {
  const { caption, noun, columns, items, error, onRetry, spec, controls, rowKey, empty, noMatch, filters, actions, selection, highlighted } = props;
  const { state } = controls;
  const toolbar = (
    <ListToolbar label={`Filter ${noun}`} value={state.q} onChange={controls.setQuery}>
      {filters}
      {actions && <div className="list-toolbar__actions">{actions}</div>}
    </ListToolbar>
  );

  if (!items) {
    if (error) {
      return (
        <div className="catalog-list__message">
          <Alert tone="error" title={`Could not load the ${noun}`} actions={onRetry && <Button onClick={onRetry}>Retry</Button>}>
            {error.message}
          </Alert>
        </div>
      );
    }
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading {noun}…
        </p>
        <ListSkeleton columns={columns.length} caption={`${caption} (loading)`} />
      </div>
    );
  }

  const filtering = state.q !== '' || Object.values(state.filters).some(Boolean);
  if (items.length === 0 && !filtering) return <>{empty}</>;

  const view = applyListState(items, state, spec);
  return (
    <div>
      {toolbar}
      {error && (
        <div className="catalog-list__message">
          <Alert tone="error" title={`Could not refresh the ${noun}`}>
            {error.message}
          </Alert>
        </div>
      )}
      {view.total === 0 && noMatch ? (
        noMatch
      ) : view.total === 0 ? (
        <EmptyState
          title={`No ${noun} match`}
          action={
            <Button
              onClick={() => {
                controls.clearFilters();
              }}
            >
              Clear filter
            </Button>
          }
        >
          {items.length === 0 ? `There are no ${noun} here yet.` : `None of the ${items.length} ${noun} match the filter.`}
        </EmptyState>
      ) : (
        <DataTable
          caption={caption}
          columns={columns}
          rows={view.rows}
          rowKey={rowKey}
          state={{ ...state, page: view.page }}
          onSort={controls.toggleSort}
          selection={selection}
          highlighted={highlighted}
        />
      )}
      <Pager
        page={view.page}
        pageCount={view.pageCount}
        offset={view.offset}
        shown={view.rows.length}
        total={view.total}
        size={state.size}
        noun={noun}
        onPage={controls.setPage}
        onSize={controls.setSize}
      />
    </div>
  );
}

function ListSkeleton({ columns, caption }: { columns: number; caption: string }) {
  return (
    <Table caption={caption} aria-hidden="true">
      <tbody>
        {Array.from({ length: 4 }, (_, row) => (
          <tr key={row}>
            {Array.from({ length: columns }, (_, column) => (
              <td key={column}>
                <Skeleton width={`${35 + (((row + 1) * (column + 3) * 13) % 45)}%`} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
