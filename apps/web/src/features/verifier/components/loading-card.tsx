import { useTranslation } from 'react-i18next';

/** Where the verdict will be: the verdict card's box with 'Loading...' (SPEC 4). */
export function LoadingCard() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
    >
      <span
        aria-hidden="true"
        className="mt-1 size-7 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-orange-500 motion-reduce:animate-none dark:border-slate-600 dark:border-t-orange-400"
      />
      <p className="text-2xl font-bold">{t('loading')}</p>
    </div>
  );
}
