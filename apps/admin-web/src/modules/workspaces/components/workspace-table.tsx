import type { WorkspaceSummary } from '../../../api';
import { Skeleton, Table } from '../../../ui';
import './workspace-table.css';

export interface WorkspaceTableProps {
  workspaces: WorkspaceSummary[];
  /** A workspace to draw attention to, e.g. the one just created. */
  highlighted?: string | null;
}

/** The workspace list: one row per workspace, its name as the row header. */
export function WorkspaceTable({ workspaces, highlighted }: WorkspaceTableProps) {
  return (
    <Table caption="Workspaces" className="workspace-table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col" className="workspace-table__rest">REST resource</th>
        </tr>
      </thead>
      <tbody>
        {workspaces.map((workspace) => (
          <tr key={workspace.name} className={workspace.name === highlighted ? 'workspace-table__row--new' : undefined}>
            <th scope="row">
              <span className="workspace-table__name">{workspace.name}</span>
            </th>
            <td className="table__muted workspace-table__rest">
              <code>{resourcePath(workspace)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Placeholder rows while the list loads. */
export function WorkspaceTableSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Table caption="Workspaces (loading)" className="workspace-table" aria-hidden="true">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col" className="workspace-table__rest">REST resource</th>
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: rows }, (_, index) => (
          <tr key={index}>
            <td>
              <Skeleton width={`${40 + ((index * 17) % 35)}%`} />
            </td>
            <td className="workspace-table__rest">
              <Skeleton width={`${55 + ((index * 11) % 30)}%`} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
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
