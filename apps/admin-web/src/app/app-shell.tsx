import { Link, NavLink, Outlet } from 'react-router-dom';
import { SessionMenu } from '../modules/auth';
import { BrandMark } from '../ui';
import './app-shell.css';

/** Sections of the console, in menu order; each new feature module adds its page here. */
const SECTIONS = [{ to: '/workspaces', label: 'Workspaces' }] as const;

/** The frame around every signed-in page: skip link, header with product, navigation and user, content. */
export function AppShell() {
  return (
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
              {SECTIONS.map((section) => (
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
        <Outlet />
      </main>
    </div>
  );
}
