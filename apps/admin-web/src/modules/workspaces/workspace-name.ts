import { nameProblem, RESERVED_WORKSPACE_NAMES } from '@geocatalog/catalog-model';

/**
 * What is wrong with a name typed for a new workspace, as a sentence for the form, or `null`.
 * The rule itself is catalog-model's, the same one the api applies.
 */
export function workspaceNameProblem(name: string): string | null {
  if (name.length === 0) return 'Enter a name for the workspace.';
  const problem = nameProblem(name);
  if (problem) return `Not a valid workspace name: ${problem}.`;
  if (RESERVED_WORKSPACE_NAMES.includes(name)) {
    return `'${name}' is reserved: it stands for the default workspace in REST paths.`;
  }
  return null;
}
