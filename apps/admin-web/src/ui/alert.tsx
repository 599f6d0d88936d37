import type { ReactNode } from 'react';
import { classNames } from './class-names';
import { ErrorIcon, InfoIcon, SuccessIcon } from './icons';
import './alert.css';

export type AlertTone = 'error' | 'success' | 'info';

export interface AlertProps {
  tone: AlertTone;
  /** Bold first line; the children follow it. */
  title?: string;
  /** Buttons on the right, e.g. Retry. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

const ICONS = { error: ErrorIcon, success: SuccessIcon, info: InfoIcon } as const;

/**
 * A message box. Errors are `role="alert"` (read at once); success and info are
 * `role="status"` (read politely). Render it when the message appears so it is announced.
 */
export function Alert({ tone, title, actions, className, children }: AlertProps) {
  const ToneIcon = ICONS[tone];
  return (
    <div className={classNames('alert', `alert--${tone}`, className)} role={tone === 'error' ? 'alert' : 'status'}>
      <ToneIcon className="alert__icon" size={18} />
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        <div>{children}</div>
      </div>
      {actions && <div className="alert__actions">{actions}</div>}
    </div>
  );
}
