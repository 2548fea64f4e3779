/**
 * Step 6 of the bank KYC wizard, Complete (SPEC 4.9 step 6, SPEC 9.11 for the 6 steps).
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { InlineAlert } from '@/components/ui/inline-alert';
import { KYC_NAMESPACE } from '../i18n';
import { KYC_TIME_TAKEN_MINUTES } from '../kyc-wizard';
import { StepCard, type StepProps, Summary } from './kyc-step-parts';

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
