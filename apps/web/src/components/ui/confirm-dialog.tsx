/**
 * A modal confirmation dialog, built on Modal (modal.tsx: role=dialog with aria-modal, focus
 * trap, Escape and the backdrop, focus returned on close): labelled by its title and described
 * by its text; focus moves to Cancel on open, Escape (or the backdrop) cancels, not while `busy`.
 * Without `cancelLabel` it is a notice with one button (focused on open; Escape and the backdrop
 * act as Cancel would, calling `onCancel`). A long text scrolls inside the dialog, which never
 * grows past the viewport (a phone's too).
 */
import { type ReactNode, useId } from 'react';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';

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
  const textId = useId();
  if (!open) return null;
  return (
    <Modal
      title={title}
      onClose={onCancel}
      busy={busy}
      className="max-w-md"
      describedBy={textId}
      closeButton={false}
    >
      <div id={textId} className="-mt-1 text-slate-600 dark:text-slate-300">
        {children}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        {cancelLabel !== undefined && (
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
            {cancelLabel}
          </Button>
        )}
        <Button
          variant={confirmVariant}
          onClick={onConfirm}
          loading={busy}
          loadingLabel={busyLabel}
          {...(cancelLabel === undefined ? { 'data-autofocus': true } : {})}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
