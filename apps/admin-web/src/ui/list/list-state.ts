/**
 * The state of a catalog list (filter text, sort, page, page size and extra filters) as it is
 * kept in the URL's query string, so that every list view is a deep link: reload, back/forward
 * and a shared link all show the same rows. Defaults are left out of the URL.
 */

export type SortDirection = 'asc' | 'desc';

/** Page sizes offered; the first is the default. */
export const PAGE_SIZES = [25, 50, 100] as const;

export interface ListState {
  /** Free text filter (`?q=`). */
  q: string;
  /** Key of the sorted column (`?sort=`). */
  sort: string;
  /** `?dir=desc`; ascending when absent. */
  dir: SortDirection;
  /** 1-based page (`?page=`). */
  page: number;
  /** Rows per page (`?size=`), one of {@link PAGE_SIZES}. */
  size: number;
  /** Extra filters by key (e.g. `?workspace=acme`); absent keys are `''`. */
  filters: Record<string, string>;
}

export interface ListDefaults {
  /** Column sorted by default. */
  sort: string;
  /** Sortable column keys; an unknown `?sort=` falls back to the default. */
  sortKeys: readonly string[];
  /** Keys of the extra filters this list reads from the URL. */
  filterKeys?: readonly string[];
}

/** Reads the list state from a query string; junk values fall back to defaults. */
export function parseListState(params: URLSearchParams, defaults: ListDefaults): ListState {
  const sort = params.get('sort') ?? '';
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  const filters: Record<string, string> = {};
  for (const key of defaults.filterKeys ?? []) filters[key] = params.get(key) ?? '';
  return {
    q: params.get('q') ?? '',
    sort: defaults.sortKeys.includes(sort) ? sort : defaults.sort,
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
    filters,
  };
}

/**
 * Writes the list state into `params` (other parameters are kept), leaving defaults out:
 * the default list is the bare path.
 */
export function writeListState(state: ListState, defaults: ListDefaults, params = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, isDefault: boolean) => (isDefault ? next.delete(key) : next.set(key, value));
  set('q', state.q, state.q === '');
  set('sort', state.sort, state.sort === defaults.sort);
  set('dir', state.dir, state.dir === 'asc');
  set('page', String(state.page), state.page === 1);
  set('size', String(state.size), state.size === PAGE_SIZES[0]);
  for (const key of defaults.filterKeys ?? []) set(key, state.filters[key] ?? '', !state.filters[key]);
  return next;
}

/** How a list's items are matched, filtered and compared. */
export interface ListSpec<T> {
  /** Text the free filter searches (case- and accent-insensitive). */
  text: (item: T) => string;
  /** A comparison per sortable column key. */
  compare: Record<string, (a: T, b: T) => number>;
  /** Extra filters per key: whether `item` passes `value` (only called with a non-empty value). */
  filters?: Record<string, (item: T, value: string) => boolean>;
}

export interface ListView<T> {
  /** Rows of the current page. */
  rows: T[];
  /** Items that pass the filters. */
  total: number;
  /** Items before filtering. */
  unfiltered: number;
  pageCount: number;
  /** The page shown, clamped into range. */
  page: number;
  /** 0-based index of the first row shown. */
  offset: number;
}

/** Folds case and accents so that "ete" finds "été". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase();
}

/** Filters, sorts and pages `items` by `state`. Sorting is stable; names compare naturally (`a2` < `a10`). */
export function applyListState<T>(items: readonly T[], state: ListState, spec: ListSpec<T>): ListView<T> {
  const needle = foldText(state.q.trim());
  const filtered = items.filter((item) => {
    if (needle && !foldText(spec.text(item)).includes(needle)) return false;
    for (const [key, test] of Object.entries(spec.filters ?? {})) {
      const value = state.filters[key];
      if (value && !test(item, value)) return false;
    }
    return true;
  });
  const compare = spec.compare[state.sort];
  const sorted = compare
    ? filtered
        .map((item, index) => ({ item, index }))
        .sort((a, b) => (state.dir === 'desc' ? -1 : 1) * compare(a.item, b.item) || a.index - b.index)
        .map(({ item }) => item)
    : filtered;
  const pageCount = Math.max(1, Math.ceil(sorted.length / state.size));
  const page = Math.min(state.page, pageCount);
  const offset = (page - 1) * state.size;
  return { rows: sorted.slice(offset, offset + state.size), total: sorted.length, unfiltered: items.length, pageCount, page, offset };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Natural, locale-aware comparison of two texts (`a2` before `a10`, `été` next to `ete`). */
export function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}

/** A comparison by a text key of the items. */
export const byText =
  <T>(key: (item: T) => string) =>
  (a: T, b: T): number =>
    compareText(key(a), key(b));
