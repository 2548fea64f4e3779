/**
 * Step 1 of the bank KYC wizard, Bank (SPEC 4.9 step 1; the manual-KYC message of SPEC 8.12).
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon, ShieldIcon } from '@/components/ui/icons';
import { InlineAlert } from '@/components/ui/inline-alert';
import { KYC_NAMESPACE } from '../i18n';
import { ChoiceButton, StepCard, type StepProps } from './kyc-step-parts';

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
