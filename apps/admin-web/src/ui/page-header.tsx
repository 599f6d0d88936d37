import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './page-header.css';

/** One step of the trail above a page title. */
export interface Crumb {
  label: string;
  to: string;
}

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Where this page sits: `Layers › acme:states`. The page itself is not repeated. */
  breadcrumbs?: Crumb[];
}

/**
 * The page's `<h1>`. It takes focus when the page appears, so that after navigating a screen
 * reader starts at the new page and Tab continues from there, not from the old link.
 */
export function PageHeader({ title, description, actions, breadcrumbs }: PageHeaderProps) {
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
      <div className="page-header__text">
        {breadcrumbs && breadcrumbs.length > 0 && (
          <nav aria-label="Breadcrumb" className="page-header__crumbs">
            <ol>
              {breadcrumbs.map((crumb) => (
                <li key={crumb.to}>
                  <Link to={crumb.to}>{crumb.label}</Link>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <h1 className="page-header__title" ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </div>
  );
}
