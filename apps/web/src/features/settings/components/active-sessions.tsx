/**
 * Active sessions, in the Security section of /settings (every session of a holder can
 * be listed and revoked). Lists the holder's live sessions from the API (browser and system
 * read from the login's User-Agent, when it started, when last used, "This device" for the
 * current one); Sign out ends one other session, "Sign out all other sessions" (confirmed in a
 * dialog) ends the rest; Sign out on this device's row is the ordinary logout. Needs the API:
 * offline it says the list cannot be loaded, with a retry.
 */
import type { SessionRecord } from '@pehchaan/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { hasProblemCode } from '@/lib/api-client';
import { useFormat } from '@/lib/preferences';
import { toast } from '@/lib/toast';
import {
  type BrowserFamily,
  describeUserAgent,
  endOtherSessions,
  endSession,
  getSessionsQueryOptions,
  type OsFamily,
} from '../api/sessions';
import '../i18n';

/** Product names, the same in every language; 'other' (and iOS's wording) are translated. */
const BROWSER_NAMES: Record<Exclude<BrowserFamily, 'other'>, string> = {
  edge: 'Edge',
  opera: 'Opera',
  samsung: 'Samsung Internet',
  chrome: 'Chrome',
  firefox: 'Firefox',
  safari: 'Safari',
};
const OS_NAMES: Record<Exclude<OsFamily, 'other' | 'ios'>, string> = {
  android: 'Android',
  windows: 'Windows',
  macos: 'Mac',
  linux: 'Linux',
};

export function ActiveSessions({
  userId,
  onSignOut,
}: {
  userId: string;
  /** The ordinary logout, for this device's own row. */
  onSignOut: () => void;
}) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const queryClient = useQueryClient();
  const sessionsQuery = getSessionsQueryOptions(userId);
  const { data: sessions, isPending, isError, refetch } = useQuery(sessionsQuery);
  const [confirmAll, setConfirmAll] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });

  const endOne = useMutation({
    mutationFn: (session: SessionRecord) => endSession(userId, session.id),
    onSuccess: () => toast.success(t('sessions.ended')),
    onError: (error) => {
      // It had already ended (expired or ended elsewhere); the list is refreshed anyway.
      if (!hasProblemCode(error, 'session_not_found')) {
        toast.error(t('sessions.endFailed'));
      }
    },
    onSettled: reload,
  });
  const busyId = endOne.isPending ? endOne.variables.id : null;

  const endOthers = useMutation({
    mutationFn: () => endOtherSessions(userId),
    onSuccess: ({ revoked }) => toast.success(t('sessions.endedOthers', { count: revoked })),
    onError: () => toast.error(t('sessions.endFailed')),
    onSettled: () => {
      setConfirmAll(false);
      return reload();
    },
  });

  const when = (iso: string) => format.dateTime(iso);

  const deviceNames = (userAgent: string | null) => {
    const { browser, os } = describeUserAgent(userAgent);
    return {
      browser: browser === 'other' ? t('sessions.browsers.other') : BROWSER_NAMES[browser],
      os: os === 'other' || os === 'ios' ? t(`sessions.systems.${os}`) : OS_NAMES[os],
    };
  };

  const others = sessions ? sessions.filter((s) => !s.current) : [];

  return (
    <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
      <h3 className="font-semibold text-slate-900 dark:text-white">{t('sessions.title')}</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('sessions.description')}</p>

      {isPending && <Spinner inline label={t('sessions.loading')} className="mt-4" />}

      {isError && (
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm" role="alert">
          <span className="text-slate-700 dark:text-slate-300">{t('sessions.loadFailed')}</span>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {t('sessions.retry')}
          </Button>
        </div>
      )}

      {sessions && (
        <>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {sessions.map((session) => {
              const names = deviceNames(session.user_agent);
              return (
                <li
                  key={session.id}
                  className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 dark:text-slate-100">
                      {t('sessions.device', names)}
                      {session.current && (
                        <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
                          {t('sessions.thisDevice')}
                        </span>
                      )}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {t('sessions.times', {
                        started: when(session.created_at),
                        lastUsed: when(session.last_used_at),
                      })}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busyId === session.id}
                    aria-label={
                      session.current
                        ? t('sessions.signOutHere')
                        : t('sessions.signOutLabel', {
                            ...names,
                            started: when(session.created_at),
                          })
                    }
                    onClick={() => (session.current ? onSignOut() : endOne.mutate(session))}
                  >
                    {busyId === session.id ? t('sessions.signingOut') : t('sessions.signOut')}
                  </Button>
                </li>
              );
            })}
          </ul>
          {others.length > 0 ? (
            <Button variant="danger" size="sm" className="mt-3" onClick={() => setConfirmAll(true)}>
              {t('sessions.signOutOthers')}
            </Button>
          ) : (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              {t('sessions.onlyThis')}
            </p>
          )}
        </>
      )}

      <ConfirmDialog
        open={confirmAll}
        title={t('sessions.confirmTitle')}
        confirmLabel={t('sessions.signOutOthers')}
        cancelLabel={t('sessions.cancel')}
        busyLabel={t('sessions.signingOut')}
        busy={endOthers.isPending}
        onConfirm={() => endOthers.mutate()}
        onCancel={() => setConfirmAll(false)}
      >
        {t('sessions.confirmText', { count: others.length })}
      </ConfirmDialog>
    </div>
  );
}
