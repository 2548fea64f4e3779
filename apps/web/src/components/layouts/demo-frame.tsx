/**
 * The frame of an offline demo that stands outside the site frame (src/app/router.tsx; SPEC 2:
 * /digital-wallet, /longterm): a skip link, a slim top bar (Pehchaan home link, the demo's tag,
 * language choice, theme toggle) and the demo's banner (role="note") above the page. The texts
 * come from the demo, in its own namespace.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoIcon } from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { LanguageMenu } from './language-menu';
import { ThemeToggle } from './theme-toggle';

export interface DemoFrameTexts {
  /** Accessible name of the home link, e.g. 'Pehchaan home'. */
  home: string;
  /** The tag beside the logo, e.g. 'Offline demo'. */
  tag: string;
  bannerTitle: string;
  bannerText: string;
}

export function DemoFrame({ texts, children }: { texts: DemoFrameTexts; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
      >
        {t('skipToContent')}
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-2 sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            <Link
              to={paths.home.getHref()}
              aria-label={texts.home}
              className="flex items-center gap-2 rounded-md font-bold text-slate-900 dark:text-white"
            >
              <LogoMark className="size-7" />
              <span aria-hidden="true">{t('appName')}</span>
            </Link>
            <span className="hidden rounded-full bg-orange-100 px-2 py-0.5 text-xs whitespace-nowrap min-[400px]:inline font-semibold text-orange-900 dark:bg-orange-950 dark:text-orange-200">
              {texts.tag}
            </span>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <LanguageMenu placement="below" compact />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <div
          role="note"
          aria-label={texts.bannerTitle}
          className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <InfoIcon className="mt-0.5 size-5 shrink-0" />
          <p className="text-sm">
            <strong className="font-semibold">{texts.bannerTitle}: </strong>
            {texts.bannerText}
          </p>
        </div>
        {children}
      </main>
    </div>
  );
}
