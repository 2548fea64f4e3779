/**
 * SPEC 2: four stat cards linking to /credentials, /consent and /logs: Active Credentials,
 * Pending Consents, Total Shares, Last Activity ('Just now' / 'N hours ago' / 'N days ago' /
 * 'No activity').
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClockIcon, FileIcon, ShareIcon, ShieldIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/preferences';
import type { DashboardStats } from '../stats';

function StatCard({
  label,
  value,
  href,
  icon,
}: {
  label: string;
  value: ReactNode;
  href: string;
  icon: ReactNode;
}) {
  return (
    <li>
      <Link
        to={href}
        className="flex h-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-orange-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-orange-700"
      >
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-orange-100 text-orange-700 dark:bg-orange-900/40 dark:text-orange-300">
          {icon}
        </span>
        <span className="min-w-0">
          <span className="block text-sm text-slate-600 dark:text-slate-400">{label}</span>
          <span className="block truncate text-2xl font-bold text-slate-900 dark:text-white">
            {value}
          </span>
        </span>
      </Link>
    </li>
  );
}

export function StatCards({ stats, now }: { stats: DashboardStats; now: number }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const lastActivity =
    (stats.lastActivityAt && format.lastActivity(stats.lastActivityAt, now)) ||
    t('stats.noActivity');
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={t('stats.label')}>
      <StatCard
        label={t('stats.activeCredentials')}
        value={stats.activeCredentials}
        href={paths.app.credentials.getHref()}
        icon={<FileIcon />}
      />
      <StatCard
        label={t('stats.pendingConsents')}
        value={stats.pendingConsents}
        href={paths.app.consent.getHref()}
        icon={<ShieldIcon />}
      />
      <StatCard
        label={t('stats.totalShares')}
        value={stats.totalShares}
        href={paths.app.logs.getHref()}
        icon={<ShareIcon />}
      />
      <StatCard
        label={t('stats.lastActivityLabel')}
        value={<span className="text-xl">{lastActivity}</span>}
        href={paths.app.logs.getHref()}
        icon={<ClockIcon />}
      />
    </ul>
  );
}
