import { ConfirmDialog, Spinner } from '../../../ui';
import { useDeleteWorkspace, useWorkspaceContents } from '../hooks/use-delete-workspace';

export interface DeleteWorkspaceDialogProps {
  /** The workspace to delete; null when closed. */
  name: string | null;
  onClose: () => void;
  onDeleted: (name: string) => void;
}

/**
 * Confirms deleting a workspace, naming first everything that goes with it: its data stores,
 * layers and styles. A workspace with contents needs its name typed.
 */
export function DeleteWorkspaceDialog({ name, onClose, onDeleted }: DeleteWorkspaceDialogProps) {
  const contents = useWorkspaceContents(name);
  const mutation = useDeleteWorkspace();
  const data = contents.data;
  const hasContents = !!data && data.dataStores.length + data.layers.length + data.styles.length > 0;

  return (
    <ConfirmDialog
      open={name !== null}
      title={`Delete workspace ${name ?? ''}?`}
      confirmLabel="Delete workspace"
      typeToConfirm={hasContents ? (name ?? '') : undefined}
      busy={mutation.isPending || contents.isPending}
      error={mutation.error?.message ?? contents.error?.message}
      onCancel={() => {
        mutation.reset();
        onClose();
      }}
      onConfirm={() =>
        name &&
        mutation.mutate(name, {
          onSuccess: () => {
            mutation.reset();
            onDeleted(name);
          },
        })
      }
    >
      {contents.isPending ? (
        <p>
          <Spinner size="small" /> Looking at what is in the workspace…
        </p>
      ) : data && hasContents ? (
        <>
          <p>This also deletes everything in it:</p>
          <ul>
            {data.dataStores.map((store) => (
              <li key={`s:${store}`}>Data store {store}</li>
            ))}
            {data.layers.map((layer) => (
              <li key={`l:${layer}`}>
                Layer {name}:{layer}
              </li>
            ))}
            {data.styles.map((style) => (
              <li key={`y:${style}`}>Style {style}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>The workspace is empty. Its namespace goes with it.</p>
      )}
    </ConfirmDialog>
  );
}
