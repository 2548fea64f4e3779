/**
 * SPEC 2 /verify/:credentialId: the public verifier page. Its verification flow (SPEC 4
 * "Verification result") is built by a later issue; for now it names the credential checked.
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';

export function Component() {
  const { t } = useTranslation('pages');
  const { credentialId = '' } = useParams();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageHeading title={t('verify.title')} description={t('comingSoon')} />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('verify.credentialId')}{' '}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 break-all dark:bg-slate-800">
          {credentialId}
        </code>
      </p>
    </div>
  );
}
