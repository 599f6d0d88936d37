import { useEffect, useRef, type ReactNode } from 'react';
import './page-header.css';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/**
 * The page's `<h1>`. It takes focus when the page appears, so that after navigating a screen
 * reader starts at the new page and Tab continues from there, not from the old link.
 */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = headingRef.current;
    const active = document.activeElement;
    // Leave focus alone when something in the page already took it (e.g. an autofocused field).
    if (heading && (!active || active === document.body || !heading.closest('main')?.contains(active))) {
      heading.focus();
    }
  }, []);
  return (
    <div className="page-header">
      <div>
        <h1 className="page-header__title" ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </div>
  );
}
