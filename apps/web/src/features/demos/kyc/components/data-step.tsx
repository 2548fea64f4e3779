/**
 * Step 3 of the bank KYC wizard, Data: the fields to share (SPEC 4.9 step 3, SPEC 5.7).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { KYC_NAMESPACE } from '../i18n';
import { canContinueWithFields, SHARE_FIELDS } from '../kyc-wizard';
import { ACTIONS, StepCard, type StepProps } from './kyc-step-parts';

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
