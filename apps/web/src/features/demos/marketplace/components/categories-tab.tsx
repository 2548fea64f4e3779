/**
 * Data Categories (SPEC 2): a search box ('Search categories...', name or description,
 * case-insensitive), a Filter button that shows a demand-level filter, and one card per category
 * with its price, buyers, demand and, for a seller, their earnings and Start Earning; for a
 * buyer, Purchase Data. The buttons say honestly that nothing is shared or sold (concept demo).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/icons';
import { useFormat } from '@/lib/preferences';
import { toast } from '@/lib/toast';
import { MARKETPLACE_NAMESPACE } from '../i18n';
import { filterCategories, type MarketRole } from '../marketplace';
import {
  type CategoryId,
  DATA_CATEGORIES,
  DEMAND_LEVELS,
  type DemandLevel,
} from '../marketplace-data';
import { CARD, DemandBadge } from './badges';
import { CategoryIcon } from './category-icon';

export function CategoriesTab({ role }: { role: MarketRole }) {
  const { t } = useTranslation(MARKETPLACE_NAMESPACE);
  const format = useFormat();
  const [query, setQuery] = useState('');
  const [demand, setDemand] = useState<DemandLevel | 'all'>('all');
  const [showFilter, setShowFilter] = useState(false);
  const filterId = useId();
  const textOf = (id: CategoryId) => ({
    name: t(`categories.items.${id}.name`),
    description: t(`categories.items.${id}.description`),
  });
  const shown = filterCategories(DATA_CATEGORIES, { query, demand }, textOf);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('categories.searchPlaceholder')}
            aria-label={t('categories.searchLabel')}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pe-3 ps-9 text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400"
          />
        </div>
        <Button
          variant="secondary"
          className="min-h-11"
          aria-expanded={showFilter}
          aria-controls={filterId}
          onClick={() => setShowFilter((shown) => !shown)}
        >
          {t('categories.filter')}
        </Button>
      </div>
      <div id={filterId} hidden={!showFilter}>
        <label className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          {t('categories.demandFilter')}
          <select
            value={demand}
            onChange={(event) => setDemand(event.target.value as DemandLevel | 'all')}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
          >
            <option value="all">{t('categories.allDemand')}</option>
            {DEMAND_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`demand.${level}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {shown.length === 0
          ? t('categories.noMatch')
          : t('categories.count', { count: shown.length })}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {shown.map((category) => {
          const { name, description } = textOf(category.id);
          return (
            <li key={category.id} className={`${CARD} flex flex-col gap-3`}>
              <div className="flex items-start justify-between gap-2">
                <span className="flex size-10 items-center justify-center rounded-lg bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300">
                  <CategoryIcon category={category.id} />
                </span>
                <DemandBadge level={category.demand} />
              </div>
              <div>
                <h2 className="font-semibold text-slate-900 dark:text-white">{name}</h2>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
              </div>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <div className="col-span-2">
                  <dt className="text-slate-600 dark:text-slate-400">{t('categories.avgPrice')}</dt>
                  <dd className="font-semibold text-slate-900 dark:text-white">
                    {t('categories.perUserMonth', { amount: format.money(category.avgPrice) })}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t('categories.buyers')}</dt>
                  <dd className="font-semibold text-slate-900 dark:text-white">
                    {format.number(category.buyers)}
                  </dd>
                </div>
                {role === 'seller' && (
                  <div>
                    <dt className="text-slate-600 dark:text-slate-400">
                      {t('categories.yourEarnings')}
                    </dt>
                    <dd className="font-semibold text-green-800 dark:text-green-300">
                      {format.money(category.userEarnings)}
                    </dd>
                  </div>
                )}
              </dl>
              <div className="mt-auto">
                {role === 'seller' ? (
                  <Button
                    className="min-h-11 w-full"
                    aria-label={t('categories.startEarningLabel', { category: name })}
                    onClick={() => toast(t('categories.startEarningToast', { category: name }))}
                  >
                    {t('categories.startEarning')}
                  </Button>
                ) : (
                  <Button
                    className="min-h-11 w-full"
                    aria-label={t('categories.purchaseDataLabel', { category: name })}
                    onClick={() => toast(t('categories.purchaseDataToast', { category: name }))}
                  >
                    {t('categories.purchaseData')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
