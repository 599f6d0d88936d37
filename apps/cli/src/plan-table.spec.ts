import type { ImportAnswer } from '@geocatalog/catalog-exchange';
import { renderPlanTable, summarizePlan } from './plan-table';

const answer: ImportAnswer = {
  applied: false,
  plan: [
    { action: 'create', kind: 'workspace', resource: '/workspaces/topp' },
    { action: 'unchanged', kind: 'namespace', resource: '/namespaces/topp' },
    { action: 'update', kind: 'featureType', resource: '/workspaces/topp/datastores/pg/featuretypes/states', reason: 'title' },
    { action: 'skip', kind: 'coverageStore', resource: '/workspaces/topp/coveragestores/dem', reason: 'coverage stores are\nnot in scope' },
  ],
};

describe('renderPlanTable', () => {
  it('aligns ACTION, KIND, RESOURCE and REASON columns, without trailing spaces, reasons on one line', () => {
    expect(renderPlanTable(answer.plan)).toBe(
      [
        'ACTION     KIND           RESOURCE                                            REASON',
        'create     workspace      /workspaces/topp',
        'unchanged  namespace      /namespaces/topp',
        'update     featureType    /workspaces/topp/datastores/pg/featuretypes/states  title',
        'skip       coverageStore  /workspaces/topp/coveragestores/dem                 coverage stores are not in scope',
        '',
      ].join('\n'),
    );
  });

  it('is the header alone for an empty plan', () => {
    expect(renderPlanTable([])).toBe('ACTION  KIND  RESOURCE  REASON\n');
  });
});

describe('summarizePlan', () => {
  it('counts every action and says a dry run was not applied', () => {
    expect(summarizePlan(answer, true)).toBe('1 to create, 1 to update, 0 to delete, 1 unchanged, 1 skipped, 0 errors; not applied (dry run)\n');
  });

  it('says applied when the server applied it, and counts one error in the singular', () => {
    expect(summarizePlan({ applied: true, plan: [{ action: 'delete', kind: 'layer', resource: '/layers/topp:states' }] }, false)).toBe(
      '0 to create, 0 to update, 1 to delete, 0 unchanged, 0 skipped, 0 errors; applied\n',
    );
    const failed: ImportAnswer = { applied: false, plan: [{ action: 'error', kind: 'style', resource: '/styles/bad', reason: 'invalid SLD' }] };
    expect(summarizePlan(failed, false)).toBe('0 to create, 0 to update, 0 to delete, 0 unchanged, 0 skipped, 1 error; not applied\n');
  });
});
