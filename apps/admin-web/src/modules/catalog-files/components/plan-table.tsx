import { PLAN_ACTIONS, type PlanEntry } from '../../../api';
import { CatalogList, EmptyState, ListFilterSelect, useListState, type Column } from '../../../ui';
import { CHANGES_ONLY, countActions, PLAN_LIST, PLAN_SPEC, planRows, type PlanRow } from '../plan-rows';
import { PlanActionBadge } from './plan-action-badge';
import './plan-table.css';

const COLUMNS: Column<PlanRow>[] = [
  { key: 'action', header: 'Action', sortable: true, cell: (row) => <PlanActionBadge action={row.action} /> },
  { key: 'kind', header: 'Kind', sortable: true, cell: (row) => row.kind },
  { key: 'resource', header: 'Resource', sortable: true, rowHeader: true, cell: (row) => <code className="plan-table__resource">{row.resource}</code> },
  { key: 'reason', header: 'Reason', cell: (row) => row.reason ?? <span className="table__muted">—</span> },
];

/** How many entries have each action, as labels; actions without entries are left out. */
export function PlanSummary({ plan }: { plan: readonly PlanEntry[] }) {
  const counts = countActions(plan);
  return (
    <ul className="plan-summary" aria-label="Entries per action">
      {PLAN_ACTIONS.filter((action) => counts[action] > 0).map((action) => (
        <li key={action}>
          <PlanActionBadge action={action} count={counts[action]} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A plan as a table (action, kind, resource, reason) in the server's order, with a count per action
 * and a filter by action (`Changes only` hides what stays unchanged); filter, sort and page live in
 * the URL like every list of the console.
 */
export function PlanTable({ plan, caption }: { plan: readonly PlanEntry[]; caption: string }) {
  const controls = useListState(PLAN_LIST);
  const counts = countActions(plan);
  const rows = planRows(plan);
  const options: Array<[string, string]> = [
    ['', `All (${plan.length})`],
    [CHANGES_ONLY, `Changes only (${plan.length - counts.unchanged})`],
    ...PLAN_ACTIONS.filter((action) => counts[action] > 0).map((action): [string, string] => [action, `${action} (${counts[action]})`]),
  ];
  return (
    <div className="plan-table">
      <PlanSummary plan={plan} />
      <CatalogList
        caption={caption}
        noun="plan entries"
        columns={COLUMNS}
        items={rows}
        spec={PLAN_SPEC}
        controls={controls}
        rowKey={(row) => String(row.order)}
        filters={
          <ListFilterSelect
            label="Action"
            value={controls.state.filters.action ?? ''}
            onChange={(value) => controls.setFilter('action', value)}
            options={options}
          />
        }
        empty={<EmptyState title="Nothing to import">The directory names no workspace, store, layer or style.</EmptyState>}
      />
    </div>
  );
}
