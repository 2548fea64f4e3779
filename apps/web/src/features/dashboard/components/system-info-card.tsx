/** SPEC 2 system information card: environment, API URL, online status. */
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { InfoIcon } from '@/components/ui/icons';
import { env } from '@/config/env';
import { useOnlineStatus } from '@/lib/use-online-status';
import { InfoList } from './info-list';

export function SystemInfoCard() {
  const { t } = useTranslation('dashboard');
  const online = useOnlineStatus();
  const apiUrl = env.API_URL || window.location.origin;
  return (
    <Card
      className="rounded-2xl p-5"
      headerClassName="items-center gap-2"
      title={t('system.title')}
      icon={<InfoIcon className="size-5 text-orange-600 dark:text-orange-400" />}
    >
      <InfoList
        rows={[
          { label: t('system.environment'), value: env.MODE },
          {
            label: t('system.apiUrl'),
            value: env.USE_API ? apiUrl : `${apiUrl} (${t('system.apiDisabled')})`,
          },
          {
            label: t('system.onlineStatus'),
            value: online ? (
              <span className="text-green-700 dark:text-green-400">{t('system.online')}</span>
            ) : (
              <span className="text-red-700 dark:text-red-400">{t('system.offline')}</span>
            ),
          },
        ]}
      />
    </Card>
  );
}
