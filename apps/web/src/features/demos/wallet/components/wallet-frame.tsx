/**
 * The frame of the /digital-wallet demo: the shared demo frame with the 'Offline demo' tag and
 * the demo-mode banner of SPEC 2.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoFrame } from '@/components/layouts/demo-frame';
import { WALLET_NAMESPACE } from '../i18n';

export function WalletFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation(WALLET_NAMESPACE);
  const texts = {
    home: t('frame.home'),
    tag: t('frame.demoTag'),
    bannerTitle: t('banner.title'),
    bannerText: t('banner.text'),
  };
  return <DemoFrame texts={texts}>{children}</DemoFrame>;
}
