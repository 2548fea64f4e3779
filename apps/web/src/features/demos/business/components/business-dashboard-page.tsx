/**
 * /business-dashboard (SPEC 2, 4, 5, 8, 9): the offline business portal of an institution. Header
 * nav; four stat cards computed from the sample customers; distribution, trend and insight
 * panels; recent alerts; the searchable, filterable customer table with Export. It stands alone,
 * outside the site frame.
 *
 * Offline (SPEC 1, 7): no network call of any kind. The customers are this feature's sample data
 * (../customers.ts); every figure is computed from them on render (../customer-stats.ts).
 */
import { useTranslation } from 'react-i18next';
import { WifiOffIcon } from '@/components/ui/icons';
import { computeCustomerStats } from '../customer-stats';
import { SAMPLE_CUSTOMERS } from '../customers';
import { BUSINESS_NAMESPACE } from '../i18n';
import { CustomerTable } from './customer-table';
import { PortalHeader, SECTION_IDS } from './portal-header';
import { ReportPanels } from './report-panels';
import { StatCards } from './stat-cards';

const H2 = 'text-xl font-semibold text-slate-900 dark:text-white';

export function BusinessDashboardPage() {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const customers = SAMPLE_CUSTOMERS;
  const stats = computeCustomerStats(customers);

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <PortalHeader />
      <main id="main" className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <section
          id={SECTION_IDS.dashboard}
          aria-labelledby="business-title"
          className="scroll-mt-4"
        >
          <h1
            id="business-title"
            className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white"
          >
            {t('title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
          <aside
            aria-label={t('banner.title')}
            className="mt-4 mb-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
          >
            <WifiOffIcon className="mt-0.5 size-5 shrink-0" />
            <p>
              <strong className="font-semibold">{t('banner.title')}.</strong> {t('banner.text')}
            </p>
          </aside>
          <StatCards stats={stats} />
        </section>

        <section
          id={SECTION_IDS.reports}
          aria-labelledby="business-reports"
          className="scroll-mt-4"
        >
          <h2 id="business-reports" className={`${H2} mb-4`}>
            {t('reports.title')}
          </h2>
          <ReportPanels customers={customers} stats={stats} />
        </section>

        <section
          id={SECTION_IDS.customers}
          aria-labelledby="business-customers"
          className="scroll-mt-4"
        >
          <h2 id="business-customers" className={`${H2} mb-4`}>
            {t('table.title')}
          </h2>
          <CustomerTable customers={customers} />
        </section>
      </main>
    </div>
  );
}
