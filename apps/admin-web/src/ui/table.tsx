import type { ReactNode, TableHTMLAttributes } from 'react';
import { classNames } from './class-names';
import './table.css';

export interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** Names the table; kept for assistive technology and hidden when the page already shows a title. */
  caption: string;
  captionHidden?: boolean;
  children: ReactNode;
}

/** A semantic, horizontally scrollable table with a caption. */
export function Table({ caption, captionHidden = true, className, children, ...rest }: TableProps) {
  return (
    <div className="table-scroll">
      <table className={classNames('table', className)} {...rest}>
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
