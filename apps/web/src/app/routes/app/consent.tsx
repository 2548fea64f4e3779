/** SPEC 2 /consent: consent management (built by a later issue). */
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export function Component() {
  const { t } = useTranslation('pages');
  return <PageHeading title={t('consent.title')} description={t('comingSoon')} />;
}
