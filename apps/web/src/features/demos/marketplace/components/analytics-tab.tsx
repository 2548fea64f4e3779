/**
 * Analytics (SPEC 2): market trends drawn from the SPEC 9 market stats, the top four categories
 * by number of buyers (with a bar relative to the first, its figure written out), and
 * illustrative success stories, labelled as such.
 */
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon } from '@/components/ui/icons';
import { useFormat } from '@/lib/preferences';
import { MARKETPLACE_NAMESPACE } from '../i18n';
import { topCategories } from '../marketplace';
import { DATA_CATEGORIES, MARKET_STATS, STORY_FIGURES } from '../marketplace-data';
import { CARD, DemandBadge } from './badges';
import { CategoryIcon } from './category-icon';

export function AnalyticsTab() {
  const { t } = useTranslation(MARKETPLACE_NAMESPACE);
  const format = useFormat();
  const top = topCategories(DATA_CATEGORIES, 4);
  const most = top[0]?.buyers ?? 1;
  const trends = [
    t('analytics.trends.growth', { value: MARKET_STATS.growthRate }),
    t('analytics.trends.topCategory', {
      category: t(`categories.items.${MARKET_STATS.topDataCategory}.name`),
    }),
    t('analytics.trends.average', { amount: format.money(MARKET_STATS.avgEarningsPerUser) }),
    t('analytics.trends.companies', { companies: format.number(MARKET_STATS.totalCompanies) }),
  ];
  const stories = [
    {
      key: 'teacher',
      text: t('analytics.stories.teacher.text', {
        amount: format.money(STORY_FIGURES.teacher.amount),
      }),
    },
    {
      key: 'driver',
      text: t('analytics.stories.driver.text', {
        amount: format.money(STORY_FIGURES.driver.amount),
      }),
    },
    {
      key: 'startup',
      text: t('analytics.stories.startup.text', {
        sellers: format.number(STORY_FIGURES.startup.count),
      }),
    },
  ] as const;

  return (
    <div className="space-y-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="trends-heading" className={CARD}>
          <h2 id="trends-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('analytics.trendsHeading')}
          </h2>
          <ul className="mt-3 space-y-2">
            {trends.map((trend) => (
              <li key={trend} className="flex gap-2 text-sm text-slate-700 dark:text-slate-300">
                <ArrowRightIcon className="mt-0.5 size-4 shrink-0 text-orange-700 dark:text-orange-400" />
                {trend}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="top-categories-heading" className={CARD}>
          <h2
            id="top-categories-heading"
            className="text-lg font-semibold text-slate-900 dark:text-white"
          >
            {t('analytics.topHeading')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('analytics.topLabel')}</p>
          <ol className="mt-3 space-y-3">
            {top.map((category, index) => (
              <li key={category.id}>
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
                    <span className="w-4 text-slate-600 dark:text-slate-400">{index + 1}.</span>
                    <CategoryIcon
                      category={category.id}
                      className="size-4 text-orange-700 dark:text-orange-400"
                    />
                    {t(`categories.items.${category.id}.name`)}
                  </span>
                  <span className="flex items-center gap-2">
                    <DemandBadge level={category.demand} />
                    <span className="font-semibold text-slate-900 tabular-nums dark:text-white">
                      {t('analytics.buyersCount', { count: category.buyers })}
                    </span>
                  </span>
                </div>
                <div
                  aria-hidden="true"
                  className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
                >
                  <div
                    className="h-full rounded-full bg-orange-600 dark:bg-orange-400"
                    style={{ width: `${Math.round((category.buyers / most) * 100)}%` }}
                  />
                </div>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <section aria-labelledby="stories-heading">
        <h2 id="stories-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('analytics.storiesHeading')}
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
          {t('analytics.storiesNote')}
        </p>
        <ul className="grid gap-4 md:grid-cols-3">
          {stories.map((story) => (
            <li key={story.key} className={CARD}>
              <h3 className="font-semibold text-slate-900 dark:text-white">
                {t(`analytics.stories.${story.key}.name`)}
              </h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{story.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
