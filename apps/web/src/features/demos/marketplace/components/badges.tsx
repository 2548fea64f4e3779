/**
 * Colour-coded labels of the marketplace, always with their text (never colour alone): demand
 * levels Very High, High, Medium, Low and transaction statuses completed, pending, cancelled
 * (SPEC 4).
 */
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, ClockIcon, CloseIcon } from '@/components/ui/icons';
import { MARKETPLACE_NAMESPACE } from '../i18n';
import type { DemandLevel, TransactionStatus } from '../marketplace-data';

const DEMAND_CLASSES: Record<DemandLevel, string> = {
  veryHigh: 'bg-green-700 text-white dark:bg-green-500 dark:text-slate-950',
  high: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  medium: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100',
  low: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

export function DemandBadge({ level }: { level: DemandLevel }) {
  const { t } = useTranslation(MARKETPLACE_NAMESPACE);
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${DEMAND_CLASSES[level]}`}
    >
      {t('categories.demand', { level: t(`demand.${level}`) })}
    </span>
  );
}

const STATUS_STYLES = {
  completed: {
    Icon: CheckCircleIcon,
    className:
      'border-green-300 bg-green-50 text-green-800 dark:border-green-700 dark:bg-green-950 dark:text-green-200',
  },
  pending: {
    Icon: ClockIcon,
    className:
      'border-yellow-300 bg-yellow-50 text-yellow-900 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-100',
  },
  cancelled: {
    Icon: CloseIcon,
    className:
      'border-red-300 bg-red-50 text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-200',
  },
} as const satisfies Record<TransactionStatus, unknown>;

export function StatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation(MARKETPLACE_NAMESPACE);
  const { Icon, className } = STATUS_STYLES[status];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}
    >
      <Icon className="size-3.5" />
      {t(`transactions.status.${status}`)}
    </span>
  );
}

/** A white card with a border, the page's basic surface. */
export const CARD =
  'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900';
