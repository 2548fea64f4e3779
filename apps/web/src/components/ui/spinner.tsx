/** A spinner with a visible label ('Loading...' by default, SPEC 2). */
import { useTranslation } from 'react-i18next';

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center gap-3 p-8 text-slate-600 dark:text-slate-300 ${className}`}
    >
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-slate-300 border-t-orange-500 motion-reduce:animate-none dark:border-slate-600 dark:border-t-orange-400"
      />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
