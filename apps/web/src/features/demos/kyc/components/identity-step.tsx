/**
 * Step 2 of the bank KYC wizard, Identity (SPEC 4.9 step 2; inputs and enabling rules of SPEC 5.7,
 * decided in ../kyc-wizard.ts).
 */
import { DEMO_OTP, LIMITS } from '@pehchaan/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { KYC_NAMESPACE } from '../i18n';
import { canProceedWithCkyc, canVerifyAndProceed, isOtpFieldShown } from '../kyc-wizard';
import { ACTIONS, HINT, INPUT, StepCard, type StepProps } from './kyc-step-parts';

/** The OTP input with its show/hide toggle and the demo hint (SPEC 5). */
function OtpField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation(KYC_NAMESPACE);
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {t('identityStep.otpLabel')}
      </label>
      <div className="relative">
        <input
          id={id}
          name="otp"
          type={visible ? 'text' : 'password'}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LIMITS.otpDigits}
          placeholder={t('identityStep.otpPlaceholder')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={`${id}-hint`}
          className={`${INPUT} pe-11 font-mono tracking-[0.3em] placeholder:font-sans placeholder:tracking-normal`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('identityStep.hideOtp') : t('identityStep.showOtp')}
          aria-pressed={visible}
          className="absolute inset-y-0 end-0 flex items-center rounded-e-lg px-3 text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      <p id={`${id}-hint`} className={HINT}>
        {t('identityStep.otpHint', { otp: DEMO_OTP })}
      </p>
    </div>
  );
}

/**
 * Step 2 (Identity): "Do you know your CKYC number?" Yes shows the CKYC input (Proceed from 10
 * characters); No shows PAN, mobile and, once both are complete, the OTP (Verify & Proceed).
 */
export function IdentityStep({ state, dispatch, headingRef }: StepProps) {
  const { t } = useTranslation(KYC_NAMESPACE);
  const id = useId();
  const otpShown = isOtpFieldShown(state.pan, state.mobile);
  const canGo =
    state.knowsCkyc === 'yes'
      ? canProceedWithCkyc(state.ckycNumber)
      : canVerifyAndProceed(state.pan, state.mobile, state.otp);

  return (
    <StepCard title={t('identityStep.title')} headingRef={headingRef}>
      <form
        noValidate
        className="mt-5 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ type: 'proceedIdentity' });
        }}
      >
        <fieldset>
          <legend className="font-medium text-slate-900 dark:text-white">
            {t('identityStep.question')}
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {(['yes', 'no'] as const).map((answer) => (
              <label
                key={answer}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2.5 has-checked:border-orange-600 has-checked:bg-orange-50 dark:border-slate-600 dark:has-checked:border-orange-400 dark:has-checked:bg-orange-950/40"
              >
                <input
                  type="radio"
                  name={`${id}-knows-ckyc`}
                  value={answer}
                  checked={state.knowsCkyc === answer}
                  onChange={() => dispatch({ type: 'answerKnowsCkyc', answer })}
                  className="size-4 accent-orange-700 dark:accent-orange-400"
                />
                <span>{t(`identityStep.${answer}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {state.knowsCkyc === 'yes' && (
          <div>
            <label htmlFor={`${id}-ckyc`} className="text-sm font-medium">
              {t('identityStep.ckycLabel')}
            </label>
            <input
              id={`${id}-ckyc`}
              name="ckycNumber"
              inputMode="numeric"
              autoComplete="off"
              maxLength={LIMITS.ckycMaxLength}
              placeholder={t('identityStep.ckycPlaceholder')}
              value={state.ckycNumber}
              onChange={(event) => dispatch({ type: 'setCkyc', value: event.target.value })}
              aria-describedby={`${id}-ckyc-hint`}
              className={`${INPUT} font-mono`}
            />
            <p id={`${id}-ckyc-hint`} className={HINT}>
              {t('identityStep.ckycHint')}
            </p>
          </div>
        )}

        {state.knowsCkyc === 'no' && (
          <>
            <div>
              <label htmlFor={`${id}-pan`} className="text-sm font-medium">
                {t('identityStep.panLabel')}
              </label>
              <input
                id={`${id}-pan`}
                name="pan"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={LIMITS.panLength}
                placeholder={t('identityStep.panPlaceholder')}
                value={state.pan}
                onChange={(event) => dispatch({ type: 'setPan', value: event.target.value })}
                className={`${INPUT} font-mono uppercase placeholder:normal-case`}
              />
            </div>
            <div>
              <label htmlFor={`${id}-mobile`} className="text-sm font-medium">
                {t('identityStep.mobileLabel')}
              </label>
              <input
                id={`${id}-mobile`}
                name="mobile"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={LIMITS.phoneDigits}
                placeholder={t('identityStep.mobilePlaceholder')}
                value={state.mobile}
                onChange={(event) => dispatch({ type: 'setMobile', value: event.target.value })}
                className={`${INPUT} font-mono`}
              />
            </div>
            {/* Polite live region: the OTP field's arrival (SPEC 5) is announced. */}
            <div aria-live="polite">
              {otpShown && (
                <OtpField
                  value={state.otp}
                  onChange={(value) => dispatch({ type: 'setOtp', value })}
                />
              )}
            </div>
          </>
        )}

        <div className={ACTIONS}>
          <Button variant="secondary" onClick={() => dispatch({ type: 'back' })}>
            {t('back')}
          </Button>
          {state.knowsCkyc && (
            <Button type="submit" disabled={!canGo}>
              {state.knowsCkyc === 'yes'
                ? t('identityStep.proceed')
                : t('identityStep.verifyAndProceed')}
            </Button>
          )}
        </div>
      </form>
    </StepCard>
  );
}
