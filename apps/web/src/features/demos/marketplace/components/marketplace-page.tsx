/**
 * The /longterm data marketplace mock-up (SPEC 2 "Data marketplace mock-up", SPEC 4, SPEC 6,
 * SPEC 9), labelled a concept demo: no marketplace exists and no data is sold.
 *
 * The Data Seller / Data Buyer switch (a view switch only, SPEC 6) sits above the tabs Market
 * Overview, Data Categories, My Earnings (seller) or Purchases (buyer), and Analytics; the tab
 * stays selected across a role change. A seller also sees Your Earnings in the page header. A
 * future-vision banner closes the page.
 *
 * Entirely offline (SPEC 1, 7): sample data only, no request of any kind. `now` is the clock
 * (tests pass a fixed one).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs';
import { useFormat } from '@/lib/preferences';
import { MARKETPLACE_NAMESPACE } from '../i18n';
import {
  MARKET_TABS,
  type MarketRole,
  type MarketTab,
  ROLES,
  transactionsTabLabel,
} from '../marketplace';
import { SELLER_TOTALS, sampleTransactions } from '../marketplace-data';
import { AnalyticsTab } from './analytics-tab';
import { CategoriesTab } from './categories-tab';
import { MarketplaceFrame } from './marketplace-frame';
import { OverviewTab } from './overview-tab';
import { TransactionsTab } from './transactions-tab';

export function MarketplacePage({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useTranslation(MARKETPLACE_NAMESPACE);
  const format = useFormat();
  const [role, setRole] = useState<MarketRole>('seller');
  const [tab, setTab] = useState<MarketTab>('overview');
  const [transactions] = useState(() => sampleTransactions(now()));

  const tabLabel = (id: MarketTab) =>
    id === 'transactions' ? t(transactionsTabLabel(role)) : t(`tabs.${id}`);

  return (
    <MarketplaceFrame>
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-3xl">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
            {t('title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-900">
            <legend className="sr-only">{t('role.label')}</legend>
            {ROLES.map((option) => {
              const pressed = option === role;
              return (
                <button
                  key={option}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => setRole(option)}
                  className={`min-h-11 rounded-md px-4 py-2 text-sm font-medium transition-colors ${
                    pressed
                      ? 'bg-orange-700 text-white dark:bg-orange-400 dark:text-slate-950'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
                  }`}
                >
                  {t(`role.${option}`)}
                </button>
              );
            })}
          </fieldset>
          {role === 'seller' && (
            <p className="rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100">
              {t('role.yourEarnings')}:{' '}
              <strong className="font-bold">{format.money(SELLER_TOTALS.totalEarnings)}</strong>
            </p>
          )}
        </div>
      </div>

      <Tabs
        label={t('tabs.label')}
        selected={tab}
        onSelect={setTab}
        fitOnPhones
        panelClassName="pt-6"
        items={MARKET_TABS.map((id) => ({ id, label: tabLabel(id) }))}
      >
        {tab === 'overview' && <OverviewTab role={role} />}
        {tab === 'categories' && <CategoriesTab role={role} />}
        {tab === 'transactions' && (
          <TransactionsTab role={role} transactions={transactions} now={now} />
        )}
        {tab === 'analytics' && <AnalyticsTab />}
      </Tabs>

      <section
        aria-labelledby="vision-heading"
        className="mt-10 rounded-2xl bg-gradient-to-r from-orange-700 to-green-800 p-6 text-white sm:p-8"
      >
        <h2 id="vision-heading" className="text-xl font-bold sm:text-2xl">
          {t('vision.heading')}
        </h2>
        <p className="mt-2 max-w-3xl text-orange-50">{t('vision.text')}</p>
      </section>
    </MarketplaceFrame>
  );
}
