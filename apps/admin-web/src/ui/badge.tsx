import type { ReactNode } from 'react';
import { classNames } from './class-names';
import './badge.css';

export type BadgeTone = 'neutral' | 'success' | 'danger' | 'info' | 'brand';

/** A short label: "Enabled", "Default", "PostGIS". */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={classNames('badge', `badge--${tone}`)}>{children}</span>;
}
