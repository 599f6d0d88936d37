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

/**
 * Confirms a revert. When the server refuses (409: a record changed after it), its sentence is
 * shown and the confirm button becomes "Revert anyway", which overrides the later change.
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
          if (error.status === 409) setConflict(change.seq);
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
