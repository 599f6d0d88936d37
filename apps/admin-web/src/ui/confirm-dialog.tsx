import { useId, useState, type ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import './native-dialog.css';
import './confirm-dialog.css';
import { useNativeDialog } from './use-native-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, naming everything that goes along. */
  children: ReactNode;
  confirmLabel: string;
  /** When set, the confirm button stays disabled until this text is typed (recursive deletes). */
  typeToConfirm?: string;
  busy?: boolean;
  /** Why the action failed, shown in the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation on the native `<dialog>`: the browser traps focus, Esc cancels, and focus
 * goes back to the button that opened it. The confirm action is dangerous by default.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, typeToConfirm, busy, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const typedId = useId();
  const [typed, setTyped] = useState('');
  const ref = useNativeDialog(open, () => setTyped(''));

  const blocked = busy || (typeToConfirm !== undefined && typed !== typeToConfirm);
  return (
    <dialog
      ref={ref}
      className="native-dialog confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <form
          method="dialog"
          className="native-dialog__frame"
          onSubmit={(event) => {
            event.preventDefault();
            if (!blocked) onConfirm();
          }}
        >
          <h2 className="native-dialog__title" id={titleId}>
            {title}
          </h2>
          <div className="confirm-dialog__body">{children}</div>
          {typeToConfirm !== undefined && (
            <div className="field">
              <label className="field__label" htmlFor={typedId}>
                Type <strong>{typeToConfirm}</strong> to confirm
              </label>
              <input
                id={typedId}
                className="field__input"
                autoComplete="off"
                spellCheck={false}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </div>
          )}
          {error && <Alert tone="error">{error}</Alert>}
          <div className="native-dialog__actions">
            <Button onClick={onCancel} disabled={busy} autoFocus={typeToConfirm === undefined}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={busy} disabled={blocked}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
