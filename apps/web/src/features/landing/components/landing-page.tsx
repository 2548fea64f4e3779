/**
 * The landing page of SPEC 1 and 2, minimal for now: hero with the calls to action and the
 * #features section the header's Features link jumps to. The English/Hindi toggle, how-it-works,
 * impact, partners, testimonials and FAQ come with the landing issue.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { CheckCircleIcon, LockIcon, ShareIcon, ShieldIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

const FEATURES = [
  { key: 'wallet', Icon: ShieldIcon },
  { key: 'consent', Icon: CheckCircleIcon },
  { key: 'sharing', Icon: ShareIcon },
  { key: 'security', Icon: LockIcon },
] as const;

/** Scrolls to the element named by the URL hash (react-router does not do it itself). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

export function LandingPage() {
  const { t } = useTranslation('pages');
  useScrollToHash();
  return (
    <>
      <section className="bg-gradient-to-b from-orange-50 via-white to-green-50 dark:from-slate-900 dark:via-slate-950 dark:to-slate-900">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-orange-700 uppercase dark:text-orange-400">
            {t('landing.eyebrow')}
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            {t('landing.title')}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            {t('landing.subtitle')}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={paths.login.getHref()} className={buttonClasses('primary')}>
              {t('landing.getStarted')}
            </Link>
            <Link to={paths.features.getHref()} className={buttonClasses('secondary')}>
              {t('landing.learnMore')}
            </Link>
          </div>
        </div>
      </section>
      <section id="features" aria-labelledby="features-heading" className="scroll-mt-20">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2
            id="features-heading"
            className="text-center text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white"
          >
            {t('landing.featuresTitle')}
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ key, Icon }) => (
              <li
                key={key}
                className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <Icon className="size-8 text-orange-600 dark:text-orange-400" />
                <h3 className="mt-4 font-semibold">{t(`landing.features.${key}.title`)}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                  {t(`landing.features.${key}.text`)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
