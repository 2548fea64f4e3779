/**
 * The site header of SPEC 2.
 *
 * Signed out: Features (/#features), About, Contact, Support, then Sign In and Get Started (both
 * /login). Signed in: Dashboard, Credentials, Consent, Profile, Settings (red dots on Credentials
 * and Consent from `useHeaderIndicators`), search (the button or Ctrl/Cmd+K, DECISIONS 6), the
 * bell with Recent Updates, the user menu. Both show the theme toggle. Below the md breakpoint a
 * hamburger opens a menu that mirrors all of it: the links with their dots, Recent Updates with
 * the count, Clear All and View All Activity, Activity Logs and Sign Out.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { CloseIcon, MenuIcon, SearchIcon } from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo';
import { useDismiss } from '@/components/ui/use-dismiss';
import { paths } from '@/config/paths';
import { useAuth, useSignOut } from '@/lib/auth';
import { useHeaderIndicators } from './header-indicators';
import {
  ClearAllButton,
  CountBadge,
  NotificationMenu,
  RecentUpdatesList,
} from './notification-menu';
import { SearchDialog } from './search-dialog';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

interface NavItem {
  key: string;
  label: string;
  href: string;
  dot?: boolean;
}

function useNavItems(signedIn: boolean): NavItem[] {
  const { t } = useTranslation();
  const { hasNewCredentials, hasNewConsent } = useHeaderIndicators();
  if (!signedIn) {
    return [
      { key: 'features', label: t('nav.features'), href: paths.features.getHref() },
      { key: 'about', label: t('nav.about'), href: paths.about.getHref() },
      { key: 'contact', label: t('nav.contact'), href: paths.contact.getHref() },
      { key: 'support', label: t('nav.support'), href: paths.support.getHref() },
    ];
  }
  return [
    { key: 'dashboard', label: t('nav.dashboard'), href: paths.app.dashboard.getHref() },
    {
      key: 'credentials',
      label: t('nav.credentials'),
      href: paths.app.credentials.getHref(),
      dot: hasNewCredentials,
    },
    {
      key: 'consent',
      label: t('nav.consent'),
      href: paths.app.consent.getHref(),
      dot: hasNewConsent,
    },
    { key: 'profile', label: t('nav.profile'), href: paths.app.profile.getHref() },
    { key: 'settings', label: t('nav.settings'), href: paths.app.settings.getHref() },
  ];
}

function NewDot() {
  const { t } = useTranslation();
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="new-dot"
        className="absolute top-1 end-0 size-2 rounded-full bg-red-600"
      />
      <span className="sr-only">({t('nav.newItems')})</span>
    </>
  );
}

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `relative rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? 'text-orange-700 dark:text-orange-400'
      : 'text-slate-700 hover:text-orange-700 dark:text-slate-300 dark:hover:text-orange-400'
  }`;
}

/**
 * The mobile menu's copy of the bell (SPEC 2 "The mobile menu mirrors this"): Recent Updates
 * with the count, the list or its empty state, Clear All and View All Activity.
 */
function MobileRecentUpdates({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('notifications');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section
      aria-labelledby={headingId}
      className="mt-3 rounded-xl border border-slate-200 dark:border-slate-800"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
        <h2
          ref={headingRef}
          id={headingId}
          tabIndex={-1}
          className="flex items-center gap-2 text-sm font-semibold outline-none"
        >
          {t('title')}
          <CountBadge />
        </h2>
        <ClearAllButton onCleared={() => headingRef.current?.focus()} />
      </div>
      <RecentUpdatesList onNavigate={onNavigate} />
      <div className="border-t border-slate-200 px-4 py-2 text-center dark:border-slate-800">
        <Link
          to={paths.app.logs.getHref()}
          onClick={onNavigate}
          className="text-sm font-medium text-orange-700 hover:underline dark:text-orange-400"
        >
          {t('viewAll')}
        </Link>
      </div>
    </section>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { t: tn } = useTranslation('notifications');
  const { user } = useAuth();
  const signOut = useSignOut();
  const signedIn = user !== null;
  const items = useNavItems(signedIn);
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const mobileMenuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  useDismiss(mobileOpen, closeMobile, headerRef, menuButtonRef);

  // Every navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose
  useEffect(() => setMobileOpen(false), [location.pathname, location.hash]);

  // DECISIONS 6: Ctrl/Cmd+K opens search (signed out it finds the public pages).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearchOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden dark:border-slate-800 dark:bg-slate-900/95"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6 lg:px-8">
        <Link
          to={signedIn ? paths.app.dashboard.getHref() : paths.home.getHref()}
          className="me-2 flex items-center gap-2 rounded-md text-lg font-bold text-slate-900 dark:text-white"
        >
          <LogoMark />
          {t('appName')}
        </Link>

        <nav aria-label={t('nav.main')} className="hidden flex-1 md:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.key}>
                {item.key === 'features' ? (
                  <Link to={item.href} className={navLinkClass({ isActive: false })}>
                    {item.label}
                  </Link>
                ) : (
                  <NavLink to={item.href} className={navLinkClass}>
                    {item.label}
                    {item.dot && <NewDot />}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <div className="ms-auto flex items-center gap-1">
          {signedIn && (
            <button
              type="button"
              onClick={() => setSearchOpen(true)}
              aria-label={tn('search.open')}
              aria-haspopup="dialog"
              title={tn('search.shortcut')}
              className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <SearchIcon />
            </button>
          )}
          <ThemeToggle />
          {signedIn ? (
            <>
              <NotificationMenu />
              <div className="hidden md:block">
                <UserMenu />
              </div>
            </>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Link to={paths.login.getHref()} className={buttonClasses('ghost', 'sm')}>
                {t('nav.signIn')}
              </Link>
              <Link to={paths.login.getHref()} className={buttonClasses('primary', 'sm')}>
                {t('nav.getStarted')}
              </Link>
            </div>
          )}
          <button
            ref={menuButtonRef}
            type="button"
            onClick={() => setMobileOpen((v) => !v)}
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            aria-label={mobileOpen ? t('mobileMenu.close') : t('mobileMenu.open')}
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
          >
            {mobileOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      {mobileOpen && (
        <nav
          id={mobileMenuId}
          aria-label={t('mobileMenu.label')}
          className="border-t border-slate-200 px-3 pt-2 pb-4 md:hidden dark:border-slate-800"
        >
          <ul className="flex flex-col">
            {items.map((item) => (
              <li key={item.key}>
                <NavLink
                  to={item.href}
                  className={({ isActive }) =>
                    `${navLinkClass({ isActive: isActive && item.key !== 'features' })} block`
                  }
                >
                  <span className="relative pe-3">
                    {item.label}
                    {item.dot && <NewDot />}
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
          {signedIn && <MobileRecentUpdates onNavigate={closeMobile} />}
          <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
            {signedIn ? (
              <>
                <Link
                  to={paths.app.logs.getHref()}
                  className={`${navLinkClass({ isActive: false })} block`}
                >
                  {t('nav.logs')}
                </Link>
                <button
                  type="button"
                  onClick={() => void signOut()}
                  className={buttonClasses('secondary', 'sm')}
                >
                  {t('userMenu.signOut')}
                </button>
              </>
            ) : (
              <>
                <Link to={paths.login.getHref()} className={buttonClasses('secondary', 'sm')}>
                  {t('nav.signIn')}
                </Link>
                <Link to={paths.login.getHref()} className={buttonClasses('primary', 'sm')}>
                  {t('nav.getStarted')}
                </Link>
              </>
            )}
          </div>
        </nav>
      )}

      {searchOpen && <SearchDialog onClose={closeSearch} signedIn={signedIn} />}
    </header>
  );
}
