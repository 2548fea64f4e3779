/**
 * What the signed-in frame shows of the outbox (lib/sync/outbox and lib/sync/outbox-provider),
 * above every protected screen:
 * - while changes wait: 'N changes waiting to sync', why (offline, or waiting for the server) and
 *   Sync now;
 * - after a run that sent them: 'All changes synced' for a few seconds, and the toast
 *   'Synced N changes' (a run the holder asked for that could not reach the server says so);
 * - each change the server refused or that met a newer server state: a notice under 'Could not
 *   sync' with what happened, the server's own detail, a link to the screen and Dismiss.
 * The header's lists reload after each run that settled something: the runner invalidates their
 * queries (lib/sync/outbox-provider.tsx).
 *
 * `SyncSignOutGuard` is rendered after the screen (so its dialog sits above the screen's own):
 * before Sign Out it sends what waits, and when changes still wait it asks whether to sign out
 * anyway (logout wipes them with the rest of this device's data, docs/security.md).
 */
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  CheckCircleIcon,
  ClockIcon,
  CloseIcon,
  InfoIcon,
  WifiOffIcon,
} from '@/components/ui/icons';
import { TechnicalDetails } from '@/components/ui/problem-details';
import { paths } from '@/config/paths';
import { setSignOutGuard } from '@/lib/auth';
import { registerNamespace } from '@/lib/i18n';
import { useFormat } from '@/lib/preferences';
import type { OutboxConflict, OutboxKind } from '@/lib/sync/outbox';
import { useOutboxSync } from '@/lib/sync/outbox-provider';
import { toast } from '@/lib/toast';
import { useOnlineStatus } from '@/lib/use-online-status';
import en from '@/locales/en/sync.json';
import hi from '@/locales/hi/sync.json';

registerNamespace('sync', { en, hi });

/** How long 'All changes synced' stays after a run that emptied the queue (ms). */
export const ALL_SYNCED_VISIBLE_MS = 8000;

/** Where a conflict's change lives: the screen and its link text (`view.<key>`). */
const SCREEN = {
  consent_decision: { href: paths.app.consent.getHref(), label: 'consent' },
  consent_withdrawal: { href: paths.app.consent.getHref(), label: 'consent' },
  credential_generation: { href: paths.app.credentials.getHref(), label: 'credentials' },
  activity_log: { href: paths.app.logs.getHref(), label: 'activity' },
  profile_update: { href: paths.app.profile.getHref(), label: 'profile' },
  settings_update: { href: paths.app.settings.getHref(), label: 'settings' },
} as const satisfies Record<OutboxKind, { href: string; label: string }>;

/** The notice text of a conflict. */
export function conflictText(t: TFunction<'sync'>, conflict: OutboxConflict): string {
  const { params } = conflict;
  if (conflict.code === 'consentDecidedElsewhere') {
    const decision = params.decision === 'reject' ? 'reject' : 'approve';
    return t(`conflict.consentDecidedElsewhere.${decision}`, { replace: params });
  }
  return t(`conflict.${conflict.code}`, { replace: params });
}

function ConflictNotice({ conflict }: { conflict: OutboxConflict }) {
  const { t } = useTranslation('sync');
  const format = useFormat();
  const { dismissConflict } = useOutboxSync();
  return (
    <li>
      <div
        role="alert"
        className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
      >
        <InfoIcon className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 flex-1 space-y-1">
          <p>{conflictText(t, conflict)}</p>
          <TechnicalDetails text={conflict.detail} className="text-red-900 dark:text-red-200" />
          <p className="text-xs text-red-900 dark:text-red-200">
            {t('madeAt', { time: format.dateTime(conflict.createdAt) || conflict.createdAt })}
          </p>
          <Link
            to={SCREEN[conflict.kind].href}
            className="inline-block font-medium underline underline-offset-2 hover:no-underline"
          >
            {t(`view.${SCREEN[conflict.kind].label}`)}
          </Link>
        </div>
        <button
          type="button"
          onClick={() => dismissConflict(conflict.id)}
          aria-label={t('dismissLabel')}
          title={t('dismiss')}
          className="-m-1 inline-flex min-h-11 min-w-11 items-center justify-center rounded-md hover:bg-red-100 dark:hover:bg-red-900"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
    </li>
  );
}

export function SyncStatus() {
  const { t } = useTranslation('sync');
  const { pending, conflicts, syncing, lastRun, syncNow } = useOutboxSync();
  const online = useOnlineStatus();
  const headingId = useId();
  /** When the last run that emptied the queue ended; 'All changes synced' shows for a while. */
  const [allSyncedAt, setAllSyncedAt] = useState<number | null>(null);
  const reported = useRef<number | null>(null);

  useEffect(() => {
    if (!lastRun || reported.current === lastRun.at) return;
    reported.current = lastRun.at;
    if (lastRun.synced > 0) toast.success(t('toast.synced', { count: lastRun.synced }));
    else if (lastRun.manual && lastRun.stoppedBy === 'network') toast.error(t('toast.unreachable'));
    setAllSyncedAt(lastRun.synced > 0 && lastRun.remaining === 0 ? lastRun.at : null);
  }, [lastRun, t]);

  useEffect(() => {
    if (allSyncedAt === null) return;
    const timer = setTimeout(() => setAllSyncedAt(null), ALL_SYNCED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [allSyncedAt]);
  const showAllSynced = allSyncedAt !== null;

  const waiting = pending.length;
  if (waiting === 0 && conflicts.length === 0 && !showAllSynced) return null;

  return (
    <div className="mb-6 space-y-3">
      {waiting > 0 ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
        >
          {/* Text first; on a narrow screen Sync now wraps below it. */}
          <div className="flex min-w-0 flex-1 basis-64 items-start gap-3">
            {online ? (
              <ClockIcon className="mt-0.5 size-5 shrink-0" />
            ) : (
              <WifiOffIcon className="mt-0.5 size-5 shrink-0" />
            )}
            <div className="min-w-0">
              <p className="font-medium">{t('pending', { count: waiting })}</p>
              <p className="text-amber-900 dark:text-amber-200">
                {online ? t('pendingHint') : t('offlineHint')}
              </p>
            </div>
          </div>
          <Button
            size="sm"
            variant="secondary"
            className="ms-auto min-h-11"
            onClick={() => void syncNow()}
            loading={syncing}
            loadingLabel={t('syncing')}
          >
            {t('syncNow')}
          </Button>
        </div>
      ) : (
        showAllSynced && (
          <p
            role="status"
            className="flex items-center gap-2 rounded-xl border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-900 dark:border-green-800 dark:bg-green-950/50 dark:text-green-100"
          >
            <CheckCircleIcon className="size-5 shrink-0" />
            {t('allSynced')}
          </p>
        )
      )}
      {conflicts.length > 0 && (
        <section aria-labelledby={headingId} className="space-y-2">
          <h2 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
            {t('conflictsTitle')}
          </h2>
          <ul className="space-y-2">
            {conflicts.map((conflict) => (
              <ConflictNotice key={conflict.id} conflict={conflict} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function SyncSignOutGuard() {
  const { t } = useTranslation('sync');
  const { pending, syncNow } = useOutboxSync();
  const [asking, setAsking] = useState<{ count: number; answer: (ok: boolean) => void } | null>(
    null,
  );
  const waiting = useRef(pending.length);
  waiting.current = pending.length;

  useEffect(
    () =>
      setSignOutGuard(async () => {
        if (waiting.current === 0) return true;
        const result = await syncNow();
        if (result.remaining === 0) return true;
        return new Promise<boolean>((resolve) =>
          setAsking({ count: result.remaining, answer: resolve }),
        );
      }),
    [syncNow],
  );

  const answer = (ok: boolean) => {
    asking?.answer(ok);
    setAsking(null);
  };

  return (
    <ConfirmDialog
      open={asking !== null}
      title={t('signOut.title')}
      confirmLabel={t('signOut.confirm')}
      cancelLabel={t('signOut.cancel')}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    >
      {t('signOut.text', { count: asking?.count ?? 0 })}
    </ConfirmDialog>
  );
}
