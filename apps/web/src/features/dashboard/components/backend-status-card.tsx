/**
 * SPEC 2 backend status card: Health ('Healthy', or 'Unhealthy' with the error text, SPEC 8),
 * Backend, Storage, Connected, Database, the counts of the holder's own records (GET
 * /storage/status counts only the caller's, issue 19), and its own Refresh.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RefreshIcon, ServerIcon } from '@/components/ui/icons';
import { useFormat } from '@/lib/preferences';
import type { BackendStatus } from '../api/use-backend-status';
import { InfoList } from './info-list';

export function BackendStatusCard({ status }: { status: BackendStatus }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const { health, healthError, storage, storageError, loading, refreshing } = status;
  const healthy = health !== null && health.status === 'healthy';
  const unknown = t('backend.unknown');
  const connected = storage?.connected ?? health?.storage_backend.connected;

  const healthValue = loading ? (
    t('source.loading')
  ) : healthy ? (
    <span className="text-green-700 dark:text-green-400">{t('backend.healthy')}</span>
  ) : (
    <span className="text-red-700 dark:text-red-400">
      {t('backend.unhealthy')}
      {(healthError ?? health?.status) && (
        <span className="block text-xs font-normal">{healthError ?? health?.status}</span>
      )}
    </span>
  );

  return (
    <Card
      className="rounded-2xl p-5"
      headerClassName="items-center gap-2"
      title={t('backend.title')}
      icon={<ServerIcon className="size-5 text-orange-600 dark:text-orange-400" />}
      actions={
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void status.refresh()}
          loading={refreshing}
          loadingLabel={t('backend.refreshing')}
          aria-label={t('backend.refreshLabel')}
        >
          <RefreshIcon className="size-4" />
          {t('backend.refresh')}
        </Button>
      }
    >
      <InfoList
        rows={[
          { label: t('backend.health'), value: healthValue },
          {
            label: t('backend.backend'),
            value: health
              ? `${health.storage_backend.type}${health.version ? ` (v${health.version})` : ''}`
              : unknown,
          },
          { label: t('backend.storage'), value: storage?.type ?? unknown },
          {
            label: t('backend.connected'),
            value:
              connected === undefined ? unknown : connected ? t('backend.yes') : t('backend.no'),
          },
          { label: t('backend.database'), value: storage?.database ?? unknown },
        ]}
      />
      {storageError && (
        <p className="mt-2 text-xs text-red-700 dark:text-red-400">
          {t('backend.storageError', { error: storageError })}
        </p>
      )}
      {storage && Object.keys(storage.stats.collections).length > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('backend.collections')}
          </h3>
          <ul className="mt-2 grid grid-cols-2 gap-2 text-sm">
            {Object.entries(storage.stats.collections).map(([name, count]) => (
              <li
                key={name}
                className="flex justify-between gap-2 rounded-lg bg-slate-50 px-3 py-1.5 dark:bg-slate-800"
              >
                <span className="truncate text-slate-600 dark:text-slate-400">
                  {t(`backend.collectionNames.${name}`, { defaultValue: name })}
                </span>
                <span className="font-semibold tabular-nums">{format.number(count)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
