/**
 * The header's bell (SPEC 2, 9): a badge with the number of Recent Updates (core's `badgeText`:
 * nothing at 0, '9+' above 9) and a dropdown titled Recent Updates listing them (title, detail,
 * relative time; a log entry worded in the UI language from its message code; each goes to
 * /credentials, /consent or /logs by kind), the empty state
 * 'No recent updates', Clear All and a View All Activity link to /logs. Escape closes it and
 * returns focus to the bell. `RecentUpdatesList` is shared with the mobile menu.
 */
import { badgeText, type RecentUpdate } from '@pehchaan/core';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '@/components/ui/icons';
import { useDismiss } from '@/components/ui/use-dismiss';
import { paths } from '@/config/paths';
import { useActivityText } from '@/lib/activity-text';
import { useConsentTexts } from '@/lib/consent-texts';
import { documentTypeName, issuerDisplayName } from '@/lib/document-labels';
import { useFormat } from '@/lib/preferences';
import { updateHref, useHeaderIndicators } from './header-indicators';

/** The bell's accessible name: 'Notifications' or 'Notifications (3 new)'. */
export function useBellLabel(): string {
  const { t } = useTranslation('notifications');
  const { updates } = useHeaderIndicators();
  const badge = badgeText(updates.length);
  return badge ? t('bell.openWithCount', { n: badge }) : t('bell.open');
}

/** The red count badge (decorative: the bell's name carries the count). */
export function CountBadge({ className = '' }: { className?: string }) {
  const { updates } = useHeaderIndicators();
  const badge = badgeText(updates.length);
  if (!badge) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="notification-badge"
      className={`min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white ${className}`}
    >
      {badge}
    </span>
  );
}

/**
 * An update's detail in the UI language: a consent's purpose (the registry's words,
 * lib/consent-texts.ts), a credential's issuer (its display name, lib/document-labels.ts), a log
 * entry's type; core gives them as stored (English).
 */
function UpdateDetail({ update }: { update: RecentUpdate }) {
  const { t, i18n } = useTranslation('notifications');
  const consent = useConsentTexts();
  switch (update.kind) {
    case 'activity_log':
      return <>{t(`activityType.${update.detail}` as 'activityType.login', update.detail)}</>;
    case 'credential':
      return <>{issuerDisplayName(update.detail, i18n.language)}</>;
    default:
      return <>{consent.purpose(update.title, update.detail)}</>;
  }
}

/** The Recent Updates, newest first, or 'No recent updates'. */
export function RecentUpdatesList({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation('notifications');
  const { updates, records } = useHeaderIndicators();
  const format = useFormat();
  const activityText = useActivityText();
  const consent = useConsentTexts();
  /**
   * An update's title in the UI language: a log entry's text (its message code), a credential's
   * document type, a consent's organisation; else core's title as stored.
   */
  const title = (update: RecentUpdate): string => {
    if (update.kind === 'credential') return documentTypeName(update.title, i18n.language);
    if (update.kind !== 'activity_log') return consent.organisation(update.title);
    const log = records.activityLogs.find((entry) => entry.id === update.id);
    return log ? activityText(log) : update.title;
  };
  if (updates.length === 0) {
    return (
      <p className="px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
        {t('empty')}
      </p>
    );
  }
  return (
    <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
      {updates.map((update) => (
        <li key={`${update.kind}:${update.id}`}>
          <Link
            to={updateHref(update.kind)}
            onClick={onNavigate}
            className="block px-4 py-3 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800/60"
          >
            <span className="flex items-baseline justify-between gap-2">
              <span className="text-xs font-medium tracking-wide text-orange-700 uppercase dark:text-orange-400">
                {t(`kind.${update.kind}`)}
              </span>
              <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                {format.relative(update.at)}
              </span>
            </span>
            <span className="mt-0.5 block font-medium break-words text-slate-900 dark:text-slate-100">
              {title(update)}
            </span>
            {update.detail && (
              <span className="block break-words text-slate-600 dark:text-slate-400">
                <UpdateDetail update={update} />
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Clear All (shown while there is something to clear). */
export function ClearAllButton({ onCleared }: { onCleared?: () => void }) {
  const { t } = useTranslation('notifications');
  const { updates, clearAll } = useHeaderIndicators();
  const [busy, setBusy] = useState(false);
  if (updates.length === 0) return null;
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await clearAll();
        } finally {
          setBusy(false);
          onCleared?.();
        }
      }}
      className="rounded px-1 text-sm font-medium text-orange-700 hover:underline disabled:opacity-60 dark:text-orange-400"
    >
      {t('clearAll')}
    </button>
  );
}

export function NotificationMenu() {
  const { t } = useTranslation('notifications');
  const label = useBellLabel();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={label}
        title={label}
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <BellIcon />
        <CountBadge className="absolute -top-0.5 -end-0.5" />
      </button>
      {open && (
        <section
          id={panelId}
          aria-labelledby={`${panelId}-title`}
          // Phones: the width of the screen under the header; wider screens: under the bell.
          className="fixed inset-x-3 top-[4.5rem] z-50 rounded-xl border sm:absolute sm:inset-x-auto sm:top-auto sm:end-0 sm:mt-2 sm:w-[22rem] border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <h2
              ref={headingRef}
              id={`${panelId}-title`}
              tabIndex={-1}
              className="font-semibold outline-none"
            >
              {t('title')}
            </h2>
            {/* The button disappears once cleared: keep focus inside the panel. */}
            <ClearAllButton onCleared={() => headingRef.current?.focus()} />
          </div>
          <RecentUpdatesList onNavigate={close} />
          <div className="border-t border-slate-200 px-4 py-3 text-center dark:border-slate-700">
            <Link
              to={paths.app.logs.getHref()}
              onClick={close}
              className="text-sm font-medium text-orange-700 hover:underline dark:text-orange-400"
            >
              {t('viewAll')}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
