import { qualifiedLayerName, qualifiedStyleName, type StyleRef } from '../../../api';
import { ConfirmDialog, Spinner } from '../../../ui';
import { useDeleteStyle, useLayersUsingStyle } from '../hooks/use-styles';

export interface DeleteStyleDialogProps {
  style: StyleRef | null;
  onClose: () => void;
  onDeleted: (style: StyleRef) => void;
}

/**
 * Confirms deleting a style, naming first the layers that use it. A layer's default style cannot
 * be deleted: the dialog says which layers to give another default first.
 */
export function DeleteStyleDialog({ style, onClose, onDeleted }: DeleteStyleDialogProps) {
  const users = useLayersUsingStyle(style);
  const mutation = useDeleteStyle();
  const asDefault = (users.data ?? []).filter((u) => u.asDefault);
  const asExtra = (users.data ?? []).filter((u) => !u.asDefault);
  const name = style ? qualifiedStyleName(style) : '';
  return (
    <ConfirmDialog
      open={style !== null}
      title={`Delete style ${name}?`}
      confirmLabel="Delete style"
      busy={mutation.isPending || users.isPending || asDefault.length > 0}
      error={mutation.error?.message ?? users.error?.message}
      onCancel={() => {
        mutation.reset();
        onClose();
      }}
      onConfirm={() =>
        style &&
        mutation.mutate(style, {
          onSuccess: () => {
            mutation.reset();
            onDeleted(style);
          },
        })
      }
    >
      {users.isPending ? (
        <p>
          <Spinner size="small" /> Looking for layers that use it…
        </p>
      ) : asDefault.length > 0 ? (
        <>
          <p>It is the default style of these layers; give them another default style first:</p>
          <ul>
            {asDefault.map(({ layer }) => (
              <li key={qualifiedLayerName(layer)}>{qualifiedLayerName(layer)}</li>
            ))}
          </ul>
        </>
      ) : asExtra.length > 0 ? (
        <>
          <p>These layers offer it as another style; it is taken off them:</p>
          <ul>
            {asExtra.map(({ layer }) => (
              <li key={qualifiedLayerName(layer)}>{qualifiedLayerName(layer)}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>No layer uses it.</p>
      )}
    </ConfirmDialog>
  );
}
