import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ErrorIcon, SuccessIcon } from './icons';
import './toasts.css';

export interface Toast {
  id: number;
  tone: 'success' | 'error';
  text: string;
}

export interface Toaster {
  /** A success note: announced politely, gone after a few seconds. */
  success(text: string): void;
  /** A failure: announced at once, stays until dismissed. */
  error(text: string): void;
}

const ToastContext = createContext<Toaster | null>(null);

/** How long a success note stays. */
const SUCCESS_MS = 5_000;

/**
 * Notes about finished actions (a publish, a delete), in live regions that exist before any note
 * arrives, so screen readers announce them. Success notes leave by themselves; errors stay.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  const push = useCallback(
    (tone: Toast['tone'], text: string) => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-2), { id, tone, text }]);
      if (tone === 'success')
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), SUCCESS_MS),
        );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const toaster = useMemo<Toaster>(() => ({ success: (text) => push('success', text), error: (text) => push('error', text) }), [push]);

  const render = (tone: Toast['tone']) =>
    toasts
      .filter((toast) => toast.tone === tone)
      .map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.tone}`}>
          {tone === 'success' ? <SuccessIcon size={18} className="toast__icon" /> : <ErrorIcon size={18} className="toast__icon" />}
          <p className="toast__text">{toast.text}</p>
          <button type="button" className="toast__close" onClick={() => dismiss(toast.id)} aria-label="Dismiss">
            ×
          </button>
        </div>
      ));

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <div className="toasts">
        <div aria-live="polite" className="toasts__group">
          {render('success')}
        </div>
        <div aria-live="assertive" className="toasts__group">
          {render('error')}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

/** The toaster of the surrounding {@link ToastProvider}. */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast needs a <ToastProvider> above it.');
  return toaster;
}
