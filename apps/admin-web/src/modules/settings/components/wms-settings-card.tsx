import { useState } from 'react';
import { Alert, Button, Card, SelectField, Skeleton, useToast } from '../../../ui';
import { useWorkspaces } from '../../workspaces';
import { useDeleteWorkspaceWmsSettings, useSettings } from '../hooks/use-settings';
import { WMS_FIELDS } from '../settings-fields';
import { SettingsForm } from './settings-form';

const GLOBAL = '';

/**
 * WMS settings, the global ones or a workspace's own (its virtual service): a workspace without
 * its own uses the global ones, and a writer may give it a copy of them to change, or delete its
 * own to use the global ones again.
 */
export function WmsSettingsCard({ readOnly }: { readOnly: boolean }) {
  const [scope, setScope] = useState(GLOBAL);
  const workspaces = useWorkspaces();
  const workspace = scope === GLOBAL ? null : scope;
  return (
    <Card title="WMS settings">
      <div className="settings-wms">
        <SelectField label="Settings of" value={scope} onChange={(e) => setScope(e.currentTarget.value)}>
          <option value={GLOBAL}>Every workspace (global)</option>
          {(workspaces.data ?? []).map((w) => (
            <option key={w.name} value={w.name}>
              Workspace {w.name}
            </option>
          ))}
        </SelectField>
        <WmsScope key={scope} workspace={workspace} readOnly={readOnly} />
      </div>
    </Card>
  );
}

function WmsScope({ workspace, readOnly }: { workspace: string | null; readOnly: boolean }) {
  const global = useSettings({ kind: 'wms', workspace: null });
  const own = useSettings({ kind: 'wms', workspace });
  const toast = useToast();
  const remove = useDeleteWorkspaceWmsSettings(workspace ?? '', {
    onSuccess: () => toast.success(`Workspace ${workspace} uses the global WMS settings again.`),
    onError: (error) => toast.error(`Its own WMS settings not deleted: ${error.message}`),
  });
  const target = { kind: 'wms', workspace } as const;
  if (own.isPending || global.isPending) return <Skeleton />;
  if (own.isError || global.isError)
    return (
      <Alert tone="error" title="WMS settings could not be read">
        {(own.error ?? global.error)?.message}
      </Alert>
    );
  const title = workspace === null ? 'WMS settings' : `WMS settings of ${workspace}`;
  if (own.data === null) {
    return (
      <>
        <Alert tone="info">
          Workspace {workspace} uses the global WMS settings{readOnly ? '.' : ': save below to give it settings of its own.'}
        </Alert>
        {!readOnly && global.data && (
          <SettingsForm
            key="copy"
            title={title}
            target={target}
            fields={WMS_FIELDS}
            values={global.data.body}
            etag={null}
            readOnly={false}
            saveLabel={`Give ${workspace} its own WMS settings`}
          />
        )}
      </>
    );
  }
  return (
    <>
      <SettingsForm
        key={own.data.etag ?? ''}
        title={title}
        target={target}
        fields={WMS_FIELDS}
        values={own.data.body}
        etag={own.data.etag}
        readOnly={readOnly}
      />
      {workspace !== null && !readOnly && (
        <div className="settings-form__actions">
          <Button busy={remove.isPending} onClick={() => remove.mutate()}>
            Use the global settings
          </Button>
        </div>
      )}
    </>
  );
}
