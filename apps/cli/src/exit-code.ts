import type { ImportAnswer, PlanAction } from '@geocatalog/catalog-exchange';

/** The exit codes of `geocatalog`, as `terraform plan -detailed-exitcode` has them. */
export const EXIT_SUCCESS = 0;
export const EXIT_FAILURE = 1;
/** Only with `--detect-changes`: the plan creates, updates or deletes something. */
export const EXIT_CHANGES = 2;

export type ExitCode = typeof EXIT_SUCCESS | typeof EXIT_FAILURE | typeof EXIT_CHANGES;

/** Actions that make the catalog differ from what it was (drift, for `--detect-changes`). */
const CHANGES: ReadonlySet<PlanAction> = new Set<PlanAction>(['create', 'update', 'delete']);

/** 1 when any entry is an error; with `detectChanges`, 2 when any entry changes the catalog; else 0. */
export function exitCodeFor(answer: ImportAnswer, detectChanges: boolean): ExitCode {
  if (answer.plan.some((entry) => entry.action === 'error')) return EXIT_FAILURE;
  if (detectChanges && answer.plan.some((entry) => CHANGES.has(entry.action))) return EXIT_CHANGES;
  return EXIT_SUCCESS;
}
