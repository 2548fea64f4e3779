/** SPEC 2 Quick Actions: Generate Credential, View Credentials, Pending Consents, Activity Logs. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function QuickActions({
  onGenerate,
  generating,
}: {
  onGenerate: () => void;
  generating: boolean;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <section
      aria-labelledby="quick-actions-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="quick-actions-title" className="text-lg font-semibold">
        {t('quick.title')}
      </h2>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Button onClick={onGenerate} loading={generating} loadingLabel={t('generating')}>
          {t('generate')}
        </Button>
        <Link to={paths.app.credentials.getHref()} className={buttonClasses('secondary')}>
          {t('quick.viewCredentials')}
        </Link>
        <Link to={paths.app.consent.getHref()} className={buttonClasses('secondary')}>
          {t('quick.pendingConsents')}
        </Link>
        <Link to={paths.app.logs.getHref()} className={buttonClasses('secondary')}>
          {t('quick.activityLogs')}
        </Link>
      </div>
    </section>
  );
}
