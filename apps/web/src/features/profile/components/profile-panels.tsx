/**
 * The read-only panels of /profile (SPEC 2): the summary card, stat cards, recent activity,
 * security features, quick actions and the identity documents (masked, not editable; SPEC 5).
 */
import type { ActivityLog, Profile } from '@pehchaan/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import {
  ArrowRightIcon,
  CheckCircleIcon,
  ClockIcon,
  FileIcon,
  LockIcon,
  ShieldIcon,
  UserIcon,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useActivityText } from '@/lib/activity-text';
import { useFormat } from '@/lib/preferences';
import { IDENTITY_DOCUMENTS, type ProfileStats } from '../profile-records';
import '../i18n';
import { Ltr } from '@/components/ui/ltr';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export function ProfileSummary({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const format = useFormat();
  const memberSince = Date.parse(profile.member_since) > 0;
  const greeting = profile.display_name || profile.name;
  return (
    <section
      aria-label={t('summary.label')}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <span
        aria-hidden="true"
        className="grid size-16 shrink-0 place-items-center rounded-full bg-orange-100 text-2xl font-bold text-orange-800 dark:bg-orange-900/50 dark:text-orange-200"
      >
        {initials(greeting)}
      </span>
      <div className="min-w-0 space-y-1">
        <p className="text-xl font-semibold break-words text-slate-900 dark:text-white">
          {greeting}
        </p>
        {profile.display_name && profile.display_name !== profile.name && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('summary.legalName', { name: profile.name })}
          </p>
        )}
        {profile.username && (
          <p className="text-slate-600 dark:text-slate-400">@{profile.username}</p>
        )}
        {profile.bio && <p className="text-slate-700 dark:text-slate-300">{profile.bio}</p>}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {profile.is_verified ? (
            <span
              title={t('summary.verifiedHint')}
              className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-800 dark:bg-green-900/50 dark:text-green-200"
            >
              <CheckCircleIcon className="size-4" />
              {t('summary.verified')}
            </span>
          ) : (
            <span
              title={t('summary.unverifiedHint')}
              className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {t('summary.unverified')}
            </span>
          )}
          {memberSince && (
            <span className="text-slate-600 dark:text-slate-400">
              {t('summary.memberSince', { date: format.date(profile.member_since) })}
            </span>
          )}
          {profile.updated_at && (
            <span className="text-slate-600 dark:text-slate-400">
              {t('summary.lastUpdated', { date: format.date(profile.updated_at) })}
            </span>
          )}
        </div>
      </div>
    </section>
  );
}

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
        className="flex h-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-orange-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-orange-700"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-orange-100 text-orange-700 dark:bg-orange-900/40 dark:text-orange-300">
          {icon}
        </span>
        <span className="min-w-0">
          <span className="block text-sm text-slate-600 dark:text-slate-400">{label}</span>
          <span className="block text-2xl font-bold text-slate-900 dark:text-white">{value}</span>
        </span>
      </Link>
    </li>
  );
}

export function ProfileStatCards({ stats }: { stats: ProfileStats | null }) {
  const { t } = useTranslation('profile');
  const value = (n: number | undefined) => (n === undefined ? '–' : n);
  return (
    <ul
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
      aria-label={t('stats.label')}
    >
      <StatCard
        label={t('stats.credentials')}
        value={value(stats?.activeCredentials)}
        href={paths.app.credentials.getHref()}
        icon={<FileIcon />}
      />
      <StatCard
        label={t('stats.pendingConsents')}
        value={value(stats?.pendingConsents)}
        href={paths.app.consent.getHref()}
        icon={<ClockIcon />}
      />
      <StatCard
        label={t('stats.approvedConsents')}
        value={value(stats?.approvedConsents)}
        href={paths.app.consent.getHref()}
        icon={<ShieldIcon />}
      />
      <StatCard
        label={t('stats.activities')}
        value={value(stats?.activities)}
        href={paths.app.logs.getHref()}
        icon={<UserIcon />}
      />
    </ul>
  );
}

export function RecentActivity({ logs, now }: { logs: ActivityLog[] | null; now: number }) {
  const { t } = useTranslation('profile');
  const format = useFormat();
  const activityText = useActivityText();
  return (
    <Card
      headingId="profile-recent"
      title={t('recent.title')}
      actions={
        <Link
          to={paths.app.logs.getHref()}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-orange-800 hover:underline dark:text-orange-300"
        >
          {t('recent.viewAll')}
          <ArrowRightIcon className="size-4" />
        </Link>
      }
    >
      {logs === null ? null : logs.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('recent.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {logs.map((log) => (
            <li key={log.id} className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0">
              <span className="break-words text-slate-900 dark:text-slate-100">
                {activityText(log)}
              </span>
              <span className="text-sm text-slate-600 dark:text-slate-400">
                <time dateTime={log.timestamp} title={format.dateTime(log.timestamp)}>
                  {format.relative(log.timestamp, now)}
                </time>
                {log.pending_sync && (
                  <span className="ms-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                    {t('notSynced')}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function SecurityFeatures() {
  const { t } = useTranslation('profile');
  const items = ['encryption', 'otp', 'signatures', 'consent'] as const;
  return (
    <Card headingId="profile-security" title={t('security.title')}>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3">
            <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300">
              {item === 'encryption' ? (
                <LockIcon className="size-4" />
              ) : (
                <ShieldIcon className="size-4" />
              )}
            </span>
            <span>
              <span className="block font-medium text-slate-900 dark:text-white">
                {t(`security.${item}.title`)}
              </span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {t(`security.${item}.text`)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function QuickActions() {
  const { t } = useTranslation('profile');
  const actions = [
    ['credentials', paths.app.credentials.getHref()],
    ['consent', paths.app.consent.getHref()],
    ['logs', paths.app.logs.getHref()],
    ['settings', paths.app.settings.getHref()],
  ] as const;
  return (
    <Card headingId="profile-quick" title={t('quick.title')}>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {actions.map(([key, href]) => (
          <li key={key}>
            <Link
              to={href}
              className="flex min-h-11 items-center justify-between rounded-lg border border-slate-200 px-3 py-2 font-medium text-slate-800 hover:border-orange-300 hover:bg-orange-50 dark:border-slate-700 dark:text-slate-100 dark:hover:border-orange-700 dark:hover:bg-slate-800"
            >
              {t(`quick.${key}`)}
              <ArrowRightIcon className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function IdentityDocumentsCard({
  profile,
  held,
}: {
  profile: Profile;
  /** Document types the holder has credentials for; null while unknown. */
  held: Set<string> | null;
}) {
  const { t } = useTranslation('profile');
  return (
    <Card headingId="profile-identity" title={t('identity.title')}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t('identity.hint')}</p>
      <dl className="grid gap-3 sm:grid-cols-2">
        {IDENTITY_DOCUMENTS.map(([field, documentType]) => (
          <div key={field} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
            <dt className="text-sm text-slate-600 dark:text-slate-400">
              {t(`identity.labels.${field}`)}
            </dt>
            <dd className="mt-0.5 font-mono text-slate-900 dark:text-slate-100">
              <Ltr>{profile.identity_documents[field]}</Ltr>
            </dd>
            {held && (
              <dd
                className={`mt-1 text-xs font-medium ${held.has(documentType) ? 'text-green-800 dark:text-green-300' : 'text-slate-600 dark:text-slate-400'}`}
              >
                {held.has(documentType) ? t('identity.held') : t('identity.notHeld')}
              </dd>
            )}
          </div>
        ))}
      </dl>
    </Card>
  );
}
