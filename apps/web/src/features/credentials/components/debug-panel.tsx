/** The Credentials screen's Debug panel (SPEC 2): where the list came from and what is stored. */
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import type { DataSource } from '@/lib/local-fallback';
import { readString, STORAGE_KEYS } from '@/lib/storage';

function storedCount(key: 'credentials' | 'activityLogs'): number {
  try {
    const parsed: unknown = JSON.parse(readString(STORAGE_KEYS[key]) ?? '[]');
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

export function DebugPanel({
  userId,
  source,
  shown,
  lastError,
}: {
  userId: string;
  source: DataSource | null;
  shown: number;
  lastError: string | null;
}) {
  const { t } = useTranslation('credentials');
  const rows: [string, string][] = [
    [t('debugPanel.userId'), userId],
    [t('debugPanel.apiUrl'), env.API_URL || t('debugPanel.apiUrlSameOrigin')],
    [t('debugPanel.apiEnabled'), env.USE_API ? t('debugPanel.yes') : t('debugPanel.no')],
    [t('debugPanel.source'), source ? t(`source.${source}`) : '-'],
    [t('debugPanel.shown'), String(shown)],
    [t('debugPanel.stored'), String(storedCount('credentials'))],
    [t('debugPanel.storedLogs'), String(storedCount('activityLogs'))],
    [t('debugPanel.lastError'), lastError ?? t('debugPanel.none')],
  ];
  return (
    <section
      aria-label={t('debugPanel.title')}
      className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-900/60"
    >
      <h2 className="mb-2 font-semibold">{t('debugPanel.title')}</h2>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="min-w-0 font-mono text-xs break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
