import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { SessionMenu, useIsAdmin } from '../modules/auth';
import { LiveCatalogUpdates } from '../modules/history';
import { BrandMark, Spinner, ToastProvider } from '../ui';
import { SECTIONS } from './sections';
import './app-shell.css';

/** Shown while a page that loads on demand (the editor, the preview) arrives. */
function PageLoading() {
  return (
    <div className="app-main__loading" role="status">
      <Spinner /> Loading…
    </div>
  );
}

/** The frame around every signed-in page: skip link, header with product, navigation and user, content. */
export function AppShell() {
  const isAdmin = useIsAdmin();
  const sections = SECTIONS.filter((section) => !section.adminOnly || isAdmin);
  return (
    <ToastProvider>
      <LiveCatalogUpdates />
      <div className="app-shell">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="app-header">
          <div className="app-header__inner">
            <Link to="/" className="app-header__brand">
              <BrandMark size={28} />
              <span className="app-header__product">geocatalog</span>
            </Link>
            <nav className="app-nav" aria-label="Main">
              <ul className="app-nav__list">
                {sections.map((section) => (
                  <li key={section.to}>
                    <NavLink to={section.to} className="app-nav__link">
                      {section.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <SessionMenu />
          </div>
        </header>
        <main className="app-main" id="main" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </ToastProvider>
  );
}
