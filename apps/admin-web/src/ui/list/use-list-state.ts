import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseListState, writeListState, type ListDefaults, type ListState } from './list-state';

export interface ListStateControls {
  state: ListState;
  /** New filter text; back to page 1. Replaces the history entry (typing is not navigation). */
  setQuery(q: string): void;
  /** Sorts by `key`; the sorted column's header toggles the direction. */
  toggleSort(key: string): void;
  setPage(page: number): void;
  /** New page size; back to page 1. */
  setSize(size: number): void;
  /** Sets one extra filter; back to page 1. */
  setFilter(key: string, value: string): void;
  /** Clears the text and every extra filter. */
  clearFilters(): void;
}

/** The list state of the page's URL, with setters that write it back. */
export function useListState(defaults: ListDefaults): ListStateControls {
  const [params, setParams] = useSearchParams();
  // Defaults are constants of the page; keyed by content so an inline object does not churn.
  const key = JSON.stringify(defaults);
  const stableDefaults = useMemo(() => JSON.parse(key) as ListDefaults, [key]);
  const state = useMemo(() => parseListState(params, stableDefaults), [params, stableDefaults]);

  const update = useCallback(
    (change: (state: ListState) => ListState, replace = false) => {
      setParams((current) => writeListState(change(parseListState(current, stableDefaults)), stableDefaults, current), { replace });
    },
    [setParams, stableDefaults],
  );

  return useMemo(
    () => ({
      state,
      setQuery: (q) => update((s) => ({ ...s, q, page: 1 }), true),
      toggleSort: (sortKey) => update((s) => ({ ...s, sort: sortKey, dir: s.sort === sortKey && s.dir === 'asc' ? 'desc' : 'asc', page: 1 })),
      setPage: (page) => update((s) => ({ ...s, page })),
      setSize: (size) => update((s) => ({ ...s, size, page: 1 })),
      setFilter: (filterKey, value) => update((s) => ({ ...s, filters: { ...s.filters, [filterKey]: value }, page: 1 })),
      clearFilters: () => update((s) => ({ ...s, q: '', page: 1, filters: Object.fromEntries(Object.keys(s.filters).map((k) => [k, ''])) })),
    }),
    [state, update],
  );
}
