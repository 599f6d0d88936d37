import { useId, type Ref } from 'react';
import { ErrorIcon } from '../../../ui';
import type { FilterProblem } from '../cql-check';
import './cql-filter-field.css';

export interface CqlFilterFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the value and where (the parser's or the server's), or null. */
  problem: FilterProblem | null;
  hint?: string;
  placeholder?: string;
  rows?: number;
  readOnly?: boolean;
  /** Enter without Shift (e.g. apply the filter). */
  onEnter?: () => void;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * An ECQL / CQL2 text box whose problem is shown at its position: the sentence, and the text with
 * the character at that 1-based position marked, tied to the box with `aria-describedby`.
 */
export function CqlFilterField({ label, value, onChange, problem, hint, placeholder, rows = 1, readOnly, onEnter, ref }: CqlFilterFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [problem ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field cql-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        className="field__input cql-field__input"
        rows={rows}
        value={value}
        placeholder={placeholder}
        readOnly={readOnly}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && onEnter) {
            event.preventDefault();
            onEnter();
          }
        }}
      />
      {problem && (
        <div className="field__error cql-field__error" id={errorId}>
          <ErrorIcon className="field__error-icon" size={15} />
          <div>
            <p>{problem.message}</p>
            {problem.position > 0 && <MarkedText text={value} position={problem.position} />}
          </div>
        </div>
      )}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** The filter with the character at `position` (1-based; past the end: the end) marked. */
function MarkedText({ text, position }: { text: string; position: number }) {
  const at = Math.min(position - 1, text.length);
  const marked = text.slice(at, at + 1) || ' ';
  return (
    <code className="cql-field__where" aria-label={`Position ${position}`}>
      {text.slice(0, at)}
      <mark className="cql-field__mark">{marked}</mark>
      {text.slice(at + 1)}
    </code>
  );
}
