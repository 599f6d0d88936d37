import type { CatalogErrorCode } from '@geocatalog/catalog-model';
import { useState } from 'react';
import type { Change } from '../../../api';
import { ConfirmDialog, useToast } from '../../../ui';
import { useRevertChange } from '../hooks/use-revert-change';
import { operationWords } from './change-words';

export interface RevertDialogProps {
  /** The change to revert; null when closed. */
  change: Change | null;
  onClose: () => void;
}

/** The refusal that `force` overrides: a record changed after the change (any other 409 it cannot help). */
const FORCE_HELPS: CatalogErrorCode = 'CHANGED_SINCE';

/**
 * Confirms a revert. When the server refuses, its sentence is shown; when the refusal is only that
 * a record changed after it, the confirm button becomes "Revert anyway", which overrides the later
 * change. A revert that cannot apply (a record in the way) is not offered again.
 */
export function RevertDialog({ change, onClose }: RevertDialogProps) {
  const revert = useRevertChange();
  const toast = useToast();
  const [conflict, setConflict] = useState<number | null>(null);
  const forced = change !== null && conflict === change.seq;

  function close() {
    revert.reset();
    setConflict(null);
    onClose();
  }

  function confirm() {
    if (!change) return;
    revert.mutate(
      { seq: change.seq, force: forced },
      {
        onSuccess: () => {
          toast.success(`Change ${change.seq} reverted: ${change.resource} is back as it was before it.`);
          close();
        },
        onError: (error) => {
          setConflict(error.code === FORCE_HELPS ? change.seq : null);
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={change !== null}
      title={change ? `Revert change ${change.seq}?` : 'Revert'}
      confirmLabel={forced ? 'Revert anyway' : 'Revert'}
      busy={revert.isPending}
      error={revert.error?.message ?? null}
      onConfirm={confirm}
      onCancel={close}
    >
      {change && (
        <>
          <p>
            This puts <code>{change.resource}</code> back as it was before {change.user || 'someone'} {operationWords(change.operation)} it on{' '}
            {new Date(change.time).toLocaleString()}.
          </p>
          <p>Every other record changed by the same request is put back too. The revert is recorded as a new change.</p>
          {forced && <p>Reverting anyway overwrites the later change.</p>}
        </>
      )}
    </ConfirmDialog>
  );
}
