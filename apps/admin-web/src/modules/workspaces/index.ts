// The workspaces module's public face.
export { useWorkspaces } from './hooks/use-workspaces';
export { WorkspacesPage } from './pages/workspaces-page';
export { workspaceNameProblem } from './workspace-name';
