/** SPEC 2 /credentials: the holder's verifiable credentials (built by a later issue). */
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export function Component() {
  const { t } = useTranslation('pages');
  return <PageHeading title={t('credentials.title')} description={t('comingSoon')} />;
}
