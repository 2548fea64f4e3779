/**
 * The third tab (SPEC 2): My Earnings for a seller, Purchases for a buyer. Both have Filter by
 * Date and Export.
 * - Seller: summary cards (SPEC 9: 747.15 rupees in all, 43.30 this month, 12 active contracts)
 *   and the Recent Transactions table (Buyer, Data Category, Amount, Duration, Date, Status) with
 *   colour-coded statuses that also read as text (SPEC 4: completed, pending, cancelled). Filter
 *   by Date narrows the table to the last 7 or 30 days.
 * - Buyer: the dataset offers (SPEC 9 prices and durations) with Purchase Dataset, which says
 *   that nothing is sold. A buyer has no purchases, so Filter by Date says there is nothing to
 *   filter.
 * Export saves the visible rows as a CSV file made on the device (SPEC 7: export is local).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { downloadFile } from '@/lib/download-file';
import { useFormat } from '@/lib/preferences';
import { toast } from '@/lib/toast';
import { MARKETPLACE_NAMESPACE } from '../i18n';
import {
  DATE_PERIODS,
  type DatePeriod,
  filterByPeriod,
  type MarketRole,
  toCsv,
} from '../marketplace';
import { DATASET_OFFERS, SELLER_TOTALS, type SellerTransaction } from '../marketplace-data';
import { CARD, StatusBadge } from './badges';
import { CategoryIcon } from './category-icon';

export const TRANSACTIONS_FILE = 'pehchaan-marketplace-transactions.csv';
export const OFFERS_FILE = 'pehchaan-marketplace-datasets.csv';

export function TransactionsTab({
  role,
  transactions,
  now,
}: {
  role: MarketRole;
  transactions: readonly SellerTransaction[];
  now: () => Date;
}) {
  const { t } = useTranslation(MARKETPLACE_NAMESPACE);
  const format = useFormat();
  const [showDateFilter, setShowDateFilter] = useState(false);
  const [period, setPeriod] = useState<DatePeriod>('all');
  const filterId = useId();
  const shown = filterByPeriod(transactions, period, now());
  const categoryName = (id: SellerTransaction['category']) => t(`categories.items.${id}.name`);

  const onExport = () => {
    const csv =
      role === 'seller'
        ? toCsv([
            [
              t('transactions.columns.buyer'),
              t('transactions.columns.category'),
              `${t('transactions.columns.amount')} (INR)`,
              t('transactions.columns.duration'),
              t('transactions.columns.date'),
              t('transactions.columns.status'),
            ],
            ...shown.map((tx) => [
              t(`buyers.${tx.buyer}`),
              categoryName(tx.category),
              tx.amount.toFixed(2),
              t('transactions.months', { count: tx.duration }),
              tx.date.slice(0, 10),
              t(`transactions.status.${tx.status}`),
            ]),
          ])
        : toCsv([
            [
              t('offers.heading'),
              t('transactions.columns.category'),
              t('offers.users'),
              `${t('offers.price')} (INR)`,
              t('offers.duration'),
              t('offers.compliance'),
            ],
            ...DATASET_OFFERS.map((offer) => [
              t(`offers.items.${offer.title}`),
              categoryName(offer.category),
              offer.users,
              offer.price.toFixed(2),
              t('transactions.months', { count: offer.duration }),
              offer.compliance.join('; '),
            ]),
          ]);
    const file = role === 'seller' ? TRANSACTIONS_FILE : OFFERS_FILE;
    // A UTF-8 byte order mark, so spreadsheet programs read the Devanagari right.
    if (downloadFile(file, `\uFEFF${csv}`, 'text/csv;charset=utf-8')) {
      toast.success(t('transactions.exported', { file }));
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className="min-h-11"
          aria-expanded={showDateFilter}
          aria-controls={filterId}
          onClick={() => setShowDateFilter((shown) => !shown)}
        >
          {t('transactions.filterByDate')}
        </Button>
        <Button variant="secondary" className="min-h-11" onClick={onExport}>
          {t('transactions.export')}
        </Button>
      </div>
      <div id={filterId} hidden={!showDateFilter}>
        {role === 'seller' ? (
          <label className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            {t('transactions.period')}
            <select
              value={period}
              onChange={(event) => setPeriod(event.target.value as DatePeriod)}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
            >
              {DATE_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`transactions.periods.${p}`)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('transactions.noPurchasesToFilter')}
          </p>
        )}
      </div>

      {role === 'seller' ? (
        <>
          <section aria-labelledby="earnings-summary-heading">
            <h2 id="earnings-summary-heading" className="sr-only">
              {t('transactions.summaryHeading')}
            </h2>
            <dl className="grid gap-3 sm:grid-cols-3">
              {(
                [
                  ['totalEarnings', format.money(SELLER_TOTALS.totalEarnings)],
                  ['thisMonth', format.money(SELLER_TOTALS.thisMonth)],
                  ['activeContracts', format.number(SELLER_TOTALS.activeContracts)],
                ] as const
              ).map(([key, value]) => (
                <div key={key} className={CARD}>
                  <dt className="text-sm text-slate-600 dark:text-slate-400">
                    {t(`transactions.${key}`)}
                  </dt>
                  <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="recent-transactions-heading" className={CARD}>
            <h2
              id="recent-transactions-heading"
              className="mb-3 text-lg font-semibold text-slate-900 dark:text-white"
            >
              {t('transactions.recentHeading')}
            </h2>
            {shown.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('transactions.none')}</p>
            ) : (
              <>
                {/* Phones: one card per transaction, every column in view. */}
                <ul className="space-y-3 sm:hidden">
                  {shown.map((tx) => (
                    <li
                      key={tx.id}
                      className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
                    >
                      <div className="flex items-start justify-between gap-2">
                        <p className="font-medium text-slate-900 dark:text-white">
                          {t(`buyers.${tx.buyer}`)}
                        </p>
                        <StatusBadge status={tx.status} />
                      </div>
                      <p className="mt-1 text-slate-700 dark:text-slate-300">
                        {categoryName(tx.category)} ·{' '}
                        {t('transactions.months', { count: tx.duration })}
                      </p>
                      <div className="mt-1 flex justify-between gap-2">
                        <span className="text-slate-600 dark:text-slate-400">
                          {format.date(tx.date)}
                        </span>
                        <span className="font-semibold text-slate-900 tabular-nums dark:text-white">
                          {format.money(tx.amount)}
                        </span>
                      </div>
                    </li>
                  ))}
                </ul>
                {/* Wider screens: the table; focusable so keyboard users can scroll it if needed. */}
                <section
                  aria-label={t('transactions.tableLabel')}
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
                  tabIndex={0}
                  className="hidden overflow-x-auto sm:block"
                >
                  <table className="w-full min-w-[40rem] text-start text-sm">
                    <thead>
                      <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                        {(
                          ['buyer', 'category', 'amount', 'duration', 'date', 'status'] as const
                        ).map((column) => (
                          <th
                            key={column}
                            scope="col"
                            className={`px-4 py-2 font-medium ${column === 'amount' ? 'text-end' : ''}`}
                          >
                            {t(`transactions.columns.${column}`)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                      {shown.map((tx) => (
                        <tr key={tx.id}>
                          <th
                            scope="row"
                            className="px-4 py-3 font-medium text-slate-900 dark:text-white"
                          >
                            {t(`buyers.${tx.buyer}`)}
                          </th>
                          <td className="px-4 py-3 text-slate-700 dark:text-slate-300">
                            {categoryName(tx.category)}
                          </td>
                          <td className="px-4 py-3 text-end font-semibold text-slate-900 tabular-nums dark:text-white">
                            {format.money(tx.amount)}
                          </td>
                          <td className="px-4 py-3 text-slate-700 dark:text-slate-300">
                            {t('transactions.months', { count: tx.duration })}
                          </td>
                          <td className="px-4 py-3 whitespace-nowrap text-slate-700 dark:text-slate-300">
                            {format.date(tx.date)}
                          </td>
                          <td className="px-4 py-3">
                            <StatusBadge status={tx.status} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
              </>
            )}
          </section>
        </>
      ) : (
        <section aria-labelledby="offers-heading">
          <h2 id="offers-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('offers.heading')}
          </h2>
          <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">{t('offers.lead')}</p>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {DATASET_OFFERS.map((offer) => {
              const title = t(`offers.items.${offer.title}`);
              return (
                <li key={offer.id} className={`${CARD} flex flex-col gap-3`}>
                  <div className="flex items-start gap-3">
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300">
                      <CategoryIcon category={offer.category} />
                    </span>
                    <div className="min-w-0">
                      <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
                      <p className="text-sm text-slate-600 dark:text-slate-400">
                        {categoryName(offer.category)}
                      </p>
                    </div>
                  </div>
                  <dl className="grid grid-cols-2 gap-2 text-sm">
                    <div>
                      <dt className="text-slate-600 dark:text-slate-400">{t('offers.price')}</dt>
                      <dd className="font-bold text-slate-900 dark:text-white">
                        {format.money(offer.price)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-600 dark:text-slate-400">{t('offers.duration')}</dt>
                      <dd className="font-semibold text-slate-900 dark:text-white">
                        {t('transactions.months', { count: offer.duration })}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-600 dark:text-slate-400">{t('offers.users')}</dt>
                      <dd className="font-semibold text-slate-900 dark:text-white">
                        {format.number(offer.users)}
                      </dd>
                    </div>
                  </dl>
                  <p className="text-sm font-semibold text-amber-800 dark:text-amber-300">
                    <span aria-hidden="true">★ {offer.rating}</span>
                    <span className="sr-only">{t('offers.rating', { rating: offer.rating })}</span>
                  </p>
                  <div>
                    <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
                      {t('offers.compliance')}
                    </p>
                    <ul className="mt-1 flex flex-wrap gap-1.5">
                      {offer.compliance.map((tag) => (
                        <li
                          key={tag}
                          className="rounded-md border border-green-300 px-2 py-0.5 text-xs font-semibold text-green-800 dark:border-green-700 dark:text-green-300"
                        >
                          {tag}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <div>
                    <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
                      {t('offers.dataPoints')}
                    </p>
                    <ul className="mt-1 list-inside list-disc text-sm text-slate-700 dark:text-slate-300">
                      {offer.dataPoints.map((point) => (
                        <li key={point}>{t(`offers.points.${point}`)}</li>
                      ))}
                    </ul>
                  </div>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {t('offers.provider', { provider: t(`offers.providers.${offer.provider}`) })}
                  </p>
                  <Button
                    className="mt-auto min-h-11 w-full"
                    aria-label={t('offers.purchaseLabel', { title })}
                    onClick={() => toast(t('offers.purchaseToast', { title }))}
                  >
                    {t('offers.purchase')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
