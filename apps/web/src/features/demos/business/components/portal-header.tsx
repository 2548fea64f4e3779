/**
 * The portal's header (SPEC 2): brand, institution and the nav Dashboard, Customers, Reports,
 * Settings, Logout. Dashboard, Customers and Reports go to their part of this page; Settings
 * only says it is not part of the offline demo; Logout leaves the portal for the home page (the
 * demo has no session to end, SPEC 6). Language and theme buttons sit beside the brand.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageButton } from '@/components/layouts/language-button';
import { ThemeToggle } from '@/components/layouts/theme-toggle';
import { InlineAlert } from '@/components/ui/inline-alert';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { BUSINESS_NAMESPACE } from '../i18n';

export const SECTION_IDS = {
  dashboard: 'overview',
  customers: 'customers',
  reports: 'reports',
} as const;

const NAV_ITEM =
  'whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

export function PortalHeader() {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const [settingsNotice, setSettingsNotice] = useState(false);
  const settings = useRef<HTMLButtonElement>(null);
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Link
          to={paths.home.getHref()}
          aria-label={t('home')}
          className="flex items-center gap-2 rounded-lg"
        >
          <LogoMark className="size-8" />
          <span aria-hidden="true" className="leading-tight">
            <span className="block font-bold text-slate-900 dark:text-white">{t('portal')}</span>
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              {t('institution')}
            </span>
          </span>
        </Link>
        <div className="ms-auto flex items-center gap-1 lg:order-last">
          <LanguageButton />
          <ThemeToggle />
        </div>
        <nav
          aria-label={t('nav.label')}
          className="-mx-1 w-full overflow-x-auto lg:mx-0 lg:ms-auto lg:w-auto"
        >
          <ul className="flex items-center gap-1">
            <li>
              <a
                href={`#${SECTION_IDS.dashboard}`}
                aria-current="page"
                className={`${NAV_ITEM} bg-orange-50 text-orange-800 dark:bg-orange-950/50 dark:text-orange-300`}
              >
                {t('nav.dashboard')}
              </a>
            </li>
            <li>
              <a href={`#${SECTION_IDS.customers}`} className={NAV_ITEM}>
                {t('nav.customers')}
              </a>
            </li>
            <li>
              <a href={`#${SECTION_IDS.reports}`} className={NAV_ITEM}>
                {t('nav.reports')}
              </a>
            </li>
            <li>
              <button
                ref={settings}
                type="button"
                onClick={() => setSettingsNotice(true)}
                className={NAV_ITEM}
              >
                {t('nav.settings')}
              </button>
            </li>
            <li>
              <Link to={paths.home.getHref()} className={NAV_ITEM}>
                {t('nav.logout')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      {settingsNotice && (
        <div className="mx-auto max-w-7xl px-4 pb-3 sm:px-6 lg:px-8">
          <InlineAlert
            message={t('nav.settingsNotice')}
            onDismiss={() => setSettingsNotice(false)}
            returnFocusTo={settings}
          />
        </div>
      )}
    </header>
  );
}
