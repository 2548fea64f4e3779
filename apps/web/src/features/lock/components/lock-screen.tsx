/**
 * The lock screen (issue 19, Biometric unlock): shown instead of the app once the holder was idle
 * for their Session timeout. Unlock asks this device's fingerprint or face (a platform passkey);
 * when the session can no longer be unlocked (signed out elsewhere, past its 12 hours, Biometric
 * unlock turned off) the holder is sent to sign in again, with the reason.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/icons';
import { hasProblemCode } from '@/lib/api-client';
import { unlockWithPasskey } from '../api/unlock';
import '../i18n';

export function LockScreen({
  minutes,
  onUnlocked,
  onSignIn,
}: {
  minutes: number;
  onUnlocked: () => void;
  /** Signs out (with a message to show, when there is one) and goes to sign-in. */
  onSignIn: (message?: string) => void;
}) {
  const { t } = useTranslation('lock');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const unlock = async () => {
    setBusy(true);
    setError(null);
    try {
      await unlockWithPasskey();
      onUnlocked();
    } catch (failure) {
      setBusy(false);
      if (hasProblemCode(failure, 'unauthenticated')) {
        onSignIn(t('ended'));
        return;
      }
      setError(t('failed'));
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4 dark:bg-slate-950">
      <section
        aria-labelledby="lock-title"
        className="w-full max-w-md space-y-5 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300">
          <LockIcon className="size-7" />
        </span>
        <h1
          id="lock-title"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold text-slate-900 outline-none dark:text-white"
        >
          {t('title')}
        </h1>
        <p className="text-slate-700 dark:text-slate-300">{t('text', { minutes })}</p>
        {error && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
          >
            {error}
          </p>
        )}
        <div className="flex flex-col gap-3">
          <Button
            className="min-h-11 w-full"
            loading={busy}
            loadingLabel={t('unlocking')}
            onClick={() => void unlock()}
          >
            {t('unlock')}
          </Button>
          <Button
            variant="secondary"
            className="min-h-11 w-full"
            disabled={busy}
            onClick={() => onSignIn()}
          >
            {t('signIn')}
          </Button>
        </div>
      </section>
    </main>
  );
}
