import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Card, EmptyState, LinkButton, PageHeader, Skeleton, useToast } from '../../../ui';
import { DeleteStoreDialog } from '../components/delete-store-dialog';
import { StoreForm } from '../components/store-form';
import { useDataStore, useStoreFeatureTypes, useUpdateDataStore } from '../hooks/use-data-stores';
import { storeFormOf, storeInputOf } from '../store-form-model';
import { storeKey } from '../store-paths';
import './store-page.css';

/** One data store: its connection (editable), the layers published from it, delete. */
export function StorePage() {
  const { workspace = '', store: name = '' } = useParams();
  const ref = { workspace, name };
  const navigate = useNavigate();
  const toast = useToast();
  const record = useDataStore(ref);
  const featureTypes = useStoreFeatureTypes(ref);
  const update = useUpdateDataStore();
  const [deleting, setDeleting] = useState(false);
  const key = storeKey(ref);

  return (
    <>
      <PageHeader
        title={name}
        breadcrumbs={[
          { label: 'Data stores', to: '/stores' },
          { label: workspace, to: `/stores?workspace=${encodeURIComponent(workspace)}` },
        ]}
        description={record.data ? `${record.data.type} data store in workspace ${workspace}` : undefined}
        actions={
          record.data && (
            <>
              <LinkButton variant="primary" to={`/layers/publish?store=${encodeURIComponent(key)}`}>
                Publish layers
              </LinkButton>
              <Button variant="danger" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </>
          )
        }
      />
      {record.isPending ? (
        <Card title="Connection">
          <div aria-busy="true" className="store-page__loading">
            <Skeleton width="40%" />
            <Skeleton width="70%" />
            <Skeleton width="55%" />
          </div>
        </Card>
      ) : record.error ? (
        record.error.status === 404 ? (
          <Card title="Not found">
            <EmptyState title={`There is no data store ${key}`} action={<LinkButton to="/stores">All data stores</LinkButton>}>
              It may have been deleted, or the link is wrong.
            </EmptyState>
          </Card>
        ) : (
          <Alert tone="error" title="Could not load the data store" actions={<Button onClick={() => void record.refetch()}>Retry</Button>}>
            {record.error.message}
          </Alert>
        )
      ) : (
        <div className="store-page">
          <Card title="Connection">
            <StoreForm
              key={record.dataUpdatedAt}
              mode="edit"
              initial={storeFormOf(record.data)}
              storedPassword={record.data.connectionParameters.passwd}
              busy={update.isPending}
              serverError={update.error}
              onCancel={() => navigate('/stores')}
              onSubmit={(values) =>
                update.mutate(
                  { ref, input: storeInputOf(values, record.data.connectionParameters.passwd) },
                  { onSuccess: () => toast.success(`Data store ${key} saved.`) },
                )
              }
            />
          </Card>
          <Card title="Published layers" flush>
            {featureTypes.isPending ? (
              <div className="store-page__loading" aria-busy="true">
                <Skeleton width="50%" />
              </div>
            ) : featureTypes.error ? (
              <div className="store-page__loading">
                <Alert tone="error">{featureTypes.error.message}</Alert>
              </div>
            ) : featureTypes.data.length === 0 ? (
              <EmptyState
                title="Nothing published yet"
                action={
                  <LinkButton variant="primary" to={`/layers/publish?store=${encodeURIComponent(key)}`}>
                    Publish tables
                  </LinkButton>
                }
              >
                Publish tables of this store as layers.
              </EmptyState>
            ) : (
              <ul className="store-page__layers">
                {featureTypes.data.map((layer) => (
                  <li key={layer}>
                    <Link to={`/layers/${encodeURIComponent(workspace)}/${encodeURIComponent(layer)}`}>
                      {workspace}:{layer}
                    </Link>
                    <Link
                      className="store-page__preview"
                      to={`/preview/${encodeURIComponent(workspace)}:${encodeURIComponent(layer)}`}
                      aria-label={`Preview ${workspace}:${layer}`}
                    >
                      Preview
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
      <DeleteStoreDialog
        store={deleting ? ref : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          setDeleting(false);
          toast.success(`Data store ${key} deleted.`);
          navigate('/stores');
        }}
      />
    </>
  );
}
