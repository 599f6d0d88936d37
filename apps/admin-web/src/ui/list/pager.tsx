import { useId } from 'react';
import { Button } from '../button';
import { PAGE_SIZES } from './list-state';
import './pager.css';

export interface PagerProps {
  page: number;
  pageCount: number;
  /** 0-based index of the first row shown. */
  offset: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  size: number;
  /** Plural noun of the rows: "workspaces". */
  noun: string;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}

/** "1–25 of 120 workspaces", previous/next and rows per page. */
export function Pager({ page, pageCount, offset, shown, total, size, noun, onPage, onSize }: PagerProps) {
  const sizeId = useId();
  return (
    <nav className="pager" aria-label={`Pages of ${noun}`}>
      <p className="pager__range" aria-live="polite">
        {total === 0 ? `0 ${noun}` : `${offset + 1}–${offset + shown} of ${total} ${noun}`}
      </p>
      <div className="pager__controls">
        <label htmlFor={sizeId} className="pager__size">
          Rows per page
          <select id={sizeId} value={size} onChange={(event) => onSize(Number(event.target.value))}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <Button variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span className="pager__page">
          Page {page} of {pageCount}
        </span>
        <Button variant="ghost" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
