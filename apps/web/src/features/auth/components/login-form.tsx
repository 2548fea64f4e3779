/**
 * The two-step login form of SPEC 2, 5 and 8.
 *
 * Step 1: Aadhaar number (grouped 4-4-4, digits only, at most 14 characters with spaces) and
 * Mobile Number (digits only, at most 10, shown after India's +91; issue 19); Send OTP
 * ('Sending OTP...' while busy).
 * Step 2: the 6-digit OTP, masked with a show/hide toggle; Login ('Verifying...') and Back; and
 * Resend OTP once OTP_RESEND_WAIT_MS has passed since the last send (a countdown until then; it
 * sends again the way Send OTP did: the demo pairs on the device, any other through
 * POST /api/auth/send-otp).
 * Validation and failures are toasted and shown beside the form.
 * After a sign-in where a recovery code stood in for the passkey, a toast says how many codes are
 * left, and warns (for longer) at core's RECOVERY_CODES_LOW or fewer, or when none is left.
 */
import {
  type DemoAccount,
  digitsOnly,
  formatAadhaarInput,
  LIMITS,
  RECOVERY_CODES_LOW,
  validateAadhaar,
  validateOtp,
  validatePhone,
} from '@pehchaan/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { type UserData, useAuth } from '@/lib/auth';
import { isolateLtr } from '@/lib/bidi';
import { toast } from '@/lib/toast';
import { useLimitOnceStarted, useValueTypedBeforeStart } from '@/lib/use-value-typed-before-start';
import { isAuthError } from '../api/auth-error';
import { type LoginResult, loginWithOtp, type SecondFactorStep } from '../api/login';
import { requestOtp } from '../api/request-otp';
import { authErrorMessage } from './auth-error-message';
import { DemoBanner } from './demo-banner';
import { SecondFactorForm } from './second-factor-form';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** Issue 19: Resend OTP is offered this long after an OTP was sent (ms). */
export const OTP_RESEND_WAIT_MS = 30_000;

/** How long the warning that few recovery codes are left stays on screen (ms). */
const RECOVERY_WARNING_MS = 10_000;

/** India's country calling code, shown before the mobile number. */
const COUNTRY_CODE = '+91';

/** Whole seconds until `at` (epoch ms), counting down once a second; 0 once it has passed. */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= at) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

interface FieldErrors {
  aadhaar?: string;
  phone?: string;
  otp?: string;
}

export function LoginForm({ onSuccess }: { onSuccess: (user: UserData) => void }) {
  const { t, i18n } = useTranslation(['auth', 'messages']);
  const { login } = useAuth();
  const ids = useId();
  const [step, setStep] = useState<1 | 2>(1);
  const [aadhaar, setAadhaar] = useState('');
  const [phone, setPhone] = useState('');
  // The form is prerendered (/login): what was typed before the app started is kept.
  const aadhaarRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  useValueTypedBeforeStart(aadhaarRef, aadhaar, (typed) => setAadhaar(formatAadhaarInput(typed)));
  useValueTypedBeforeStart(phoneRef, phone, (typed) =>
    setPhone(digitsOnly(typed).slice(0, LIMITS.phoneDigits)),
  );
  // SPEC 5's limits once the app runs, none in the prerendered HTML (the form filters the text).
  const aadhaarMaxLength = useLimitOnceStarted(LIMITS.aadhaarInputMaxLength);
  const phoneMaxLength = useLimitOnceStarted(LIMITS.phoneDigits);
  const [otp, setOtp] = useState('');
  const [showOtp, setShowOtp] = useState(false);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** When Resend OTP is offered (epoch ms); null before the first send. */
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [resending, setResending] = useState(false);
  const resendIn = useSecondsUntil(resendAt);
  /** Set when the OTP was right and the holder owes a passkey or password (issue 19). */
  const [secondFactor, setSecondFactor] = useState<SecondFactorStep | null>(null);

  /** Shows `message` under `field`, or for the whole form (and then as a toast too). */
  const fail = (message: string, field?: keyof FieldErrors) => {
    if (field) {
      // Said under its field; a toast would only repeat it.
      setFieldErrors({ [field]: message });
      return;
    }
    setFormError(message);
    toast.error(message);
  };

  const fillAccount = (account: DemoAccount) => {
    setAadhaar(formatAadhaarInput(account.aadhaarNumber));
    setPhone(account.phoneNumber);
    setFieldErrors({});
    setFormError(null);
    setStep(1);
  };

  const onSendOtp = async (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    setFormError(null);
    if (validateAadhaar(aadhaar)) return fail(t('messages:aadhaar'), 'aadhaar');
    if (validatePhone(phone)) return fail(t('messages:phone'), 'phone');
    setSending(true);
    if (await sendOtp()) {
      setOtp('');
      setStep(2);
    }
    setSending(false);
  };

  /** Sends an OTP for the pair entered, with SPEC 8's toasts; true when it was sent. */
  const sendOtp = async (): Promise<boolean> => {
    try {
      const result = await requestOtp({ aadhaarNumber: aadhaar, phoneNumber: phone });
      toast.success(
        result.kind === 'demo'
          ? t('toast.demoOtpSent', { otp: result.otp })
          : t('toast.otpSent', { phone }),
      );
      setResendAt(Date.now() + OTP_RESEND_WAIT_MS);
      return true;
    } catch (error) {
      if (isAuthError(error, 'BACKEND_UNAVAILABLE')) {
        setFormError(authErrorMessage(error, t, t('toast.sendOtpFailed')));
        toast.error(t('messages:backendUnavailableToast'));
      } else {
        fail(authErrorMessage(error, t, t('toast.sendOtpFailed')));
      }
      return false;
    }
  };

  const onResend = async () => {
    setFieldErrors({});
    setFormError(null);
    setResending(true);
    await sendOtp();
    setResending(false);
  };

  const onLogin = async (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    setFormError(null);
    if (validateOtp(otp)) return fail(t('messages:otp'), 'otp');
    setVerifying(true);
    try {
      const result = await loginWithOtp({ aadhaarNumber: aadhaar, phoneNumber: phone, otp });
      if ('kind' in result) {
        setSecondFactor(result);
        setVerifying(false);
        return;
      }
      await signedIn(result);
    } catch (error) {
      fail(authErrorMessage(error, t, t('toast.loginFailed')));
      setVerifying(false);
    }
  };

  /** Stores the session; says so when this sign-in cancelled an account deletion. */
  const signedIn = async (result: LoginResult) => {
    await login(result.user);
    if (result.deletionCancelled) toast.success(t('deletionCancelled'));
    const left = result.recoveryCodesLeft;
    if (left !== undefined) {
      if (left > RECOVERY_CODES_LOW) {
        toast.success(t('secondFactor.recoveryCodeUsed', { count: left }));
      } else {
        toast(
          left === 0
            ? t('secondFactor.recoveryCodesNone')
            : t('secondFactor.recoveryCodesLow', { count: left }),
          { icon: '⚠️', duration: RECOVERY_WARNING_MS },
        );
      }
    }
    onSuccess(result.user);
  };

  const onBack = () => {
    setSecondFactor(null);
    setStep(1);
    setOtp('');
    setShowOtp(false);
    setFieldErrors({});
    setFormError(null);
  };

  const errorBox = formError && (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
    >
      {formError}
    </p>
  );

  return (
    <div className="space-y-6">
      <DemoBanner onUse={fillAccount} />
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('stepIndicator', { step })}</p>
      {secondFactor ? (
        <SecondFactorForm step={secondFactor} onSignedIn={signedIn} onBack={onBack} />
      ) : step === 1 ? (
        // POST: without JavaScript at all (nothing holds the submission, src/public-start.ts),
        // the numbers would otherwise go into the URL.
        <form onSubmit={onSendOtp} method="post" noValidate className="space-y-4">
          <div>
            <label htmlFor={`${ids}-aadhaar`} className="text-sm font-medium">
              {t('aadhaarLabel')}
            </label>
            <Input
              ref={aadhaarRef}
              id={`${ids}-aadhaar`}
              name="aadhaar"
              inputMode="numeric"
              autoComplete="off"
              maxLength={aadhaarMaxLength}
              placeholder={t('aadhaarPlaceholder')}
              value={aadhaar}
              onChange={(event) => setAadhaar(formatAadhaarInput(event.target.value))}
              aria-invalid={fieldErrors.aadhaar ? true : undefined}
              aria-describedby={fieldErrors.aadhaar ? `${ids}-aadhaar-error` : undefined}
              dir="ltr"
              className="font-mono tracking-wider"
            />
            <FieldError id={`${ids}-aadhaar-error`} message={fieldErrors.aadhaar} />
          </div>
          <div>
            <label htmlFor={`${ids}-phone`} className="text-sm font-medium">
              {t('phoneLabel')}
            </label>
            <div dir="ltr" className="mt-1 flex items-stretch">
              <span
                id={`${ids}-country`}
                className="flex items-center rounded-s-lg border border-e-0 border-slate-300 bg-slate-100 px-3 font-mono text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200"
              >
                {COUNTRY_CODE}
              </span>
              <input
                ref={phoneRef}
                id={`${ids}-phone`}
                name="phone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={phoneMaxLength}
                placeholder={t('phonePlaceholder')}
                value={phone}
                onChange={(event) =>
                  setPhone(digitsOnly(event.target.value).slice(0, LIMITS.phoneDigits))
                }
                aria-invalid={fieldErrors.phone ? true : undefined}
                aria-describedby={[`${ids}-country`, fieldErrors.phone ? `${ids}-phone-error` : '']
                  .filter(Boolean)
                  .join(' ')}
                className="block w-full min-w-0 rounded-e-lg border border-slate-300 bg-white px-3 py-2 font-mono text-base tracking-wider text-slate-900 placeholder:text-slate-400 aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:aria-invalid:border-red-400"
              />
            </div>
            <FieldError id={`${ids}-phone-error`} message={fieldErrors.phone} />
          </div>
          {errorBox}
          <Button type="submit" loading={sending} loadingLabel={t('sendingOtp')} className="w-full">
            {t('sendOtp')}
          </Button>
        </form>
      ) : (
        <form onSubmit={onLogin} noValidate className="space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('otpSentTo', { phone: isolateLtr(`${COUNTRY_CODE} ${phone}`, i18n.language) })}
          </p>
          <div>
            <label htmlFor={`${ids}-otp`} className="text-sm font-medium">
              {t('otpLabel')}
            </label>
            <div dir="ltr" className="relative">
              <Input
                id={`${ids}-otp`}
                name="otp"
                type={showOtp ? 'text' : 'password'}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={LIMITS.otpDigits}
                placeholder={t('otpPlaceholder')}
                value={otp}
                // Autofocus on purpose: step 2 exists only to type the OTP.
                autoFocus
                onChange={(event) =>
                  setOtp(digitsOnly(event.target.value).slice(0, LIMITS.otpDigits))
                }
                aria-invalid={fieldErrors.otp ? true : undefined}
                aria-describedby={fieldErrors.otp ? `${ids}-otp-error` : undefined}
                className="pe-11 font-mono tracking-[0.4em] placeholder:tracking-normal"
              />
              <button
                type="button"
                onClick={() => setShowOtp((v) => !v)}
                aria-label={showOtp ? t('hideOtp') : t('showOtp')}
                aria-pressed={showOtp}
                className="absolute inset-y-0 end-0 flex items-center rounded-e-lg px-3 text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
              >
                {showOtp ? <EyeOffIcon /> : <EyeIcon />}
              </button>
            </div>
            <FieldError id={`${ids}-otp-error`} message={fieldErrors.otp} />
          </div>
          <div className="flex min-h-11 flex-wrap items-center gap-x-2 text-sm">
            {resendIn > 0 ? (
              <p className="text-slate-600 dark:text-slate-400">
                {t('resendIn', { seconds: resendIn })}
              </p>
            ) : (
              <>
                <span className="text-slate-600 dark:text-slate-400">{t('noOtp')}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => void onResend()}
                  loading={resending}
                  loadingLabel={t('resending')}
                  disabled={verifying}
                >
                  {t('resendOtp')}
                </Button>
              </>
            )}
          </div>
          {errorBox}
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <Button variant="secondary" onClick={onBack} disabled={verifying} className="sm:w-32">
              {t('back')}
            </Button>
            <Button
              type="submit"
              loading={verifying}
              loadingLabel={t('verifying')}
              className="flex-1"
            >
              {t('login')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
