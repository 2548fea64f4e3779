/**
 * Recovery codes of two-factor authentication, in the Security section of /settings (docs/
 * security.md "Recovery codes"):
 *
 * - `RecoveryCodesPanel`: how many codes are left ('N codes left', a warning at core's
 *   RECOVERY_CODES_LOW or fewer, and when none are left), and Make new codes (behind a
 *   confirmation: the old codes stop working). The server lets only a recent sign-in replace
 *   codes the holder still has ('recent_sign_in_required'): the panel says so and offers to sign
 *   in again.
 * - `RecoveryCodesDialog`: a new set, shown this once: the ten codes, Copy, Download (a text
 *   file made on the device) and Print (the codes alone: the dialog is rendered into <body> as
 *   [data-print-root], and index.css "print-recovery-codes" leaves the app out), and Done once
 *   the holder ticks that they saved them.
 *
 * Needs the API: the codes are made on the server, which keeps only keyed hashes of them.
 */
import { RECOVERY_CODES_LOW, type RecoveryCodesAnswer } from '@pehchaan/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { hasProblemCode } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { downloadFile } from '@/lib/download-file';
import { useFormat } from '@/lib/preferences';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { getRecoveryCodesQueryOptions, makeRecoveryCodes } from '../api/recovery-codes';
import '../i18n';

/** The class on <html> while the codes are printed (index.css prints only the codes then). */
export const PRINT_CLASS = 'print-recovery-codes';
/** The name of the downloaded file. */
export const RECOVERY_CODES_FILE = 'pehchaan-recovery-codes.txt';

export function RecoveryCodesPanel({
  userId,
  onCodesMade,
}: {
  userId: string;
  /** A new set was made: show it (RecoveryCodesDialog). */
  onCodesMade: (made: RecoveryCodesAnswer) => void;
}) {
  const { t } = useTranslation('settings');
  const { logout } = useAuth();
  const format = useFormat();
  const ids = useId();
  const queryClient = useQueryClient();
  const { data: status, isError } = useQuery(getRecoveryCodesQueryOptions(userId));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [needsSignIn, setNeedsSignIn] = useState(false);

  const make = async () => {
    setBusy(true);
    setNeedsSignIn(false);
    try {
      const made = await makeRecoveryCodes(userId);
      queryClient.setQueryData(queryKeys.recoveryCodes(userId), {
        remaining: made.remaining,
        created_at: made.created_at,
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activityLogs(userId) });
      onCodesMade(made);
    } catch (error) {
      if (hasProblemCode(error, 'recent_sign_in_required')) setNeedsSignIn(true);
      else toast.error(t('recoveryCodes.failed'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const remaining = status?.remaining ?? 0;
  const low = status !== undefined && remaining > 0 && remaining <= RECOVERY_CODES_LOW;

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <h3 id={`${ids}-title`} className="font-semibold text-slate-900 dark:text-white">
        {t('recoveryCodes.title')}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('recoveryCodes.description')}</p>
      {isError ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('recoveryCodes.loadFailed')}
        </p>
      ) : status === undefined ? null : remaining === 0 ? (
        <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200">
          {t('recoveryCodes.none')}
        </p>
      ) : (
        <div className="text-sm">
          <p className="font-medium text-slate-900 dark:text-slate-100">
            {t('recoveryCodes.left', { count: remaining })}
            {status.created_at && (
              <span className="font-normal text-slate-600 dark:text-slate-400">
                {' · '}
                {t('recoveryCodes.made', { date: format.date(status.created_at) })}
              </span>
            )}
          </p>
          {low && (
            <p className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
              {t('recoveryCodes.low')}
            </p>
          )}
        </div>
      )}
      {needsSignIn && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
        >
          <p>{t('recoveryCodes.recentSignIn')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11 shrink-0"
            // Signed out to the sign-in page: a sign-in there is recent enough to replace codes.
            onClick={() => void logout({ redirectTo: paths.login.getHref() })}
          >
            {t('recoveryCodes.signInAgain')}
          </Button>
        </div>
      )}
      {status !== undefined && (
        <Button
          variant="secondary"
          className="min-h-11"
          loading={busy}
          loadingLabel={t('recoveryCodes.making')}
          onClick={() => (remaining === 0 ? void make() : setConfirming(true))}
        >
          {remaining === 0 ? t('recoveryCodes.make') : t('recoveryCodes.regenerate')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('recoveryCodes.regenerateTitle')}
        confirmLabel={t('recoveryCodes.regenerate')}
        cancelLabel={t('account.cancel')}
        busy={busy}
        busyLabel={t('recoveryCodes.making')}
        confirmVariant="primary"
        onConfirm={() => void make()}
        onCancel={() => setConfirming(false)}
      >
        {t('recoveryCodes.regenerateText')}
      </ConfirmDialog>
    </section>
  );
}

/** The codes as the downloaded file and the clipboard hold them: one per line, numbered. */
export function recoveryCodesText(codes: readonly string[]): string {
  return codes.map((code, i) => `${String(i + 1).padStart(2, ' ')}. ${code}`).join('\n');
}

export function RecoveryCodesDialog({
  made,
  onClose,
}: {
  /** The new set; null: the dialog is closed. */
  made: RecoveryCodesAnswer | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const ids = useId();
  const panel = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const [saved, setSaved] = useState(false);
  const open = made !== null;

  useEffect(() => {
    if (!open) return;
    setSaved(false);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    first.current?.focus();
    return () => previous?.focus();
  }, [open]);

  if (!made) return null;
  const madeOn = format.dateTime(made.created_at);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(made.codes));
      toast.success(t('recoveryCodes.dialog.copied'));
    } catch {
      toast.error(t('recoveryCodes.dialog.copyFailed'));
    }
  };

  const download = () => {
    const text = [
      t('recoveryCodes.dialog.fileHeading'),
      t('recoveryCodes.dialog.fileText', { date: madeOn }),
      '',
      recoveryCodesText(made.codes),
      '',
    ].join('\n');
    downloadFile(RECOVERY_CODES_FILE, text, 'text/plain;charset=utf-8');
  };

  const print = () => {
    const root = document.documentElement;
    root.classList.add(PRINT_CLASS);
    const done = () => {
      root.classList.remove(PRINT_CLASS);
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  };

  // A modal the holder leaves only through Done, once the codes are saved: Tab stays inside.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = Array.from(
      panel.current.querySelectorAll<HTMLElement>('button:not([disabled]), input'),
    );
    const firstOne = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!firstOne || !last) return;
    if (event.shiftKey && document.activeElement === firstOne) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      firstOne.focus();
    }
  };

  return createPortal(
    <div
      data-print-root
      className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center"
    >
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/50 print:hidden" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        aria-describedby={`${ids}-text`}
        onKeyDown={onKeyDown}
        className="relative max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <div>
          <h2 id={`${ids}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('recoveryCodes.dialog.title')}
          </h2>
          <p id={`${ids}-text`} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {t('recoveryCodes.dialog.text')}
          </p>
          <p className="mt-1 hidden text-sm print:block">
            <strong>{t('recoveryCodes.dialog.fileHeading')}</strong>{' '}
            {t('recoveryCodes.dialog.fileText', { date: madeOn })}
          </p>
          <ol
            aria-label={t('recoveryCodes.dialog.listLabel')}
            dir="ltr"
            className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-base tracking-wider text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
          >
            {made.codes.map((code, i) => (
              <li key={code} className="flex gap-2">
                <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <span>{code}</span>
              </li>
            ))}
          </ol>
        </div>
        <div className="mt-4 grid grid-cols-3 gap-2 print:hidden">
          <Button ref={first} variant="secondary" className="min-h-11" onClick={() => void copy()}>
            <CopyIcon className="size-4" />
            {t('recoveryCodes.dialog.copy')}
          </Button>
          <Button variant="secondary" className="min-h-11" onClick={download}>
            {t('recoveryCodes.dialog.download')}
          </Button>
          <Button variant="secondary" className="min-h-11" onClick={print}>
            {t('recoveryCodes.dialog.print')}
          </Button>
        </div>
        <label className="mt-5 flex min-h-11 items-start gap-3 text-sm text-slate-800 print:hidden dark:text-slate-200">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-orange-700"
            checked={saved}
            onChange={(event) => setSaved(event.target.checked)}
          />
          {t('recoveryCodes.dialog.saved')}
        </label>
        <div className="mt-4 flex justify-end print:hidden">
          <Button className="min-h-11" disabled={!saved} onClick={onClose}>
            {t('recoveryCodes.dialog.done')}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
