import { useId, type ReactNode } from 'react';
import { classNames } from './class-names';
import './card.css';

export interface CardProps {
  /** Heading of the card; also names the region for assistive technology. */
  title: string;
  /** Shown at the right of the heading: counts, a refresh spinner, small actions. */
  aside?: ReactNode;
  /** Lets content such as a table run edge to edge. */
  flush?: boolean;
  className?: string;
  children: ReactNode;
}

/** A titled panel; a `<section>` labelled by its heading. */
export function Card({ title, aside, flush = false, className, children }: CardProps) {
  const titleId = useId();
  return (
    <section className={classNames('card', className)} aria-labelledby={titleId}>
      <header className="card__header">
        <h2 className="card__title" id={titleId}>
          {title}
        </h2>
        {aside && <div className="card__aside">{aside}</div>}
      </header>
      <div className={classNames('card__body', flush && 'card__body--flush')}>{children}</div>
    </section>
  );
}
