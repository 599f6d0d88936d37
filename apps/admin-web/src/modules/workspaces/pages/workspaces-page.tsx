import { useMemo, useRef, useState } from 'react';
import { Button, Card, CatalogList, EmptyState, PageHeader, Spinner, useListState, useToast } from '../../../ui';
import { useIsAdmin, useMayWrite } from '../../auth';
import { CreateWorkspaceForm } from '../components/create-workspace-form';
import { DeleteWorkspaceDialog } from '../components/delete-workspace-dialog';
import { WORKSPACE_LIST, WORKSPACE_SPEC, workspaceColumns } from '../components/workspace-table';
import { useWorkspaces } from '../hooks/use-workspaces';
import './workspaces-page.css';

/** Lists the workspaces, creates new ones and deletes them with what they hold. */
export function WorkspacesPage() {
  const workspaces = useWorkspaces();
  const controls = useListState(WORKSPACE_LIST);
  const toast = useToast();
  const nameInputRef = useRef<HTMLInputElement>(null);
  const [lastCreated, setLastCreated] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const isAdmin = useIsAdmin();
  const canWrite = useMayWrite();
  const columns = useMemo(() => workspaceColumns(canWrite ? setDeleting : null, isAdmin), [canWrite, isAdmin]);
  const highlighted = useMemo(() => new Set(lastCreated ? [lastCreated] : []), [lastCreated]);
  const count = workspaces.data?.length;

  return (
    <>
      <PageHeader title="Workspaces" description="A workspace groups data stores, layers and styles. Its name is also the prefix of its namespace." />
      <div className={canWrite ? 'workspaces-page' : 'workspaces-page workspaces-page--reader'}>
        <Card
          title="All workspaces"
          flush
          aside={
            <>
              {workspaces.isFetching && !workspaces.isPending && <Spinner size="small" label="Refreshing" />}
              {count !== undefined && <span>{count === 1 ? '1 workspace' : `${count} workspaces`}</span>}
              <Button variant="ghost" small onClick={() => void workspaces.refetch()} disabled={workspaces.isFetching}>
                Refresh
              </Button>
            </>
          }
        >
          <CatalogList
            caption="Workspaces"
            noun="workspaces"
            columns={columns}
            items={workspaces.data}
            error={workspaces.error}
            onRetry={() => void workspaces.refetch()}
            spec={WORKSPACE_SPEC}
            controls={controls}
            rowKey={(workspace) => workspace.name}
            highlighted={highlighted}
            empty={
              <EmptyState
                title="No workspaces yet"
                action={
                  canWrite && (
                    <Button variant="primary" onClick={() => nameInputRef.current?.focus()}>
                      Create the first workspace
                    </Button>
                  )
                }
              >
                Workspaces hold the catalog's data stores, layers and styles.{canWrite && ' Create one to get started.'}
              </EmptyState>
            }
          />
        </Card>
        {canWrite && (
          <Card title="Create workspace" className="workspaces-page__create">
            <CreateWorkspaceForm nameInputRef={nameInputRef} onCreated={setLastCreated} />
          </Card>
        )}
      </div>
      <DeleteWorkspaceDialog
        name={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(name) => {
          setDeleting(null);
          toast.success(`Workspace ${name} deleted.`);
        }}
      />
    </>
  );
}
