import { PLAN_ACTIONS, type PlanAction, type PlanEntry } from '../../api';
import { byText, type ListDefaults, type ListSpec } from '../../ui';

/** A plan entry with its place in the server's plan (the default order: parents before children). */
export interface PlanRow extends PlanEntry {
  order: number;
}

/** The action filter's value that hides `unchanged` entries. */
export const CHANGES_ONLY = 'changes';

/** The plan as rows of the plan table. */
export function planRows(plan: readonly PlanEntry[]): PlanRow[] {
  return plan.map((entry, order) => ({ ...entry, order }));
}

/** How many entries of the plan have each action (every action present, 0 when none). */
export function countActions(plan: readonly PlanEntry[]): Record<PlanAction, number> {
  const counts = Object.fromEntries(PLAN_ACTIONS.map((action) => [action, 0])) as Record<PlanAction, number>;
  for (const entry of plan) counts[entry.action] += 1;
  return counts;
}

/** Whether applying the plan changes anything (creates, updates or deletes). */
export function planChanges(plan: readonly PlanEntry[]): boolean {
  return plan.some((entry) => entry.action === 'create' || entry.action === 'update' || entry.action === 'delete');
}

/** The plan table's list state in the URL: filter text, sort, page and `?action=`. */
export const PLAN_LIST: ListDefaults = { sort: 'order', sortKeys: ['order', 'action', 'kind', 'resource'], filterKeys: ['action'] };

/** How the plan table filters and sorts: `?action=changes` hides what stays unchanged. */
export const PLAN_SPEC: ListSpec<PlanRow> = {
  text: (row) => `${row.action} ${row.kind} ${row.resource} ${row.reason ?? ''}`,
  compare: {
    order: (a, b) => a.order - b.order,
    action: (a, b) => PLAN_ACTIONS.indexOf(a.action) - PLAN_ACTIONS.indexOf(b.action),
    kind: byText((row) => row.kind),
    resource: byText((row) => row.resource),
  },
  filters: {
    action: (row, value) => (value === CHANGES_ONLY ? row.action !== 'unchanged' : row.action === value),
  },
};
