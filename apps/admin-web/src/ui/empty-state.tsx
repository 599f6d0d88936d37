import type { ReactNode } from 'react';
import './empty-state.css';

export interface EmptyStateProps {
  title: string;
  /** What the missing thing is for. */
  children?: ReactNode;
  /** The primary action that fills the emptiness. */
  action?: ReactNode;
}

/** Shown instead of an empty list: says what belongs here and how to add the first one. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <div className="empty-state__icon" aria-hidden="true">
        <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
          <path d="M3 8.5 12 4l9 4.5-9 4.5z" />
          <path d="m3 12.5 9 4.5 9-4.5M3 16.5 12 21l9-4.5" />
        </svg>
      </div>
      <p className="empty-state__title">{title}</p>
      {children && <p className="empty-state__text">{children}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
