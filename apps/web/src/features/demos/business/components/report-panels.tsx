/**
 * The dashboard's report panels (SPEC 2): customer distribution (by status and by data score
 * band), the data quality trend (+5.2% over 30 days, a static figure of SPEC 9), insights computed
 * from the customers, and recent alerts (SPEC 9's static '3 consent renewals due this week' and
 * trend, plus the flagged count).
 */
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, ClockIcon, InfoIcon } from '@/components/ui/icons';
import {
  type CustomerStats,
  countByConsent,
  countByScoreBand,
  countByStatus,
  percentOf,
} from '../customer-stats';
import { type BusinessCustomer, CUSTOMER_STATUSES } from '../customers';
import { BUSINESS_NAMESPACE } from '../i18n';
import { BAND_LABELS, STATUS_LABELS, type Tone } from '../labels';
import { SCORE_BANDS } from '../score-band';
import { TONE_FILLS } from './badge';
import { WarningIcon } from './stat-cards';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={id} className="font-semibold text-slate-900 dark:text-white">
        {title}
      </h3>
      {children}
    </section>
  );
}

interface Bar {
  key: string;
  label: string;
  count: number;
  tone: Tone;
}

function BarList({ title, bars, total }: { title: string; bars: Bar[]; total: number }) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  return (
    <div className="mt-4">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{title}</p>
      <ul aria-label={title} className="mt-2 space-y-2.5">
        {bars.map((bar) => {
          const percent = percentOf(bar.count, total);
          return (
            <li key={bar.key}>
              <div className="flex flex-wrap justify-between gap-x-2 text-sm">
                <span className="text-slate-800 dark:text-slate-200">{bar.label}</span>
                <span className="text-slate-600 dark:text-slate-400">
                  {t('distribution.customers', { count: bar.count, percent })}
                </span>
              </div>
              <div
                aria-hidden="true"
                className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
              >
                <div
                  className={`h-full rounded-full ${TONE_FILLS[bar.tone]}`}
                  style={{ width: `${percent}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ReportPanels({
  customers,
  stats,
}: {
  customers: readonly BusinessCustomer[];
  stats: CustomerStats;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const byStatus = countByStatus(customers);
  const byBand = countByScoreBand(customers);
  const byConsent = countByConsent(customers);
  const lapsed = byConsent.Revoked + byConsent.Expired;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title={t('distribution.title')}>
        <BarList
          title={t('distribution.byStatus')}
          total={stats.total}
          bars={CUSTOMER_STATUSES.map((status) => ({
            key: status,
            label: t(STATUS_LABELS[status].key),
            count: byStatus[status],
            tone: STATUS_LABELS[status].tone,
          }))}
        />
        <BarList
          title={t('distribution.byScore')}
          total={stats.total}
          bars={SCORE_BANDS.map((band) => ({
            key: band,
            label: t(BAND_LABELS[band].key),
            count: byBand[band],
            tone: BAND_LABELS[band].tone,
          }))}
        />
      </Panel>

      <div className="grid gap-4">
        <Panel title={t('trend.title')}>
          <p className="mt-3 flex items-baseline gap-2">
            <span className="text-3xl font-bold text-green-700 dark:text-green-400">
              {t('trend.change')}
            </span>
            <span className="text-slate-700 dark:text-slate-300">{t('trend.period')}</span>
          </p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('trend.text')}</p>
          <p className="mt-2 text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('trend.current', { score: stats.averageScore })}
          </p>
        </Panel>

        <Panel title={t('insights.title')}>
          <ul className="mt-3 space-y-2 text-sm text-slate-700 dark:text-slate-300">
            {[
              t('insights.atRisk', { count: byBand.atRisk }),
              t('insights.pendingConsent', { count: byConsent.Pending }),
              t('insights.lapsedConsent', { count: lapsed }),
            ].map((text) => (
              <li key={text} className="flex items-start gap-2">
                <ArrowRightIcon className="mt-0.5 size-4 shrink-0 text-orange-700 dark:text-orange-400" />
                {text}
              </li>
            ))}
          </ul>
        </Panel>
      </div>

      <div className="lg:col-span-2">
        <Panel title={t('alerts.title')}>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            <AlertItem icon={<InfoIcon className="size-5" />} tone="green">
              {t('alerts.trend')}
            </AlertItem>
            <AlertItem icon={<ClockIcon className="size-5" />} tone="yellow">
              {t('alerts.renewals')}
            </AlertItem>
            <AlertItem icon={<WarningIcon />} tone="red">
              {t('alerts.flagged', { count: byStatus.Flagged })}
            </AlertItem>
          </ul>
        </Panel>
      </div>
    </div>
  );
}

const ALERT_TONES: Record<'green' | 'yellow' | 'red', string> = {
  green:
    'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/40 dark:text-green-100',
  yellow:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100',
  red: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100',
};

function AlertItem({
  icon,
  tone,
  children,
}: {
  icon: ReactNode;
  tone: keyof typeof ALERT_TONES;
  children: ReactNode;
}) {
  return (
    <li className={`flex items-start gap-2 rounded-xl border p-3 text-sm ${ALERT_TONES[tone]}`}>
      <span className="shrink-0">{icon}</span>
      <span>{children}</span>
    </li>
  );
}
