/**
 * A modal dialog shell for dialogs with their own content and buttons (ConfirmDialog is the
 * two-button case): role=dialog with aria-modal, labelled by its title; focus moves to the
 * element marked `data-autofocus` (else the first focusable one) on open, Tab stays inside,
 * Escape and the backdrop close it unless `busy`, and focus returns to the element that had it
 * before. On a phone it sits at the bottom of the screen and never grows past the viewport (its
 * content scrolls); from the sm breakpoint it is centred. `describedBy` names the element of the
 * content that describes it (aria-describedby); `closeButton={false}` leaves out the corner close
 * button when the content has its own (ConfirmDialog's Cancel).
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({
  title,
  children,
  onClose,
  busy = false,
  className = 'max-w-lg',
  describedBy,
  closeButton = true,
}: {
  title: string;
  children: ReactNode;
  /** Escape, the backdrop and the close button (not while `busy`). */
  onClose: () => void;
  busy?: boolean;
  /** Width classes of the panel. */
  className?: string;
  /** The id of the content element that describes the dialog (aria-describedby). */
  describedBy?: string;
  /** false: no close button in the corner (the content's own buttons close it). */
  closeButton?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    const first =
      root?.querySelector<HTMLElement>('[data-autofocus]') ??
      root?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (element) => !element.closest('.hidden'),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-2 sm:items-center sm:p-4">
      <button
        type="button"
        aria-hidden="true"
        tabIndex={-1}
        className="absolute inset-0 cursor-default bg-slate-950/50"
        onClick={() => !busy && onClose()}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
        className={`relative max-h-[calc(100dvh-1rem)] w-full overflow-y-auto rounded-2xl border border-slate-200 bg-white p-5 shadow-xl sm:max-h-[calc(100dvh-2rem)] sm:p-6 dark:border-slate-700 dark:bg-slate-900 ${className}`}
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
          {closeButton && (
            <button
              type="button"
              onClick={onClose}
              disabled={busy}
              aria-label={t('close')}
              title={t('close')}
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-orange-500 disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <CloseIcon className="size-5" />
            </button>
          )}
        </div>
        <div className="mt-3 text-slate-700 dark:text-slate-300">{children}</div>
      </div>
    </div>
  );
}
