/**
 * The frame of the /longterm data marketplace mock-up: the shared demo frame with the 'Concept
 * demo' tag and the concept-demo banner (no real data is bought or sold).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoFrame } from '@/components/layouts/demo-frame';
import { MARKETPLACE_NAMESPACE } from '../i18n';

export function MarketplaceFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation(MARKETPLACE_NAMESPACE);
  const texts = {
    home: t('frame.home'),
    tag: t('frame.conceptTag'),
    bannerTitle: t('banner.title'),
    bannerText: t('banner.text'),
  };
  return <DemoFrame texts={texts}>{children}</DemoFrame>;
}
