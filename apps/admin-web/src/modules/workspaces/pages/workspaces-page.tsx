import { useRef, useState } from 'react';
import { Alert, Button, Card, EmptyState, PageHeader, Spinner } from '../../../ui';
import { CreateWorkspaceForm } from '../components/create-workspace-form';
import { WorkspaceTable, WorkspaceTableSkeleton } from '../components/workspace-table';
import { useWorkspaces } from '../hooks/use-workspaces';
import './workspaces-page.css';

/** Lists the workspaces and creates new ones. */
export function WorkspacesPage() {
  const workspaces = useWorkspaces();
  const nameInputRef = useRef<HTMLInputElement>(null);
  const [lastCreated, setLastCreated] = useState<string | null>(null);
  const count = workspaces.data?.length;

  return (
    <>
      <PageHeader
        title="Workspaces"
        description="A workspace groups data stores, layers and styles. Its name is also the prefix of its namespace."
      />
      <div className="workspaces-page">
        <Card
          title="All workspaces"
          flush
          aside={
            <>
              {workspaces.isFetching && !workspaces.isPending && <Spinner size="small" label="Refreshing" />}
              {count !== undefined && <span>{count === 1 ? '1 workspace' : `${count} workspaces`}</span>}
              <Button variant="ghost" onClick={() => void workspaces.refetch()} disabled={workspaces.isFetching}>
                Refresh
              </Button>
            </>
          }
        >
          <div aria-busy={workspaces.isPending || undefined}>
            {workspaces.isPending ? (
              <>
                <p className="visually-hidden" role="status">
                  Loading workspaces…
                </p>
                <WorkspaceTableSkeleton />
              </>
            ) : workspaces.isError && !workspaces.data ? (
              <div className="workspaces-page__message">
                <Alert
                  tone="error"
                  title="Could not load the workspaces"
                  actions={<Button onClick={() => void workspaces.refetch()}>Retry</Button>}
                >
                  {workspaces.error.message}
                </Alert>
              </div>
            ) : workspaces.data.length === 0 ? (
              <EmptyState
                title="No workspaces yet"
                action={
                  <Button variant="primary" onClick={() => nameInputRef.current?.focus()}>
                    Create the first workspace
                  </Button>
                }
              >
                Workspaces hold the catalog's data stores, layers and styles. Create one to get started.
              </EmptyState>
            ) : (
              <>
                {workspaces.isError && (
                  <div className="workspaces-page__message">
                    <Alert tone="error" title="Could not refresh the workspaces">
                      {workspaces.error.message}
                    </Alert>
                  </div>
                )}
                <WorkspaceTable workspaces={workspaces.data} highlighted={lastCreated} />
              </>
            )}
          </div>
        </Card>
        <Card title="Create workspace" className="workspaces-page__create">
          <CreateWorkspaceForm nameInputRef={nameInputRef} onCreated={setLastCreated} />
        </Card>
      </div>
    </>
  );
}
