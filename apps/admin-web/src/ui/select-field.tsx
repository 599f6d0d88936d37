import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { classNames } from './class-names';
import { ErrorIcon } from './icons';
import './text-field.css';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/** A labelled `<select>` with hint and error tied by `aria-describedby`, styled like a text field. */
export function SelectField({ label, hint, error, id, className, ref, children, ...select }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  const describedBy = classNames(error ? errorId : null, hint ? hintId : null) || undefined;
  return (
    <div className={classNames('field', className)}>
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <select ref={ref} id={selectId} className="field__input field__select" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
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
