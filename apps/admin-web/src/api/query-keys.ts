/**
 * TanStack Query keys of every REST resource the console caches, in one place so that a
 * module that changes a resource can refresh what other modules show.
 */
export const queryKeys = {
  /** Everything under the REST API; cleared on sign-out. */
  all: ['rest'] as const,
  /** `GET /workspaces`. */
  workspaces: () => [...queryKeys.all, 'workspaces'] as const,
};
