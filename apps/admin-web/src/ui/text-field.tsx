import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { classNames } from './class-names';
import { ErrorIcon } from './icons';
import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  /** Visible label, tied to the input. */
  label: string;
  /** Help shown under the input and read with it. */
  hint?: ReactNode;
  /** What is wrong with the value; marks the input invalid and is read with it. */
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input whose hint and error are in the DOM and tied with `aria-describedby`. */
export function TextField({ label, hint, error, id, className, ref, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = classNames(error ? errorId : null, hint ? hintId : null) || undefined;
  return (
    <div className={classNames('field', className)}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input ref={ref} id={inputId} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && (
        <p className="field__error" id={errorId}>
          <ErrorIcon className="field__error-icon" size={15} />
          {error}
        </p>
      )}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
