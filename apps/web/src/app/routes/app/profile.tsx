/** SPEC 2 /profile (built by a later issue). */
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export function Component() {
  const { t } = useTranslation('pages');
  return <PageHeading title={t('profile.title')} description={t('comingSoon')} />;
}
