/**
 * A message shown in the page instead of window.alert (SPEC 8's demo alerts): a role="alert" box
 * announced at once by screen readers, which neither blocks the page nor takes focus. Dismiss
 * closes it and gives focus back to `returnFocusTo` (the button that opened it), so keyboard
 * users keep their place.
 */
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, InfoIcon } from './icons';

export function InlineAlert({
  message,
  onDismiss,
  returnFocusTo,
  className = '',
}: {
  message: string;
  onDismiss: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Extra classes, e.g. a margin. */
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={`flex items-start gap-3 rounded-xl border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950/50 dark:text-sky-100 ${className}`}
    >
      <InfoIcon className="mt-0.5 size-5 shrink-0" />
      <p className="flex-1">{message}</p>
      <button
        type="button"
        onClick={() => {
          onDismiss();
          returnFocusTo?.current?.focus();
        }}
        aria-label={t('dismiss')}
        title={t('dismiss')}
        className="-m-1 rounded-md p-1 hover:bg-sky-100 dark:hover:bg-sky-900"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
