// The workspaces module's public face.
export { WorkspacesPage } from './pages/workspaces-page';
export { workspaceNameProblem } from './workspace-name';
