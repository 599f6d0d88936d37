import { qualifiedLayerName, type LayerRef } from '../../../api';
import { ConfirmDialog } from '../../../ui';
import { useDeleteLayers } from '../hooks/use-layers';

export interface DeleteLayersDialogProps {
  layers: LayerRef[] | null;
  onClose: () => void;
  onDeleted: (layers: LayerRef[]) => void;
}

/** Confirms deleting layers, naming each; their feature types go too, the tables stay. */
export function DeleteLayersDialog({ layers, onClose, onDeleted }: DeleteLayersDialogProps) {
  const mutation = useDeleteLayers();
  const list = layers ?? [];
  return (
    <ConfirmDialog
      open={layers !== null}
      title={list.length === 1 ? `Delete layer ${qualifiedLayerName(list[0])}?` : `Delete ${list.length} layers?`}
      confirmLabel={list.length === 1 ? 'Delete layer' : `Delete ${list.length} layers`}
      busy={mutation.isPending}
      error={mutation.error?.message}
      onCancel={() => {
        mutation.reset();
        onClose();
      }}
      onConfirm={() =>
        mutation.mutate(list, {
          onSuccess: () => {
            mutation.reset();
            onDeleted(list);
          },
        })
      }
    >
      <p>The feature type behind {list.length === 1 ? 'it goes' : 'each goes'} too; the tables stay in the database.</p>
      {list.length > 1 && (
        <ul>
          {list.map((layer) => (
            <li key={qualifiedLayerName(layer)}>{qualifiedLayerName(layer)}</li>
          ))}
        </ul>
      )}
    </ConfirmDialog>
  );
}
