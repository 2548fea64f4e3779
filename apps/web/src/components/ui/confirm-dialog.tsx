/**
 * A modal confirmation dialog: role=dialog with aria-modal, labelled by its title and described
 * by its text; focus moves to Cancel on open, Tab stays inside, Escape (or the backdrop) cancels,
 * and focus returns to the element that had it before. Without `cancelLabel` it is a notice with
 * one button (focused on open; Escape and the backdrop act as it). A long text scrolls inside
 * the dialog, which never grows past the viewport (a phone's too).
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, type ButtonVariant } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Absent: no Cancel button (a notice the holder acknowledges). */
  cancelLabel?: string;
  /** Shown on the confirm button while `busy`. */
  busyLabel?: string;
  busy?: boolean;
  /** The confirm button's look: 'danger' (default, e.g. Delete) or 'primary' (e.g. Create link). */
  confirmVariant?: ButtonVariant;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busyLabel,
  busy = false,
  confirmVariant = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (cancel.current ?? confirm.current)?.focus();
    return () => previous?.focus();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = Array.from(
      panel.current.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input'),
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
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <button
        type="button"
        aria-hidden="true"
        tabIndex={-1}
        className="absolute inset-0 cursor-default bg-slate-950/50"
        onClick={() => !busy && onCancel()}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
        className="relative max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        <div id={textId} className="mt-2 text-slate-600 dark:text-slate-300">
          {children}
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          {cancelLabel !== undefined && (
            <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </Button>
          )}
          <Button
            ref={confirm}
            variant={confirmVariant}
            onClick={onConfirm}
            loading={busy}
            loadingLabel={busyLabel}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
