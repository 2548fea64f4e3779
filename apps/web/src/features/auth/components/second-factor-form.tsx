/**
 * The sign-in's second step (issue 19): after a right OTP, a holder with Two-factor
 * authentication confirms with a passkey ('Use passkey': the browser's own prompt: fingerprint,
 * face, security key) or, having lost it, with one of the recovery codes ('Use a recovery code';
 * docs/security.md "Recovery codes"), and one with an account password types it. The factors
 * come in the order the server asks for them (core's SECOND_FACTORS); each refusal is said in
 * words: a wrong password, a passkey that was not verified or was cancelled, a recovery code
 * that is not one or was used, a sign-in that expired (then Back starts again with a new OTP).
 * A typed code that cannot be a code (core's normalizeRecoveryCode) is said at once, without
 * using up one of the sign-in's tries.
 */
import { normalizeRecoveryCode } from '@pehchaan/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { hasProblemCode, isApiError } from '@/lib/api-client';
import type { LoginResult, SecondFactorStep } from '../api/login';
import {
  confirmWithPasskey,
  confirmWithPassword,
  confirmWithRecoveryCode,
} from '../api/second-factor';

export function SecondFactorForm({
  step,
  onSignedIn,
  onBack,
}: {
  step: SecondFactorStep;
  onSignedIn: (result: LoginResult) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const ids = useId();
  const [current, setCurrent] = useState(step);
  const [password, setPassword] = useState('');
  /** The passkey step answered with a recovery code instead ('Use a recovery code'). */
  const [withCode, setWithCode] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const factor = current.factors[0] ?? 'password';
  const codeStep = factor === 'passkey' && withCode;

  const explain = (failure: unknown): string => {
    if (hasProblemCode(failure, 'login_expired')) return t('secondFactor.expired');
    if (hasProblemCode(failure, 'second_factor_invalid')) {
      return factor === 'password'
        ? t('secondFactor.wrongPassword')
        : codeStep
          ? t('secondFactor.recoveryCodeWrong')
          : t('secondFactor.passkeyFailed');
    }
    if (isApiError(failure)) return t('toast.loginFailed');
    // The browser's WebAuthn error: cancelled, timed out, or no passkey of this account here.
    return t('secondFactor.passkeyCancelled');
  };

  const run = async (attempt: () => Promise<LoginResult | SecondFactorStep>) => {
    setBusy(true);
    setError(null);
    try {
      const result = await attempt();
      if ('kind' in result) {
        setCurrent(result);
        setPassword('');
        setWithCode(false);
        setCode('');
        setBusy(false);
        return;
      }
      await onSignedIn(result);
    } catch (failure) {
      setError(explain(failure));
      setBusy(false);
    }
  };

  const onPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('secondFactor.passwordRequired'));
      return;
    }
    void run(() => confirmWithPassword(current.login_token, password));
  };

  const onCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('secondFactor.recoveryCodeRequired'));
      return;
    }
    if (normalizeRecoveryCode(code) === null) {
      setError(t('secondFactor.recoveryCodeMalformed'));
      return;
    }
    void run(() => confirmWithRecoveryCode(current.login_token, code));
  };

  /** Switches between the passkey and a recovery code. */
  const chooseCode = (on: boolean) => {
    setWithCode(on);
    setCode('');
    setError(null);
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-4">
      <div>
        <h2 id={`${ids}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('secondFactor.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {codeStep
            ? t('secondFactor.recoveryCodeText')
            : factor === 'passkey'
              ? t('secondFactor.passkeyText')
              : t('secondFactor.passwordText')}
        </p>
      </div>
      {codeStep ? (
        <form onSubmit={onCode} noValidate className="space-y-4">
          <div>
            <label htmlFor={`${ids}-code`} className="text-sm font-medium">
              {t('secondFactor.recoveryCodeLabel')}
            </label>
            <Input
              id={`${ids}-code`}
              name="recovery-code"
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              maxLength={20}
              // Autofocus on purpose: the holder just asked to type a code.
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${ids}-code-hint${error ? ` ${ids}-error` : ''}`}
              dir="ltr"
              className="font-mono tracking-wider uppercase"
            />
            <p id={`${ids}-code-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t('secondFactor.recoveryCodeHint')}
            </p>
          </div>
          <Button type="submit" className="w-full" loading={busy} loadingLabel={t('verifying')}>
            {t('secondFactor.continue')}
          </Button>
          <Button
            variant="ghost"
            className="min-h-11 w-full"
            disabled={busy}
            onClick={() => chooseCode(false)}
          >
            {t('secondFactor.usePasskeyInstead')}
          </Button>
        </form>
      ) : factor === 'passkey' ? (
        <div className="space-y-2">
          <Button
            className="w-full"
            loading={busy}
            loadingLabel={t('verifying')}
            onClick={() => void run(() => confirmWithPasskey(current.login_token))}
          >
            {t('secondFactor.usePasskey')}
          </Button>
          <Button
            variant="ghost"
            className="min-h-11 w-full"
            disabled={busy}
            onClick={() => chooseCode(true)}
          >
            {t('secondFactor.useRecoveryCode')}
          </Button>
        </div>
      ) : (
        <form onSubmit={onPassword} noValidate className="space-y-4">
          <div>
            <label htmlFor={`${ids}-password`} className="text-sm font-medium">
              {t('secondFactor.passwordLabel')}
            </label>
            <Input
              id={`${ids}-password`}
              type="password"
              autoComplete="current-password"
              // Autofocus on purpose: this step exists only to type the password.
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids}-error` : undefined}
            />
          </div>
          <Button type="submit" className="w-full" loading={busy} loadingLabel={t('verifying')}>
            {t('secondFactor.continue')}
          </Button>
        </form>
      )}
      {error && (
        <p
          id={`${ids}-error`}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          {error}
        </p>
      )}
      <Button variant="secondary" onClick={onBack} disabled={busy} className="w-full sm:w-32">
        {t('back')}
      </Button>
    </section>
  );
}
