import type { PlanAction } from '@geocatalog/catalog-exchange';
import { EXIT_CHANGES, EXIT_FAILURE, EXIT_SUCCESS, exitCodeFor } from './exit-code';

const answerOf = (...actions: PlanAction[]) => ({
  applied: false,
  plan: actions.map((action, i) => ({ action, kind: 'workspace', resource: `/workspaces/w${i}` })),
});

describe('exitCodeFor', () => {
  it('is 0 for a plan of unchanged and skipped records, with or without --detect-changes', () => {
    expect(exitCodeFor(answerOf('unchanged', 'skip'), false)).toBe(EXIT_SUCCESS);
    expect(exitCodeFor(answerOf('unchanged', 'skip'), true)).toBe(EXIT_SUCCESS);
    expect(exitCodeFor(answerOf(), true)).toBe(EXIT_SUCCESS);
  });

  it('is 2 with --detect-changes when anything is created, updated or deleted, and 0 without it', () => {
    for (const change of ['create', 'update', 'delete'] as const) {
      expect(exitCodeFor(answerOf('unchanged', change), true)).toBe(EXIT_CHANGES);
      expect(exitCodeFor(answerOf('unchanged', change), false)).toBe(EXIT_SUCCESS);
    }
  });

  it('is 1 when any entry is an error, even next to changes', () => {
    expect(exitCodeFor(answerOf('unchanged', 'error'), false)).toBe(EXIT_FAILURE);
    expect(exitCodeFor(answerOf('create', 'error'), true)).toBe(EXIT_FAILURE);
  });
});
