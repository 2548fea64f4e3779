/**
 * SPEC 9: the four stat cards, computed from the customers: percent Verified, percent Moderate
 * Quality Data, percent High risk, rounded average data score (with its band, SPEC 9).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, InfoIcon, ShieldIcon } from '@/components/ui/icons';
import type { CustomerStats } from '../customer-stats';
import { BUSINESS_NAMESPACE } from '../i18n';
import { BAND_LABELS } from '../labels';
import { scoreBand } from '../score-band';
import { Badge } from './badge';

function StatCard({
  label,
  value,
  detail,
  icon,
}: {
  label: string;
  value: string;
  detail: ReactNode;
  icon: ReactNode;
}) {
  return (
    <li className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-300">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
        <p className="text-3xl font-bold text-slate-900 dark:text-white">{value}</p>
        <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{detail}</div>
      </div>
    </li>
  );
}

export function StatCards({ stats }: { stats: CustomerStats }) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const band = BAND_LABELS[scoreBand(stats.averageScore)];
  const of = (count: number) => t('stats.ofCustomers', { count, total: stats.total });
  return (
    <ul aria-label={t('stats.label')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={t('stats.verified')}
        value={`${stats.verifiedPercent}%`}
        detail={of(stats.verifiedCount)}
        icon={<CheckCircleIcon />}
      />
      <StatCard
        label={t('stats.moderate')}
        value={`${stats.moderatePercent}%`}
        detail={of(stats.moderateCount)}
        icon={<InfoIcon />}
      />
      <StatCard
        label={t('stats.highRisk')}
        value={`${stats.highRiskPercent}%`}
        detail={of(stats.highRiskCount)}
        icon={<WarningIcon />}
      />
      <StatCard
        label={t('stats.averageScore')}
        value={String(stats.averageScore)}
        detail={
          <span className="flex flex-wrap items-center gap-2">
            {t('stats.outOf100')} <Badge tone={band.tone}>{t(band.key)}</Badge>
          </span>
        }
        icon={<ShieldIcon />}
      />
    </ul>
  );
}

export function WarningIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9v4M12 17h.01" />
    </svg>
  );
}
