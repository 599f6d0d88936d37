import { useId, type ReactNode } from 'react';
import './native-dialog.css';
import './modal-dialog.css';
import { useNativeDialog } from './use-native-dialog';

export interface ModalDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The buttons at the bottom, the main one last. */
  actions: ReactNode;
  /** Esc (or the browser's close) asks this; ignored while `busy`. */
  onCancel: () => void;
  busy?: boolean;
}

/**
 * A modal on the native `<dialog>` with actions of its own (several choices, unlike
 * `ConfirmDialog`'s one): the browser traps focus, Esc cancels, focus goes back to the opener.
 */
export function ModalDialog({ open, title, children, actions, onCancel, busy }: ModalDialogProps) {
  const ref = useNativeDialog(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      className="native-dialog modal-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <div className="native-dialog__frame">
          <h2 className="native-dialog__title" id={titleId}>
            {title}
          </h2>
          <div className="modal-dialog__body">{children}</div>
          <div className="native-dialog__actions">{actions}</div>
        </div>
      )}
    </dialog>
  );
}
