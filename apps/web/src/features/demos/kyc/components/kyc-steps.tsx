/**
 * The six steps of the bank KYC wizard (SPEC 4 "KYC demo flow", SPEC 5 "KYC demo"). Each step is
 * a section named by its h2; the page moves focus to that heading when the step changes. The
 * rules (what a button may do, what an input keeps) live in ../kyc-wizard.ts; these components
 * only render the state and dispatch actions. No error message is ever shown (SPEC 5).
 */
import { DEMO_OTP, LIMITS } from '@pehchaan/core';
import { type Dispatch, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  ArrowRightIcon,
  CheckCircleIcon,
  EyeIcon,
  EyeOffIcon,
  FileIcon,
  InfoIcon,
  ShieldIcon,
} from '@/components/ui/icons';
import { InlineAlert } from '@/components/ui/inline-alert';
import { KYC_NAMESPACE } from '../i18n';
import {
  canContinueWithFields,
  canProceedWithCkyc,
  canVerifyAndProceed,
  isOtpFieldShown,
  KYC_TIME_TAKEN_MINUTES,
  type KycAction,
  type KycDemoState,
  SHARE_FIELDS,
} from '../kyc-wizard';

export interface StepProps {
  state: KycDemoState;
  dispatch: Dispatch<KycAction>;
  /** The step's h2; the page focuses it when the step changes. */
  headingRef: Ref<HTMLHeadingElement>;
}

const INPUT =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400';
const HINT = 'mt-1 text-sm text-slate-600 dark:text-slate-400';
const ACTIONS = 'mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between';

function StepCard({
  title,
  text,
  headingRef,
  children,
}: {
  title: string;
  text?: string;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id={id}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 dark:text-white"
      >
        {title}
      </h2>
      {text && <p className="mt-1 text-slate-600 dark:text-slate-400">{text}</p>}
      {children}
    </section>
  );
}

/** A large choice button: title, one line of explanation, an icon. */
function ChoiceButton({
  title,
  text,
  icon,
  onClick,
  ref,
  primary = false,
}: {
  title: string;
  text: string;
  icon: ReactNode;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
  primary?: boolean;
}) {
  const textId = useId();
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      aria-describedby={textId}
      className={`flex w-full items-start gap-4 rounded-xl border p-4 text-left transition-colors ${
        primary
          ? 'border-orange-300 bg-orange-50 hover:border-orange-500 hover:bg-orange-100 dark:border-orange-800 dark:bg-orange-950/40 dark:hover:border-orange-500'
          : 'border-slate-300 bg-white hover:border-slate-400 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800'
      }`}
    >
      <span
        className={`grid size-10 shrink-0 place-items-center rounded-lg ${
          primary
            ? 'bg-orange-700 text-white dark:bg-orange-400 dark:text-slate-950'
            : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
        }`}
      >
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900 dark:text-white">{title}</span>
        <span id={textId} className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">
          {text}
        </span>
      </span>
      <ArrowRightIcon className="mt-2 size-5 shrink-0 text-slate-500 dark:text-slate-400" />
    </button>
  );
}

/** Step 1 (Bank): Manual KYC only shows its message; Verify with Pehchaan goes on. */
export function BankStep({ dispatch, headingRef }: StepProps) {
  const { t } = useTranslation(KYC_NAMESPACE);
  const { t: tm } = useTranslation('messages');
  const [notice, setNotice] = useState(false);
  const manual = useRef<HTMLButtonElement>(null);
  const bank = t('bank');
  return (
    <StepCard
      title={t('bankStep.title')}
      text={t('bankStep.text', { bank })}
      headingRef={headingRef}
    >
      <div className="mt-5 space-y-3">
        <ChoiceButton
          primary
          title={t('bankStep.pehchaan')}
          text={t('bankStep.pehchaanText')}
          icon={<ShieldIcon />}
          onClick={() => dispatch({ type: 'choosePehchaan' })}
        />
        <ChoiceButton
          ref={manual}
          title={t('bankStep.manual')}
          text={t('bankStep.manualText')}
          icon={<FileIcon />}
          onClick={() => {
            dispatch({ type: 'chooseManual' });
            setNotice(true);
          }}
        />
      </div>
      {notice && (
        <InlineAlert
          className="mt-4"
          message={tm('demoManualKyc')}
          onDismiss={() => setNotice(false)}
          returnFocusTo={manual}
        />
      )}
    </StepCard>
  );
}

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
          className={`${INPUT} pr-11 font-mono tracking-[0.3em] placeholder:font-sans placeholder:tracking-normal`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('identityStep.hideOtp') : t('identityStep.showOtp')}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex items-center rounded-r-lg px-3 text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
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

/** Step 3 (Data): at least one of name, aadhaar, phone, address; a singular/plural counter. */
export function DataStep({ state, dispatch, headingRef }: StepProps) {
  const { t } = useTranslation(KYC_NAMESPACE);
  const id = useId();
  const selected = new Set(state.shareFields);
  return (
    <StepCard
      title={t('dataStep.title')}
      text={t('dataStep.text', { bank: t('bank') })}
      headingRef={headingRef}
    >
      <form
        noValidate
        className="mt-5"
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ type: 'continueFields' });
        }}
      >
        <fieldset aria-describedby={`${id}-counter`}>
          <legend className="font-medium text-slate-900 dark:text-white">
            {t('dataStep.legend')}
          </legend>
          <ul className="mt-2 space-y-2">
            {SHARE_FIELDS.map((field) => (
              <li key={field}>
                <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2.5 has-checked:border-orange-600 has-checked:bg-orange-50 dark:border-slate-600 dark:has-checked:border-orange-400 dark:has-checked:bg-orange-950/40">
                  <input
                    type="checkbox"
                    name="shareFields"
                    value={field}
                    checked={selected.has(field)}
                    onChange={() => dispatch({ type: 'toggleField', field })}
                    aria-describedby={`${id}-${field}-hint`}
                    className="mt-1 size-4 accent-orange-700 dark:accent-orange-400"
                  />
                  <span>
                    <span className="block font-medium">{t(`dataStep.fields.${field}`)}</span>
                    <span
                      id={`${id}-${field}-hint`}
                      className="block text-sm text-slate-600 dark:text-slate-400"
                    >
                      {t(`dataStep.fieldHints.${field}`)}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <p
          id={`${id}-counter`}
          aria-live="polite"
          className="mt-3 text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          {t('dataStep.counter', { count: state.shareFields.length })}
        </p>
        <div className={ACTIONS}>
          <Button variant="secondary" onClick={() => dispatch({ type: 'back' })}>
            {t('back')}
          </Button>
          <Button type="submit" disabled={!canContinueWithFields(state.shareFields)}>
            {t('continue')}
          </Button>
        </div>
      </form>
    </StepCard>
  );
}

/** A term/definition list of a summary. */
function Summary({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <dl
      aria-label={label}
      className="mt-5 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
    >
      {rows.map(([term, value]) => (
        <div
          key={term}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
        >
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="text-right font-medium text-slate-900 dark:text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Step 4 (Request): the consent request sent, with the redirect notice and Continue. */
export function RequestStep({ state, dispatch, headingRef }: StepProps) {
  const { t } = useTranslation(KYC_NAMESPACE);
  const fields = state.shareFields.map((field) => t(`dataStep.fields.${field}`)).join(', ');
  return (
    <StepCard title={t('requestStep.title')} text={t('requestStep.text')} headingRef={headingRef}>
      <Summary
        label={t('requestStep.title')}
        rows={[
          [t('requestStep.requester'), t('bank')],
          [t('requestStep.purpose'), t('purpose')],
          [t('requestStep.fields'), fields],
        ]}
      />
      <p className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
        <InfoIcon className="mt-0.5 size-4 shrink-0" />
        {t('requestStep.redirect')}
      </p>
      <div className="mt-6 flex justify-end">
        <Button onClick={() => dispatch({ type: 'continueRequest' })}>{t('continue')}</Button>
      </div>
    </StepCard>
  );
}

/** Step 5 (Consent): browser goes on; the app only shows its message (SPEC 8). */
export function ConsentStep({ dispatch, headingRef }: StepProps) {
  const { t } = useTranslation(KYC_NAMESPACE);
  const { t: tm } = useTranslation('messages');
  const [notice, setNotice] = useState(false);
  const app = useRef<HTMLButtonElement>(null);
  return (
    <StepCard title={t('consentStep.title')} text={t('consentStep.text')} headingRef={headingRef}>
      <div className="mt-5 space-y-3">
        <ChoiceButton
          primary
          title={t('consentStep.browser')}
          text={t('consentStep.browserText')}
          icon={<ShieldIcon />}
          onClick={() => dispatch({ type: 'continueInBrowser' })}
        />
        <ChoiceButton
          ref={app}
          title={t('consentStep.app')}
          text={t('consentStep.appText')}
          icon={<PhoneIcon />}
          onClick={() => setNotice(true)}
        />
      </div>
      {notice && (
        <InlineAlert
          className="mt-4"
          message={tm('demoOpenApp')}
          onDismiss={() => setNotice(false)}
          returnFocusTo={app}
        />
      )}
    </StepCard>
  );
}

/** Step 6 (Complete): fields shared, 2 min, Verified; bank dashboard (message) and Demo again. */
export function CompleteStep({ state, dispatch, headingRef }: StepProps) {
  const { t } = useTranslation(KYC_NAMESPACE);
  const { t: tm } = useTranslation('messages');
  const [notice, setNotice] = useState(false);
  const dashboard = useRef<HTMLButtonElement>(null);
  return (
    <StepCard
      title={t('completeStep.title')}
      text={t('completeStep.text', { bank: t('bank') })}
      headingRef={headingRef}
    >
      <CheckCircleIcon className="mx-auto mt-5 size-14 text-green-700 dark:text-green-400" />
      <Summary
        label={t('completeStep.summary')}
        rows={[
          [t('completeStep.fieldsShared'), state.shareFields.length],
          [
            t('completeStep.timeTaken'),
            t('completeStep.timeValue', { count: KYC_TIME_TAKEN_MINUTES }),
          ],
          [
            t('completeStep.status'),
            <span
              key="status"
              className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-green-800 dark:bg-green-900/50 dark:text-green-200"
            >
              <CheckCircleIcon className="size-4" />
              {t('completeStep.verified')}
            </span>,
          ],
        ]}
      />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={() => dispatch({ type: 'reset' })}>
          {t('completeStep.demoAgain')}
        </Button>
        <Button ref={dashboard} onClick={() => setNotice(true)}>
          {t('completeStep.bankDashboard')}
        </Button>
      </div>
      {notice && (
        <InlineAlert
          className="mt-4"
          message={tm('demoBankDashboard')}
          onDismiss={() => setNotice(false)}
          returnFocusTo={dashboard}
        />
      )}
    </StepCard>
  );
}

function PhoneIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <rect x="6" y="2" width="12" height="20" rx="2" />
      <path d="M11 18h2" />
    </svg>
  );
}
