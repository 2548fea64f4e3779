/**
 * A spinner with a visible label ('Loading...' by default, SPEC 2), announced politely.
 * `inline`: a small one on a line of text inside a section (e.g. "Loading sessions..."), instead
 * of the padded block that stands for a whole page or panel.
 */
import { useTranslation } from 'react-i18next';

export function Spinner({
  label,
  className = '',
  inline = false,
}: {
  label?: string;
  className?: string;
  inline?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center text-slate-600 dark:text-slate-300 ${
        inline ? 'gap-2 text-sm' : 'justify-center gap-3 p-8'
      } ${className}`}
    >
      <span
        aria-hidden="true"
        className={`${inline ? 'size-4' : 'size-6'} animate-spin rounded-full border-2 border-slate-300 border-t-orange-500 motion-reduce:animate-none dark:border-slate-600 dark:border-t-orange-400`}
      />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
