import { Link } from 'react-router-dom';
import type { WorkspaceSummary } from '../../../api';
import { historyPagePath, historyResource } from '../../history';
import { Button, byText, type Column, type ListDefaults, type ListSpec } from '../../../ui';
import './workspace-table.css';

/** The workspace list's URL state: sorted by name unless told otherwise. */
export const WORKSPACE_LIST: ListDefaults = { sort: 'name', sortKeys: ['name'] };

export const WORKSPACE_SPEC: ListSpec<WorkspaceSummary> = {
  text: (workspace) => workspace.name,
  compare: { name: byText((workspace) => workspace.name) },
};

/**
 * Columns of the workspace list; `onDelete` opens the delete confirmation for a row, and without
 * it (a user who may not write) there is no Delete. The link to a workspace's history is there
 * when `history` says the user may read it (administrators).
 */
export function workspaceColumns(onDelete: ((name: string) => void) | null, history: boolean): Column<WorkspaceSummary>[] {
  const columns: Column<WorkspaceSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      rowHeader: true,
      cell: (workspace) => <span className="workspace-table__name">{workspace.name}</span>,
    },
    {
      key: 'contents',
      header: 'Contents',
      cell: (workspace) => (
        <span className="workspace-table__links">
          <Link to={`/stores?workspace=${encodeURIComponent(workspace.name)}`}>Data stores</Link>
          <Link to={`/layers?workspace=${encodeURIComponent(workspace.name)}`}>Layers</Link>
          <Link to={`/styles?workspace=${encodeURIComponent(workspace.name)}`}>Styles</Link>
          {history && (
            <Link to={historyPagePath(historyResource.workspace(workspace.name))} aria-label={`History of workspace ${workspace.name}`}>
              History
            </Link>
          )}
        </span>
      ),
    },
    {
      key: 'rest',
      header: 'REST resource',
      secondary: true,
      cell: (workspace) => <code className="table__muted workspace-table__rest">{resourcePath(workspace)}</code>,
    },
  ];
  if (!onDelete) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      header: 'Actions',
      end: true,
      cell: (workspace) => (
        <Button small variant="ghost" onClick={() => onDelete(workspace.name)} aria-label={`Delete workspace ${workspace.name}`}>
          Delete
        </Button>
      ),
    },
  ];
}

/** The path of the workspace's REST resource, decoded, without origin and format suffix. */
function resourcePath(workspace: WorkspaceSummary): string {
  if (!workspace.href) return `…/workspaces/${workspace.name}`;
  try {
    const path = new URL(workspace.href, 'http://localhost').pathname.replace(/\.(json|xml)$/, '');
    return decodeURIComponent(path);
  } catch {
    return workspace.href;
  }
}
