import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useIsAdmin } from '../modules/auth';
import { Button } from '../ui';
import { SECTIONS } from './sections';

/**
 * The main navigation: on a wide screen a row of links of its own under the header's top bar, all
 * of them in sight at a laptop's width (ten for an administrator); at 900 px and narrower (see
 * app-shell.css) a "Menu" button that opens the whole list under the header — every section,
 * History and Import / Export included for administrators — instead of a strip that scrolls them
 * out of sight. The button says whether the list is open (`aria-expanded`) and which it is
 * (`aria-controls`); Esc closes it and gives the focus back to the button; following a link
 * closes it.
 */
export function MainNav() {
  const isAdmin = useIsAdmin();
  const sections = SECTIONS.filter((section) => !section.adminOnly || isAdmin);
  const [open, setOpen] = useState(false);
  const navId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <div className="app-nav-area" onKeyDown={onKeyDown}>
      <Button ref={toggleRef} className="app-nav-toggle" aria-expanded={open} aria-controls={navId} onClick={() => setOpen(!open)}>
        <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
          <path d={open ? 'M4 4l10 10M14 4L4 14' : 'M2 4.5h14M2 9h14M2 13.5h14'} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        Menu
      </Button>
      <nav id={navId} className={open ? 'app-nav app-nav--open' : 'app-nav'} aria-label="Main">
        <ul className="app-nav__list">
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} className="app-nav__link" onClick={() => setOpen(false)}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
