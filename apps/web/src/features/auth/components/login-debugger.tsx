/**
 * The Login Debugger of the login page (SPEC 2, 8), inside the page's Developer tools panel
 * (collapsed by default; issue 19).
 *
 * - Test Demo Login: a simulated credential check of the primary demo account (300 ms, SPEC 9),
 *   then a real login with it (API, else the offline fallback); toasts 'Demo login successful!'
 *   or 'Demo login failed. Please try again.'.
 * - Check Current User: the stored user and the API's view of the session
 *   (GET /api/auth/session).
 */
import { DEMO_OTP, findDemoAccount, maskAadhaar, PRIMARY_DEMO_ACCOUNT } from '@pehchaan/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorDetail } from '@/lib/api-client';
import { type UserData, useAuth } from '@/lib/auth';
import { delay } from '@/lib/delay';
import { toast } from '@/lib/toast';
import { getSession } from '../api/get-session';
import { loginWithOtp } from '../api/login';
import { authErrorMessage } from './auth-error-message';

/** SPEC 9: simulated delay of the demo credential check. */
export const DEMO_CHECK_DELAY_MS = 300;

function maskToken(token: string): string {
  return token.length > 8 ? `${token.slice(0, 8)}…` : '…';
}

export function LoginDebugger({ onSuccess }: { onSuccess: (user: UserData) => void }) {
  const { t } = useTranslation(['auth', 'messages']);
  const { user, login } = useAuth();
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const titleId = useId();
  const log = (line: string) => setLines((current) => [...current, line]);

  const testDemoLogin = async () => {
    setBusy(true);
    setLines([t('debugger.testing')]);
    try {
      await delay(DEMO_CHECK_DELAY_MS);
      const account = findDemoAccount(
        PRIMARY_DEMO_ACCOUNT.aadhaarNumber,
        PRIMARY_DEMO_ACCOUNT.phoneNumber,
      );
      if (!account) {
        log(t('debugger.testFailed', { reason: t('debugger.noDemoAccount') }));
        toast.error(t('toast.demoLoginFailed'));
        return;
      }
      const result = await loginWithOtp({
        aadhaarNumber: account.aadhaarNumber,
        phoneNumber: account.phoneNumber,
        otp: DEMO_OTP,
      });
      if ('kind' in result) {
        // The demo account has two-factor authentication or a password: the form asks for it.
        log(t('debugger.testFailed', { reason: t('debugger.secondFactor') }));
        toast.error(t('toast.demoLoginFailed'));
        return;
      }
      log(t('debugger.testSuccess', { source: t(`debugger.source.${result.source}`) }));
      toast.success(t('toast.demoLoginSuccess'));
      await login(result.user);
      onSuccess(result.user);
    } catch (error) {
      log(t('debugger.testError', { reason: authErrorMessage(error, t, String(error)) }));
      toast.error(t('toast.demoLoginFailed'));
    } finally {
      setBusy(false);
    }
  };

  const checkCurrentUser = async () => {
    setBusy(true);
    const stored = user
      ? t('debugger.storedUser', {
          id: user.id,
          name: user.name ?? '-',
          aadhaar: maskAadhaar(user.aadhaarId),
          phone: user.phone,
          token: maskToken(user.sessionToken),
        })
      : t('debugger.noStoredUser');
    setLines([stored]);
    try {
      const session = await getSession();
      log(
        t('debugger.serverSession', {
          id: session.user_id,
          name: session.user.name,
          expires: session.expires_at,
        }),
      );
    } catch (error) {
      log(t('debugger.sessionError', { reason: errorDetail(error) ?? String(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h3 id={titleId} className="text-sm font-semibold">
        {t('debugger.title')}
      </h3>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={testDemoLogin} disabled={busy}>
          {t('debugger.testDemoLogin')}
        </Button>
        <Button size="sm" variant="secondary" onClick={checkCurrentUser} disabled={busy}>
          {t('debugger.checkCurrentUser')}
        </Button>
      </div>
      <output
        aria-live="polite"
        aria-label={t('debugger.output')}
        className="block min-h-10 rounded-lg bg-slate-100 p-3 font-mono text-xs break-words whitespace-pre-wrap text-slate-800 dark:bg-slate-800 dark:text-slate-200"
      >
        {lines.join('\n')}
      </output>
    </section>
  );
}
