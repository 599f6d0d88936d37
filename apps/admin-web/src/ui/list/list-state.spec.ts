import { describe, expect, it } from 'vitest';
import { applyListState, byText, compareText, foldText, parseListState, writeListState, type ListDefaults, type ListSpec } from './list-state';

const DEFAULTS: ListDefaults = { sort: 'name', sortKeys: ['name', 'workspace'], filterKeys: ['workspace'] };

describe('parseListState', () => {
  it('reads every part of the state from the query string', () => {
    const state = parseListState(new URLSearchParams('q=sta&sort=workspace&dir=desc&page=3&size=50&workspace=acme'), DEFAULTS);
    expect(state).toEqual({ q: 'sta', sort: 'workspace', dir: 'desc', page: 3, size: 50, filters: { workspace: 'acme' } });
  });

  it('falls back to the defaults for missing or junk values', () => {
    const state = parseListState(new URLSearchParams('sort=nope&dir=up&page=-2&size=7'), DEFAULTS);
    expect(state).toEqual({ q: '', sort: 'name', dir: 'asc', page: 1, size: 25, filters: { workspace: '' } });
  });
});

describe('writeListState', () => {
  it('leaves defaults out, so the default list is the bare path', () => {
    const state = parseListState(new URLSearchParams(''), DEFAULTS);
    expect(writeListState(state, DEFAULTS).toString()).toBe('');
  });

  it('round-trips a non-default state and keeps unrelated parameters', () => {
    const params = new URLSearchParams('q=a b&sort=workspace&dir=desc&page=2&size=100&workspace=été');
    const state = parseListState(params, DEFAULTS);
    const written = writeListState(state, DEFAULTS, new URLSearchParams('other=1'));
    expect(written.get('other')).toBe('1');
    expect(parseListState(written, DEFAULTS)).toEqual(state);
  });
});

interface Row {
  name: string;
  workspace: string;
}

const SPEC: ListSpec<Row> = {
  text: (row) => `${row.workspace}:${row.name}`,
  compare: { name: byText((row: Row) => row.name), workspace: byText((row: Row) => row.workspace) },
  filters: { workspace: (row, value) => row.workspace === value },
};

const rows: Row[] = Array.from({ length: 60 }, (_, i) => ({ name: `layer${i + 1}`, workspace: i % 2 ? 'acme' : 'topp' }));

describe('applyListState', () => {
  const state = (query: string) => parseListState(new URLSearchParams(query), DEFAULTS);

  it('sorts names naturally and pages by the page size', () => {
    const view = applyListState(rows, state(''), SPEC);
    expect(view.rows.map((r) => r.name).slice(0, 3)).toEqual(['layer1', 'layer2', 'layer3']);
    expect(view.rows).toHaveLength(25);
    expect([view.total, view.pageCount, view.page, view.offset]).toEqual([60, 3, 1, 0]);
    const last = applyListState(rows, state('page=3'), SPEC);
    expect(last.rows.map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, i) => `layer${51 + i}`));
  });

  it('sorts descending and keeps ties in a stable order', () => {
    const view = applyListState(rows, state('sort=workspace&dir=desc&size=50'), SPEC);
    expect(view.rows[0]).toEqual({ name: 'layer1', workspace: 'topp' });
    expect(view.rows[1]).toEqual({ name: 'layer3', workspace: 'topp' });
  });

  it('filters by text (case- and accent-insensitive) and by extra filters', () => {
    expect(applyListState(rows, state('q=LAYER5'), SPEC).total).toBe(11);
    expect(applyListState(rows, state('q=layer5&workspace=acme'), SPEC).rows.map((r) => r.name)).toEqual([
      'layer50',
      'layer52',
      'layer54',
      'layer56',
      'layer58',
    ]);
    expect(applyListState([{ name: 'été', workspace: 'x' }], state('q=ETE'), SPEC).total).toBe(1);
  });

  it('clamps a page past the end to the last page', () => {
    const view = applyListState(rows, state('page=9'), SPEC);
    expect(view.page).toBe(3);
    expect(view.rows[0].name).toBe('layer51');
  });

  it('shows one empty page for no rows', () => {
    expect(applyListState([], state('page=4'), SPEC)).toMatchObject({ rows: [], total: 0, pageCount: 1, page: 1, offset: 0 });
  });
});

describe('text helpers', () => {
  it('folds accents and case, and compares numbers inside names', () => {
    expect(foldText('ÉtÉ_地图')).toBe('ete_地图');
    expect(compareText('a2', 'a10')).toBeLessThan(0);
  });
});
