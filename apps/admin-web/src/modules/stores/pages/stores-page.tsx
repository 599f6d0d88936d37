import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { DataStoreRef } from '../../../api';
import {
  Button,
  byText,
  Card,
  CatalogList,
  EmptyState,
  LinkButton,
  ListFilterSelect,
  PageHeader,
  Spinner,
  useListState,
  useToast,
  type Column,
  type ListDefaults,
  type ListSpec,
} from '../../../ui';
import { useMayWrite } from '../../auth';
import { DeleteStoreDialog } from '../components/delete-store-dialog';
import { StoreConnectionCell, StoreTypeCell } from '../components/store-cells';
import { useAllDataStores } from '../hooks/use-data-stores';
import { storeKey, storePath } from '../store-paths';
import './stores-page.css';

const LIST: ListDefaults = { sort: 'name', sortKeys: ['name', 'workspace'], filterKeys: ['workspace'] };

const SPEC: ListSpec<DataStoreRef> = {
  text: (store) => `${store.workspace}:${store.name}`,
  compare: {
    name: (a, b) => byText<DataStoreRef>((s) => s.name)(a, b) || byText<DataStoreRef>((s) => s.workspace)(a, b),
    workspace: (a, b) => byText<DataStoreRef>((s) => s.workspace)(a, b) || byText<DataStoreRef>((s) => s.name)(a, b),
  },
  filters: { workspace: (store, value) => store.workspace === value },
};

/** Every data store of every workspace, with the way to add a PostGIS store. */
export function StoresPage() {
  const { stores, workspaces, error, isFetching, refetch } = useAllDataStores();
  const controls = useListState(LIST);
  const workspaceFilter = controls.state.filters.workspace;
  // ADMIN writes everywhere; a workspace administrator in the list of its workspace.
  const canWrite = useMayWrite(workspaceFilter);
  const toast = useToast();
  const [deleting, setDeleting] = useState<DataStoreRef | null>(null);
  const newStoreLink = `/stores/new${workspaceFilter ? `?workspace=${encodeURIComponent(workspaceFilter)}` : ''}`;

  const columns = useMemo<Column<DataStoreRef>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        sortable: true,
        rowHeader: true,
        cell: (store) => <Link to={storePath(store)}>{store.name}</Link>,
      },
      { key: 'workspace', header: 'Workspace', sortable: true, cell: (store) => store.workspace },
      { key: 'type', header: 'Type', cell: (store) => <StoreTypeCell store={store} /> },
      { key: 'connection', header: 'Connection', secondary: true, cell: (store) => <StoreConnectionCell store={store} /> },
      // Publish and Delete change the catalog: a reader's rows have neither.
      ...(canWrite ? [storeActionsColumn(setDeleting)] : []),
    ],
    [canWrite],
  );

  return (
    <>
      <PageHeader
        title="Data stores"
        description="A data store is a connection to a PostGIS database; its tables become layers when you publish them."
        actions={
          canWrite && (
            <LinkButton variant="primary" to={newStoreLink}>
              New PostGIS store
            </LinkButton>
          )
        }
      />
      <Card
        title="All data stores"
        flush
        aside={
          <>
            {isFetching && stores && <Spinner size="small" label="Refreshing" />}
            <Button variant="ghost" small onClick={refetch}>
              Refresh
            </Button>
          </>
        }
      >
        <CatalogList
          caption="Data stores"
          noun="data stores"
          columns={columns}
          items={stores}
          error={error}
          onRetry={refetch}
          spec={SPEC}
          controls={controls}
          rowKey={storeKey}
          filters={
            <ListFilterSelect
              label="Workspace"
              value={workspaceFilter}
              onChange={(value) => controls.setFilter('workspace', value)}
              options={[['', 'All'], ...(workspaces ?? []).map((name): [string, string] => [name, name])]}
            />
          }
          noMatch={
            workspaceFilter && !controls.state.q ? (
              <EmptyState
                title={`No data stores in workspace ${workspaceFilter} yet`}
                action={
                  canWrite && (
                    <LinkButton variant="primary" to={newStoreLink}>
                      Add a PostGIS store
                    </LinkButton>
                  )
                }
              >
                Connect a PostGIS database to publish its tables as layers. <Link to="/stores">Show every workspace's stores</Link>
              </EmptyState>
            ) : undefined
          }
          empty={
            workspaces && workspaces.length === 0 ? (
              <EmptyState
                title="No workspaces yet"
                action={
                  canWrite && (
                    <LinkButton variant="primary" to="/workspaces">
                      Create a workspace
                    </LinkButton>
                  )
                }
              >
                A data store lives in a workspace. Create a workspace first.
              </EmptyState>
            ) : (
              <EmptyState
                title="No data stores yet"
                action={
                  canWrite && (
                    <LinkButton variant="primary" to={newStoreLink}>
                      Add a PostGIS store
                    </LinkButton>
                  )
                }
              >
                Connect a PostGIS database to publish its tables as layers.
              </EmptyState>
            )
          }
        />
      </Card>
      <DeleteStoreDialog
        store={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(store) => {
          setDeleting(null);
          toast.success(`Data store ${storeKey(store)} deleted.`);
        }}
      />
    </>
  );
}

/** Publish and Delete, for users who may change the catalog. */
function storeActionsColumn(onDelete: (store: DataStoreRef) => void): Column<DataStoreRef> {
  return {
    key: 'actions',
    header: 'Actions',
    end: true,
    cell: (store) => (
      <span className="stores-page__row-actions">
        <LinkButton
          small
          variant="ghost"
          to={`/layers/publish?store=${encodeURIComponent(storeKey(store))}`}
          aria-label={`Publish layers from ${storeKey(store)}`}
        >
          Publish
        </LinkButton>
        <Button small variant="ghost" onClick={() => onDelete(store)} aria-label={`Delete data store ${storeKey(store)}`}>
          Delete
        </Button>
      </span>
    ),
  };
}
