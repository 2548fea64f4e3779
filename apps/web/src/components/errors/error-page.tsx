/**
 * The router's error page (the root route's errorElement): SPEC 2's heading 'Unexpected
 * Application Error!' in the app's style, with Reload and a way home, never a stack trace or
 * React Router's developer hint. Reload covers a chunk that failed to load (a lost connection
 * before the service worker had cached it, or a deploy that removed it); the error itself is
 * logged to the console for whoever debugs.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { InfoIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('[router] unexpected error', error);
  }, [error]);
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center px-4 py-12 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300">
        <InfoIcon className="size-8" />
      </span>
      <h1 className="mt-6 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
        {t('errorPage.title')}
      </h1>
      <p className="mt-3 max-w-md text-slate-600 dark:text-slate-400">{t('errorPage.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
        {/* A full page load, not a client-side navigation: the router is in an error state. */}
        <a href={paths.home.getHref()} className={buttonClasses('secondary')}>
          {t('errorPage.home')}
        </a>
      </div>
    </main>
  );
}
