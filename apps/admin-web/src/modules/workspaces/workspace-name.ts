import { formProblem, Workspace } from '@geocatalog/catalog-model';

/**
 * What is wrong with a name typed for a new workspace, as a sentence for the form, or `null`.
 * The check is the `Workspace` declaration's, the same one the api reads bodies with, so the form
 * refuses exactly what the api would, in the api's words.
 */
export function workspaceNameProblem(name: string): string | null {
  if (name.length === 0) return 'Enter a name for the workspace.';
  return formProblem(Workspace, { name });
}
