import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './list-toolbar.css';

export interface ListToolbarProps {
  /** What is filtered, for the field's label: "Filter workspaces". */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Extra filters (selects) and bulk actions, after the text field. */
  children?: ReactNode;
}

/**
 * The list's filter field. `/` anywhere on the page (outside a field) focuses it; Esc in it
 * clears it. Typing updates the URL after a short pause, so the history is not flooded.
 */
export function ListToolbar({ label, value, onChange, children }: ListToolbarProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  const lastSent = useRef(value);

  // The URL changed under us (back/forward, a link): show its value.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      onChange(text);
    }, 150);
    return () => clearTimeout(timer);
  }, [onChange, text]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      event.preventDefault();
      inputRef.current?.focus();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="list-toolbar">
      <div className="list-toolbar__search">
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <svg className="list-toolbar__icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m10.5 10.5 3 3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          id={id}
          type="search"
          className="list-toolbar__input"
          placeholder={`${label}…`}
          aria-keyshortcuts="/"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text) {
              event.preventDefault();
              lastSent.current = '';
              setText('');
              onChange('');
            } else if (event.key === 'Enter') {
              lastSent.current = text;
              onChange(text);
            }
          }}
        />
        <kbd className="list-toolbar__kbd" aria-hidden="true">
          /
        </kbd>
      </div>
      {children}
    </div>
  );
}
