import { isStaff } from '../../../../common/roles.js';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { ACCOUNT_PATH } from '../../../../common/account.js';
import { SITE_NAME } from '../../../../common/constants.js';
import { GUARANTEE_PATH } from '../../../../common/marketing.js';
import { SIMULATOR_PATH } from '../../../../common/simulator/text.js';
import { useSession } from '../../lib/session.js';
import { HeaderSearch } from '../components/HeaderSearch.js';
import { HomeSplash } from '../components/HomeSplash.js';
import { FollowsProvider } from '../hooks/useFollows.js';
import { useHashScroll } from '../hooks/useHashScroll.js';
import './layout.css';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/discounts', label: 'Discounts' },
  { to: '/firms', label: 'Firms' },
  { to: '/blog', label: 'Blog' },
];

/**
 * The menu's links, with the reader's own at the end: "Account" when signed in (and "Admin" for staff), "Sign in"
 * otherwise. Who reads is known only in the browser, after hydration (the session check): the server renders every
 * page as a signed-out visitor sees it, so signed-in traders get the same cached pages.
 */
function useNavLinks() {
  const session = useSession();
  if (session.status !== 'authenticated') return [...NAV, { to: '/login', label: 'Sign in' }];
  // Editors (issue #20) have an admin area too.
  const own = isStaff(session.user.role) ? [{ to: '/admin', label: 'Admin' }] : [];
  return [...NAV, ...own, { to: ACCOUNT_PATH, label: 'Account' }];
}

export function SiteLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const links = useNavLinks();
  const { pathname } = useLocation();
  const toggle = useRef<HTMLElement>(null);
  useHashScroll();

  // The menu closes after a link is chosen (docs/spec.md §2), and on any other navigation (back button, logo).
  useEffect(() => setMenuOpen(false), [pathname]);
  // Escape closes it and gives focus back to the toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="site">
      {pathname === '/' && <HomeSplash />}
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="site-header">
        <div className="container header-row">
          <Link to="/" className="logo" aria-label={`${SITE_NAME} home`}>
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>{SITE_NAME}</span>
          </Link>
          <nav className="nav-desktop" aria-label="Main">
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.to === '/'}>{l.label}</NavLink>
            ))}
          </nav>
          <HeaderSearch />
          {/* A <details> menu: without JavaScript (or before it runs) the browser opens and closes it by itself;
              the script keeps its state, closes it after a link is chosen (SPEC §2) and on Escape. */}
          <details className="menu" open={menuOpen}>
            <summary
              ref={toggle}
              className="menu-toggle"
              aria-controls="mobile-menu"
              onClick={(e) => {
                e.preventDefault();
                setMenuOpen((o) => !o);
              }}
            >
              <span aria-hidden="true">{menuOpen ? '\u2715' : '\u2630'}</span>
              <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
            </summary>
            <nav id="mobile-menu" className="nav-mobile" aria-label="Mobile">
              {links.map((l) => (
                <NavLink key={l.to} to={l.to} end={l.to === '/'} onClick={() => setMenuOpen(false)}>{l.label}</NavLink>
              ))}
            </nav>
          </details>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <FollowsProvider>
          <Outlet />
        </FollowsProvider>
      </main>
      <footer className="site-footer">
        <div className="container footer-grid">
          <div>
            <p className="footer-brand">{SITE_NAME}</p>
            <p>Your trusted source for verified trader funding opportunities and exclusive discounts.</p>
          </div>
          <nav aria-label="Footer">
            <Link to="/about">About</Link>
            <Link to="/discounts">Discounts</Link>
            <Link to="/firms">Firms</Link>
            <Link to={SIMULATOR_PATH}>Challenge simulator</Link>
            <Link to="/methodology">Methodology</Link>
            <Link to="/how-we-test-codes">How we test codes</Link>
            <Link to={GUARANTEE_PATH}>Payout guarantee</Link>
            <Link to="/blog">Blog</Link>
          </nav>
        </div>
        <div className="container footer-legal">
          <p>
            Affiliate disclosure: some links on this site are affiliate links. We may earn a commission from qualifying
            purchases, at no extra cost to you.
          </p>
          <p>&copy; {new Date().getFullYear()} {SITE_NAME}. All rights reserved.</p>
        </div>
      </footer>
    </div>
  );
}
