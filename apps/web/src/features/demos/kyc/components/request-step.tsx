/**
 * Step 4 of the bank KYC wizard, Request: the consent request sent (SPEC 4.9 step 4).
 */
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InfoIcon } from '@/components/ui/icons';
import { KYC_NAMESPACE } from '../i18n';
import { StepCard, type StepProps, Summary } from './kyc-step-parts';

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
