import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { SessionMenu } from '../modules/auth';
import { LiveCatalogUpdates } from '../modules/history';
import { BrandMark, Spinner, ToastProvider } from '../ui';
import { MainNav } from './main-nav';
import './app-shell.css';

/** Shown while a page that loads on demand (the editor, the preview) arrives. */
function PageLoading() {
  return (
    <div className="app-main__loading" role="status">
      <Spinner /> Loading…
    </div>
  );
}

/**
 * The frame around every signed-in page: skip link, header with product, user and navigation (a
 * row of its own on a wide screen, a menu button on a narrow one; app-shell.css), content.
 */
export function AppShell() {
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
            <MainNav />
            <div className="app-header__user">
              <SessionMenu />
            </div>
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
