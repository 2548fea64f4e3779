/**
 * The Session timeout on this device (issue 19; docs/security.md "Session timeout and biometric
 * unlock"). "Locked" means: the holder has not touched the app (pointer, keys, scrolling, coming
 * back to the tab) for their Session timeout, counted across tabs and reloads (lib/device.ts
 * `lastActive`). Then:
 * - with Biometric unlock on and this device's platform passkey registered: the lock screen
 *   replaces the app (its screens and their data, the bell, the sync runner: nothing polls the
 *   server behind it, so the server session idles out too); Unlock asks the passkey and the
 *   server makes the session live again (features/lock/api/unlock.ts); Sign in again signs out;
 * - otherwise: the holder is signed out (the server session revoked), with a message saying why.
 * The server ends idle sessions on its own too (sessions.idle_minutes), so a closed tab is
 * covered as well.
 */
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { lastActive, markActive, unlockPasskeyOf } from '@/lib/device';
import { toast } from '@/lib/toast';
import { LockScreen } from './lock-screen';
import '../i18n';

/** How often idleness is checked (ms); a lock may come up to this late. */
export const IDLE_CHECK_MS = 15_000;
/** Activity is written at most this often (ms). */
const MARK_EVERY_MS = 10_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

export function IdleLock({
  userId,
  timeoutMinutes,
  biometricEnabled,
  children,
}: {
  userId: string;
  /** The holder's Session timeout (core's SESSION_TIMEOUTS). */
  timeoutMinutes: number;
  biometricEnabled: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('lock');
  const { logout } = useAuth();
  const [locked, setLocked] = useState(false);
  const canUnlock = biometricEnabled && unlockPasskeyOf(userId) !== null;

  const signOut = useCallback(
    async (message?: string) => {
      setLocked(false);
      await logout({ redirectTo: paths.login.getHref() });
      if (message) toast.error(message);
    },
    [logout],
  );

  const check = useCallback(() => {
    const last = lastActive();
    if (last === null) {
      markActive();
      return;
    }
    if (Date.now() - last < timeoutMinutes * 60_000) return;
    if (canUnlock) setLocked(true);
    else void signOut(t('signedOutIdle', { minutes: timeoutMinutes }));
  }, [canUnlock, signOut, t, timeoutMinutes]);

  useEffect(() => {
    if (locked) return;
    check();
    let lastMark = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastMark < MARK_EVERY_MS) return;
      // Coming back after the timeout must not count as activity before the check has run.
      const last = lastActive();
      if (last !== null && now - last >= timeoutMinutes * 60_000) {
        check();
        return;
      }
      lastMark = now;
      markActive(now);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    }
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(check, IDLE_CHECK_MS);
    return () => {
      for (const type of ACTIVITY_EVENTS) {
        window.removeEventListener(type, onActivity, { capture: true });
      }
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [locked, check, timeoutMinutes]);

  if (!locked) return children;
  return (
    <LockScreen
      minutes={timeoutMinutes}
      onUnlocked={() => {
        markActive();
        setLocked(false);
      }}
      onSignIn={(message) => void signOut(message)}
    />
  );
}
