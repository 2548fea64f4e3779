import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { ConfirmDialog } from './confirm-dialog';

/** A page with a button that opens the dialog, as its callers do. */
function Harness({
  notice = false,
  busy = false,
  onConfirm = () => {},
  onCancelSpy = () => {},
}: {
  /** A notice: no Cancel button. */
  notice?: boolean;
  busy?: boolean;
  onConfirm?: () => void;
  onCancelSpy?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete PAN Card
      </button>
      <ConfirmDialog
        open={open}
        title="Delete credential?"
        confirmLabel="Delete"
        {...(notice ? {} : { cancelLabel: 'Cancel' })}
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={onConfirm}
        onCancel={() => {
          onCancelSpy();
          setOpen(false);
        }}
      >
        This removes the PAN Card from your wallet.
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog (on Modal)', () => {
  it('is a modal dialog labelled by its title and described by its text; focus goes to Cancel', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Delete PAN Card' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete credential?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('This removes the PAN Card from your wallet.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // No corner close button: Cancel and Delete are the only ways out besides Escape.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('keeps Tab inside, cancels on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    const cancelled = vi.fn();
    render(<Harness onCancelSpy={cancelled} />);
    const opener = screen.getByRole('button', { name: 'Delete PAN Card' });
    await user.click(opener);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(cancelled).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('confirms with its button; while busy Escape does nothing and the button says so', async () => {
    const user = userEvent.setup();
    const confirmed = vi.fn();
    const cancelled = vi.fn();
    const { rerender } = render(<Harness onConfirm={confirmed} onCancelSpy={cancelled} />);
    await user.click(screen.getByRole('button', { name: 'Delete PAN Card' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirmed).toHaveBeenCalledTimes(1);
    rerender(<Harness busy onConfirm={confirmed} onCancelSpy={cancelled} />);
    await user.keyboard('{Escape}');
    expect(cancelled).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Delete credential?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('without cancelLabel is a notice: its one button has focus and Escape closes it', async () => {
    const user = userEvent.setup();
    const cancelled = vi.fn();
    render(<Harness notice onCancelSpy={cancelled} />);
    await user.click(screen.getByRole('button', { name: 'Delete PAN Card' }));
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(cancelled).toHaveBeenCalledTimes(1);
  });
});
