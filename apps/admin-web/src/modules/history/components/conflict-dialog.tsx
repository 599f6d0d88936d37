import type { ReactNode } from 'react';
import { isRestError } from '../../../api';
import { Alert, Button, ModalDialog, Spinner } from '../../../ui';
import type { EditConflict } from '../hooks/use-edit-conflict';

export interface ConflictDialogProps<T> {
  conflict: EditConflict<T>;
  /** What is edited, e.g. "data store acme:pg". */
  what: string;
  /** Draws what changed between the version the edit started from and `current`. */
  renderDiff: (current: T, representation: unknown) => ReactNode;
  /** Discards the edit and loads the current record into the form. */
  onReload: () => void;
  /** Sends the edit again over the current version. */
  onOverwrite: () => void;
  /** The overwrite is in flight. */
  busy?: boolean;
  /** Why the overwrite failed. */
  error?: string | null;
}

/**
 * Shown when a save was refused because someone else saved the record after it was opened: what
 * they changed, and the choice between their version (Reload) and this edit (Overwrite).
 */
export function ConflictDialog<T>({ conflict, what, renderDiff, onReload, onOverwrite, busy, error }: ConflictDialogProps<T>) {
  const deleted = isRestError(conflict.error, 404);
  return (
    <ModalDialog
      open={conflict.open}
      title={`The ${what} changed since you opened it`}
      onCancel={conflict.close}
      busy={busy}
      actions={
        <>
          <Button onClick={conflict.close} disabled={busy}>
            Keep editing
          </Button>
          <Button onClick={onReload} disabled={busy || conflict.loading}>
            Reload
          </Button>
          <Button variant="danger" onClick={onOverwrite} busy={busy} disabled={busy || !conflict.current}>
            Overwrite
          </Button>
        </>
      }
    >
      <p>
        Someone saved the {what} after you opened it, so your changes were not saved. <strong>Reload</strong> discards your edit and shows the current version;{' '}
        <strong>Overwrite</strong> saves your edit over theirs.
      </p>
      {conflict.loading && (
        <p role="status">
          <Spinner size="small" /> Reading the current version…
        </p>
      )}
      {deleted && <Alert tone="error">The {what} has been deleted since you opened it.</Alert>}
      {conflict.error && !deleted && <Alert tone="error">The current version could not be read: {conflict.error.message}</Alert>}
      {conflict.current && (
        <>
          <p>What changed since you opened it:</p>
          {renderDiff(conflict.current.record, conflict.current.representation)}
        </>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </ModalDialog>
  );
}
