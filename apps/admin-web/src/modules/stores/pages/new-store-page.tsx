import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Card, PageHeader, Skeleton, useToast } from '../../../ui';
import { useWorkspaces } from '../../workspaces';
import { StoreForm } from '../components/store-form';
import { useCreateDataStore } from '../hooks/use-data-stores';
import { emptyStoreForm, storeInputOf } from '../store-form-model';
import { storeKey } from '../store-paths';

/** Adds a PostGIS store; once saved, goes on to publish its tables. `?workspace=` preselects one. */
export function NewStorePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const workspaces = useWorkspaces();
  const create = useCreateDataStore();
  const names = workspaces.data?.map((w) => w.name) ?? [];
  const preset = params.get('workspace') ?? (names.length === 1 ? names[0] : '');

  return (
    <>
      <PageHeader
        title="New PostGIS data store"
        breadcrumbs={[{ label: 'Data stores', to: '/stores' }]}
        description="Connect to a PostGIS database. Test the connection first if you like: the test saves nothing."
      />
      <Card title="Connection">
        {workspaces.isPending ? (
          <div aria-busy="true">
            <Skeleton width="60%" />
          </div>
        ) : workspaces.error ? (
          <Alert tone="error" title="Could not load the workspaces">
            {workspaces.error.message}
          </Alert>
        ) : (
          <StoreForm
            mode="create"
            initial={emptyStoreForm(names.includes(preset) ? preset : '')}
            workspaces={names}
            busy={create.isPending}
            serverError={create.error}
            onCancel={() => void navigate(-1)}
            onSubmit={(values) =>
              create.mutate(
                { workspace: values.workspace, input: storeInputOf(values) },
                {
                  onSuccess: (name) => {
                    const store = { workspace: values.workspace, name };
                    toast.success(`Data store ${storeKey(store)} created. Choose the tables to publish.`);
                    navigate(`/layers/publish?store=${encodeURIComponent(storeKey(store))}`);
                  },
                },
              )
            }
          />
        )}
      </Card>
    </>
  );
}
