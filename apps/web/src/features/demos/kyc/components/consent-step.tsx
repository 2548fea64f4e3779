/**
 * Step 5 of the bank KYC wizard, Consent: browser or app (SPEC 4.9 step 5; the app message of
 * SPEC 8.12).
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconProps, ShieldIcon } from '@/components/ui/icons';
import { InlineAlert } from '@/components/ui/inline-alert';
import { KYC_NAMESPACE } from '../i18n';
import { ChoiceButton, StepCard, type StepProps } from './kyc-step-parts';

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

/**
 * A mobile phone outline, for the "open the app" choice: components/ui/icons.tsx has no phone
 * (info-pages' PhoneIcon is a handset), so it is drawn here in the shared 24x24 `Icon` frame.
 */
function PhoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6" y="2" width="12" height="20" rx="2" />
      <path d="M11 18h2" />
    </Icon>
  );
}
