/** SPEC 2 / 4: Connected to API, Offline Mode, Hybrid Mode, or Loading... */
import { useTranslation } from 'react-i18next';
import type { CombinedSource } from '@/lib/local-fallback';

const STYLES: Record<CombinedSource | 'loading', string> = {
  api: 'bg-green-100 text-green-800 ring-green-600/30 dark:bg-green-900/40 dark:text-green-200',
  localStorage:
    'bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-900/40 dark:text-amber-100',
  mixed: 'bg-blue-100 text-blue-800 ring-blue-600/30 dark:bg-blue-900/40 dark:text-blue-200',
  loading: 'bg-slate-100 text-slate-700 ring-slate-400/30 dark:bg-slate-800 dark:text-slate-300',
};

const DOTS: Record<CombinedSource | 'loading', string> = {
  api: 'bg-green-500',
  localStorage: 'bg-amber-500',
  mixed: 'bg-blue-500',
  loading: 'bg-slate-400 animate-pulse',
};

export function DataSourceBadge({ source }: { source: CombinedSource | null }) {
  const { t } = useTranslation('dashboard');
  const key = source ?? 'loading';
  return (
    <span
      role="status"
      data-source={key}
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-medium ring-1 ${STYLES[key]}`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${DOTS[key]}`} />
      {t(`source.${key}`)}
    </span>
  );
}
