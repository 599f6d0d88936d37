/** What applying a data directory does to one record (contract §8); `error` fails the whole import. */
export type PlanAction = 'create' | 'update' | 'delete' | 'unchanged' | 'skip' | 'error';

/** Record kinds of a plan: the catalog's own, plus those of what is skipped (`coverageStore`, `layerGroup`, …). */
export type PlanKind = 'workspace' | 'namespace' | 'dataStore' | 'featureType' | 'layer' | 'style' | string;

/** One line of a plan: a record named by its REST path (without `/rest`). */
export interface PlanEntry {
  action: PlanAction;
  kind: PlanKind;
  resource: string;
  reason?: string;
}

/** The answer of `POST /rest/catalog/import`. */
export interface ImportAnswer {
  plan: PlanEntry[];
  applied: boolean;
}
