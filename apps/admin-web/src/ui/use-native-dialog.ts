import { useEffect, useRef } from 'react';

/**
 * Opens and closes a native `<dialog>` with `open`, as a modal: the browser traps focus, and on
 * closing, focus goes back to the element that had it when the dialog opened. `onOpen` runs
 * each time it opens (to reset what the dialog holds).
 */
export function useNativeDialog(open: boolean, onOpen?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const opened = useRef(onOpen);
  opened.current = onOpen;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      opened.current?.();
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);

  return ref;
}
