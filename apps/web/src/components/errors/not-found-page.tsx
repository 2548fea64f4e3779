/**
 * The page for an address the route table does not know (the site frame's `*` route): a 404
 * inside the site's header and footer, with links home and to the Help Center. The server
 * answers such addresses with the app shell (status 200) because it cannot know the SPA's routes;
 * only missing files (a path with an extension) get a real 404 there.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <p
        aria-hidden="true"
        className="text-6xl font-extrabold tracking-tight text-orange-700 sm:text-7xl dark:text-orange-400"
      >
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
        {t('notFound.title')}
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t('notFound.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home.getHref()} className={buttonClasses('primary')}>
          {t('notFound.home')}
        </Link>
        <Link to={paths.help.getHref()} className={buttonClasses('secondary')}>
          {t('notFound.help')}
        </Link>
      </div>
    </section>
  );
}
