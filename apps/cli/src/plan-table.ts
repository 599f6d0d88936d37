import type { ImportAnswer, PlanAction, PlanEntry } from '@geocatalog/catalog-exchange';

const HEADER: readonly string[] = ['ACTION', 'KIND', 'RESOURCE', 'REASON'];
const GAP = '  ';

/**
 * The plan as an aligned text table (ACTION, KIND, RESOURCE, REASON), one entry a line, in the
 * server's order; no trailing spaces, so an entry without a reason ends at its resource.
 */
export function renderPlanTable(plan: readonly PlanEntry[]): string {
  const rows = [HEADER, ...plan.map((e) => [e.action, e.kind, e.resource, oneLine(e.reason ?? '')])];
  const widths = HEADER.map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map(
      (row) =>
        row
          .map((cell, column) => cell.padEnd(widths[column]))
          .join(GAP)
          .trimEnd() + '\n',
    )
    .join('');
}

/** `3 to create, 1 to update, 0 to delete, 12 unchanged, 4 skipped, 0 errors; applied` */
export function summarizePlan(answer: ImportAnswer, dryRun: boolean): string {
  const count = (action: PlanAction) => answer.plan.filter((e) => e.action === action).length;
  const errors = count('error');
  const counts = [
    `${count('create')} to create`,
    `${count('update')} to update`,
    `${count('delete')} to delete`,
    `${count('unchanged')} unchanged`,
    `${count('skip')} skipped`,
    `${errors} ${errors === 1 ? 'error' : 'errors'}`,
  ].join(', ');
  const outcome = answer.applied ? 'applied' : dryRun ? 'not applied (dry run)' : 'not applied';
  return `${counts}; ${outcome}\n`;
}

/** A reason on one line, so a row stays a row. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}
