import type { DataStoreRef } from '../../../api';
import { ConfirmDialog, Spinner } from '../../../ui';
import { useDeleteDataStore, useStoreFeatureTypes } from '../hooks/use-data-stores';

export interface DeleteStoreDialogProps {
  store: DataStoreRef | null;
  onClose: () => void;
  onDeleted: (store: DataStoreRef) => void;
}

/** Confirms deleting a data store, naming first the layers that go with it. */
export function DeleteStoreDialog({ store, onClose, onDeleted }: DeleteStoreDialogProps) {
  const featureTypes = useStoreFeatureTypes(store);
  const mutation = useDeleteDataStore();
  const layers = featureTypes.data ?? [];
  return (
    <ConfirmDialog
      open={store !== null}
      title={`Delete data store ${store?.name ?? ''}?`}
      confirmLabel="Delete data store"
      typeToConfirm={layers.length > 0 ? store?.name : undefined}
      busy={mutation.isPending || featureTypes.isPending}
      error={mutation.error?.message ?? featureTypes.error?.message}
      onCancel={() => {
        mutation.reset();
        onClose();
      }}
      onConfirm={() =>
        store &&
        mutation.mutate(store, {
          onSuccess: () => {
            mutation.reset();
            onDeleted(store);
          },
        })
      }
    >
      {featureTypes.isPending ? (
        <p>
          <Spinner size="small" /> Looking for the layers published from it…
        </p>
      ) : layers.length > 0 ? (
        <>
          <p>{layers.length === 1 ? 'Its layer goes with it' : `Its ${layers.length} layers go with it`} (the tables stay in the database):</p>
          <ul>
            {layers.map((layer) => (
              <li key={layer}>
                Layer {store?.workspace}:{layer}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>No layers are published from it. The tables stay in the database.</p>
      )}
    </ConfirmDialog>
  );
}
