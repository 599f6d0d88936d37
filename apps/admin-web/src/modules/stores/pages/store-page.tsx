import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { DataStore, Versioned } from '../../../api';
import { Alert, Button, Card, EmptyState, LinkButton, PageHeader, Skeleton, useToast } from '../../../ui';
import { useMayWrite } from '../../auth';
import { ConflictDialog, FieldDiff, historyResource, RecordHistory, useEditConflict } from '../../history';
import { DeleteStoreDialog } from '../components/delete-store-dialog';
import { StoreForm } from '../components/store-form';
import { useStoreFeatureTypes, useUpdateDataStore, useVersionedDataStore } from '../hooks/use-data-stores';
import { storeFormOf, storeInputOf, type StoreFormValues } from '../store-form-model';
import { storeKey } from '../store-paths';
import './store-page.css';

/**
 * One data store: its connection (editable), the layers published from it, its history, delete.
 * The form edits the version it was loaded from: a newer one (another user, live) replaces it
 * while nothing is typed; otherwise the save is sent with that version's `If-Match`, and a refusal
 * opens the conflict dialog.
 */
export function StorePage() {
  const { workspace = '', store: name = '' } = useParams();
  const ref = { workspace, name };
  const navigate = useNavigate();
  const toast = useToast();
  const record = useVersionedDataStore(ref);
  const featureTypes = useStoreFeatureTypes(ref);
  const update = useUpdateDataStore();
  const [deleting, setDeleting] = useState(false);
  const canWrite = useMayWrite(workspace);
  const [base, setBase] = useState<{ version: Versioned<DataStore>; form: number } | null>(null);
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<StoreFormValues | null>(null);
  const conflict = useEditConflict(async () => {
    const { data } = await record.refetch({ throwOnError: true });
    if (!data) throw new Error('The server sent no data store.');
    return data;
  });
  const key = storeKey(ref);

  // Take the newest version into the form unless the user is editing the one they opened.
  if (record.data && record.data !== base?.version && (!base || !dirty)) setBase({ version: record.data, form: (base?.form ?? 0) + 1 });

  function load(version: Versioned<DataStore>) {
    setBase({ version, form: (base?.form ?? 0) + 1 });
    setDirty(false);
    update.reset();
  }

  function save(values: StoreFormValues, version: Versioned<DataStore>) {
    setPending(values);
    update.mutate(
      { ref, input: storeInputOf(values, version.record.connectionParameters.passwd), ifMatch: version.etag },
      {
        onSuccess: () => {
          toast.success(`Data store ${key} saved.`);
          conflict.close();
          setDirty(false);
        },
        onError: (error) => {
          if (error.isStale) conflict.raise();
        },
      },
    );
  }

  const stale = base && record.data && record.data !== base.version && dirty;
  const current = base?.version.record;
  return (
    <>
      <PageHeader
        title={name}
        breadcrumbs={[
          { label: 'Data stores', to: '/stores' },
          { label: workspace, to: `/stores?workspace=${encodeURIComponent(workspace)}` },
        ]}
        description={current ? `${current.type} data store in workspace ${workspace}` : undefined}
        actions={
          current &&
          canWrite && (
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
      {record.isPending && !base ? (
        <Card title="Connection">
          <div aria-busy="true" className="store-page__loading">
            <Skeleton width="40%" />
            <Skeleton width="70%" />
            <Skeleton width="55%" />
          </div>
        </Card>
      ) : record.error && !conflict.open ? (
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
      ) : base ? (
        <div className="store-page">
          <div className="store-page__main">
            <Card title="Connection">
              {stale && (
                <Alert tone="info" title="Someone else saved this data store">
                  Your edit is of the version you opened; saving will show what changed and ask what to keep.
                </Alert>
              )}
              <StoreForm
                key={base.form}
                mode={canWrite ? 'edit' : 'view'}
                initial={storeFormOf(base.version.record)}
                storedPassword={base.version.record.connectionParameters.passwd}
                busy={update.isPending}
                serverError={update.error?.isStale ? null : update.error}
                onCancel={() => void navigate('/stores')}
                onDirtyChange={setDirty}
                onSubmit={(values) => save(values, base.version)}
              />
            </Card>
            <RecordHistory resource={historyResource.dataStore(workspace, name)} what={`data store ${key}`} />
          </div>
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
                  canWrite && (
                    <LinkButton variant="primary" to={`/layers/publish?store=${encodeURIComponent(key)}`}>
                      Publish tables
                    </LinkButton>
                  )
                }
              >
                {canWrite ? 'Publish tables of this store as layers.' : 'No table of this store is published as a layer.'}
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
      ) : null}
      {base && (
        <ConflictDialog
          conflict={conflict}
          what={`data store ${key}`}
          renderDiff={(_record, representation) => (
            <FieldDiff before={base.version.representation} after={representation} caption={`What changed in data store ${key} since you opened it`} />
          )}
          busy={update.isPending}
          error={conflict.open && update.error && !update.error.isStale ? update.error.message : null}
          onReload={() => {
            if (conflict.current) load(conflict.current);
            else void record.refetch();
            conflict.close();
          }}
          onOverwrite={() => {
            if (conflict.current && pending) save(pending, conflict.current);
          }}
        />
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
