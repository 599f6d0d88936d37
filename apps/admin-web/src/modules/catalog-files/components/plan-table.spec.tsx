import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PlanEntry } from '../../../api';
import { PlanTable } from './plan-table';

const PLAN: PlanEntry[] = [
  { action: 'create', kind: 'workspace', resource: '/workspaces/parks' },
  { action: 'create', kind: 'namespace', resource: '/namespaces/parks' },
  { action: 'unchanged', kind: 'style', resource: '/styles/point' },
  { action: 'update', kind: 'featureType', resource: '/workspaces/parks/datastores/pg/featuretypes/trails', reason: 'title' },
  { action: 'delete', kind: 'layer', resource: '/layers/parks:old' },
  { action: 'skip', kind: 'coverageStore', resource: '/workspaces/parks/coveragestores/dem', reason: 'coverage stores are not in this catalog' },
  { action: 'error', kind: 'featureType', resource: '/workspaces/parks/datastores/pg/featuretypes/gone', reason: 'No table "public"."gone" in store pg' },
];

function renderPlan(plan: PlanEntry[], path = '/import-export') {
  const router = createMemoryRouter([{ path: '/import-export', element: <PlanTable plan={plan} caption="Import plan" /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** The table's rows as `action kind resource reason` (the action by its label's class, so it is what the eye sees). */
function rowsShown(): string[] {
  const table = screen.getByRole('table', { name: 'Import plan' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      const action = /plan-action--(\w+)/.exec(row.querySelector('.plan-action')?.className ?? '')?.[1];
      const resource = within(row).getByRole('rowheader').textContent;
      return `${action} ${cells[1].textContent} ${resource} ${cells[2].textContent}`;
    });
}

describe('plan table', () => {
  it('lists the entries in the server order with action, kind, resource (the row header) and reason', () => {
    renderPlan(PLAN);
    expect(
      within(screen.getByRole('table', { name: 'Import plan' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Action', 'Kind', 'Resource', 'Reason']);
    expect(rowsShown()).toEqual([
      'create workspace /workspaces/parks —',
      'create namespace /namespaces/parks —',
      'unchanged style /styles/point —',
      'update featureType /workspaces/parks/datastores/pg/featuretypes/trails title',
      'delete layer /layers/parks:old —',
      'skip coverageStore /workspaces/parks/coveragestores/dem coverage stores are not in this catalog',
      'error featureType /workspaces/parks/datastores/pg/featuretypes/gone No table "public"."gone" in store pg',
    ]);
  });

  it('draws each action with its own class and glyph, and the action word as text', () => {
    renderPlan(PLAN);
    const table = screen.getByRole('table', { name: 'Import plan' });
    const labels = [...table.querySelectorAll('.plan-action')].map((el) => `${el.className.replace('plan-action plan-action--', '')}:${el.textContent}`);
    expect(labels).toEqual(['create:+create', 'create:+create', 'unchanged:=unchanged', 'update:~update', 'delete:−delete', 'skip:↷skip', 'error:!error']);
    expect(new Set(labels.map((l) => l.split(':')[1][0])).size).toBe(6);
  });

  it('counts the entries per action, leaving out actions without entries', () => {
    renderPlan(PLAN.slice(0, 3));
    const summary = screen.getByRole('list', { name: 'Entries per action' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['+2 create', '=1 unchanged']);
  });

  it('hides unchanged entries with "Changes only", and shows one action at a time, in the URL', () => {
    const router = renderPlan(PLAN);
    const filter = screen.getByLabelText('Action') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.textContent)).toEqual([
      'All (7)',
      'Changes only (6)',
      'create (2)',
      'update (1)',
      'delete (1)',
      'unchanged (1)',
      'skip (1)',
      'error (1)',
    ]);
    fireEvent.change(filter, { target: { value: 'changes' } });
    expect(router.state.location.search).toBe('?action=changes');
    expect(rowsShown().some((row) => row.startsWith('unchanged'))).toBe(false);
    expect(rowsShown()).toHaveLength(6);
    fireEvent.change(filter, { target: { value: 'error' } });
    expect(rowsShown()).toEqual(['error featureType /workspaces/parks/datastores/pg/featuretypes/gone No table "public"."gone" in store pg']);
  });

  it('pages a long plan 25 entries at a time', () => {
    const long: PlanEntry[] = Array.from({ length: 60 }, (_, i) => ({ action: 'unchanged', kind: 'style', resource: `/styles/s${i}` }));
    renderPlan(long);
    expect(rowsShown()).toHaveLength(25);
    expect(screen.getByText('1–25 of 60 plan entries')).toBeTruthy();
  });

  it('says so when the plan is empty', () => {
    renderPlan([]);
    expect(screen.getByText('Nothing to import')).toBeTruthy();
  });
});
