/**
 * Market Overview (SPEC 2): the market stats of SPEC 9 (users, AI companies, transactions,
 * earnings paid, average per user a month, growth rate) in rupees in the holder's formats, and the
 * seller and buyer benefit lists. The current role's list comes first.
 */
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon } from '@/components/ui/icons';
import { useFormat } from '@/lib/preferences';
import { MARKETPLACE_NAMESPACE } from '../i18n';
import type { MarketRole } from '../marketplace';
import { MARKET_STATS } from '../marketplace-data';
import { CARD } from './badges';

const SELLER_BENEFITS = ['earn', 'choose', 'revoke', 'anonymised'] as const;
const BUYER_BENEFITS = ['consented', 'verified', 'licences', 'compliance'] as const;

export function OverviewTab({ role }: { role: MarketRole }) {
  const { t } = useTranslation(MARKETPLACE_NAMESPACE);
  const format = useFormat();
  const stats = [
    { key: 'totalUsers', value: format.number(MARKET_STATS.totalUsers) },
    { key: 'totalCompanies', value: format.number(MARKET_STATS.totalCompanies) },
    { key: 'totalTransactions', value: format.number(MARKET_STATS.totalTransactions) },
    { key: 'totalEarnings', value: format.money(MARKET_STATS.totalEarnings) },
    {
      key: 'avgEarningsPerUser',
      value: t('stats.perMonth', { amount: format.money(MARKET_STATS.avgEarningsPerUser) }),
    },
    { key: 'growthRate', value: t('stats.growthValue', { value: MARKET_STATS.growthRate }) },
  ] as const;

  const lists = [
    {
      role: 'seller',
      heading: t('benefits.sellerHeading'),
      items: SELLER_BENEFITS.map((key) => t(`benefits.seller.${key}`)),
    },
    {
      role: 'buyer',
      heading: t('benefits.buyerHeading'),
      items: BUYER_BENEFITS.map((key) => t(`benefits.buyer.${key}`)),
    },
  ].sort((a, b) => Number(b.role === role) - Number(a.role === role));

  return (
    <div className="space-y-6">
      <section aria-labelledby="market-stats-heading">
        <h2
          id="market-stats-heading"
          className="mb-3 text-lg font-semibold text-slate-900 dark:text-white"
        >
          {t('stats.heading')}
        </h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {stats.map(({ key, value }) => (
            <div key={key} className={CARD}>
              <dt className="text-sm text-slate-600 dark:text-slate-400">{t(`stats.${key}`)}</dt>
              <dd className="mt-1 text-xl font-bold break-words text-slate-900 sm:text-2xl dark:text-white">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        {lists.map((list) => (
          <section key={list.role} aria-labelledby={`benefits-${list.role}`} className={CARD}>
            <h2
              id={`benefits-${list.role}`}
              className="text-lg font-semibold text-slate-900 dark:text-white"
            >
              {list.heading}
            </h2>
            <ul className="mt-3 space-y-2">
              {list.items.map((item) => (
                <li key={item} className="flex gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <CheckCircleIcon className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" />
                  {item}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
