import { useState } from 'react';
import { exportHref } from '../../../api';
import { Card, SelectField } from '../../../ui';
import { useRestClient } from '../../auth';
import { useWorkspaces } from '../../workspaces';

/**
 * Download of the catalog, or of one workspace, as a zipped GeoServer data directory. A plain
 * same-origin link: the browser sends the session cookie and saves the server's `attachment`.
 */
export function ExportSection() {
  const client = useRestClient();
  const workspaces = useWorkspaces();
  const [workspace, setWorkspace] = useState('');
  const fileName = `geocatalog-${workspace || 'catalog'}.zip`;
  return (
    <Card title="Export" className="import-export-page__export">
      <div className="export-form">
        <SelectField
          label="What to export"
          value={workspace}
          onChange={(event) => setWorkspace(event.target.value)}
          error={workspaces.error ? `The workspaces could not be listed: ${workspaces.error.message}` : null}
          hint="Workspaces with their stores, layers and styles, plus the global styles, in GeoServer's data directory layout. Store passwords are exported encrypted."
        >
          <option value="">The whole catalog</option>
          {workspaces.data?.map((ws) => (
            <option key={ws.name} value={ws.name}>
              Workspace {ws.name}
            </option>
          ))}
        </SelectField>
        <a className="btn btn--primary" href={exportHref(client.base, workspace)} download={fileName}>
          Download {fileName}
        </a>
      </div>
    </Card>
  );
}
