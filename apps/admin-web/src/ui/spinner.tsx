import { classNames } from './class-names';
import './spinner.css';

export interface SpinnerProps {
  size?: 'small' | 'medium';
  /** Read by screen readers; without it the spinner is decorative. */
  label?: string;
}

/** A turning ring in the current text colour. */
export function Spinner({ size = 'medium', label }: SpinnerProps) {
  return (
    <>
      <span className={classNames('spinner', size === 'small' && 'spinner--small')} aria-hidden="true" />
      {label && <span className="visually-hidden">{label}</span>}
    </>
  );
}
