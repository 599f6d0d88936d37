import { useEffect, useId, useRef, type ReactNode } from 'react';
import './modal-dialog.css';

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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <div className="modal-dialog__frame">
          <h2 className="modal-dialog__title" id={titleId}>
            {title}
          </h2>
          <div className="modal-dialog__body">{children}</div>
          <div className="modal-dialog__actions">{actions}</div>
        </div>
      )}
    </dialog>
  );
}
