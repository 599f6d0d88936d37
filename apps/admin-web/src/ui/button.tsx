import type { ButtonHTMLAttributes, Ref } from 'react';
import { classNames } from './class-names';
import { Spinner } from './spinner';
import './button.css';

/**
 * `primary` for the one main action of a view, `secondary` for others, `ghost` for quiet ones,
 * `danger` for actions that destroy.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner and `aria-busy`; the button stays focusable so focus is not lost. */
  busy?: boolean;
  /** Stretches the button to the width of its container. */
  block?: boolean;
  /** A compact button for table rows and toolbars. */
  small?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A real `<button>`; `type="button"` unless told otherwise so it never submits a form by accident. */
export function Button({ variant = 'secondary', busy = false, block = false, small = false, type = 'button', className, children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames('btn', `btn--${variant}`, block && 'btn--block', small && 'btn--small', className)}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner size="small" />}
      {children}
    </button>
  );
}
