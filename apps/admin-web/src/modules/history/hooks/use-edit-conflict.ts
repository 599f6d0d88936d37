import { useCallback, useRef, useState } from 'react';
import type { Versioned } from '../../../api';

/** A save refused with 412: the version the edit started from is no longer the record's. */
export interface EditConflict<T> {
  open: boolean;
  /** The record as it is now, read again when the conflict was raised. */
  current: Versioned<T> | null;
  loading: boolean;
  /** Why the current record could not be read (a `RestError` with 404: deleted since). */
  error: Error | null;
  /** Opens the conflict and reads the current record. */
  raise(): void;
  close(): void;
}

/** State of the "changed since you opened it" dialog of an edit form; `load` reads the record afresh. */
export function useEditConflict<T>(load: () => Promise<Versioned<T>>): EditConflict<T> {
  const [state, setState] = useState<{ open: boolean; current: Versioned<T> | null; loading: boolean; error: Error | null }>({
    open: false,
    current: null,
    loading: false,
    error: null,
  });
  const attempt = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const raise = useCallback(() => {
    const id = ++attempt.current;
    setState({ open: true, current: null, loading: true, error: null });
    loadRef.current().then(
      (current) => {
        if (id === attempt.current) setState({ open: true, current, loading: false, error: null });
      },
      (error: unknown) => {
        if (id !== attempt.current) return;
        setState({ open: true, current: null, loading: false, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
  }, []);

  const close = useCallback(() => {
    attempt.current++;
    setState({ open: false, current: null, loading: false, error: null });
  }, []);

  return { ...state, raise, close };
}
