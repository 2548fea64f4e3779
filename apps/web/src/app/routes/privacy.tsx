/** SPEC 2 /privacy (built by a later issue). */
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export function Component() {
  const { t } = useTranslation('pages');
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <PageHeading title={t('privacy.title')} description={t('comingSoon')} />
    </div>
  );
}
