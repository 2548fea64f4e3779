import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { Modal } from './modal';

function Harness({ closeButton }: { closeButton?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal
          title="Share PAN Card"
          onClose={() => setOpen(false)}
          describedBy="share-hint"
          {...(closeButton === undefined ? {} : { closeButton })}
        >
          <p id="share-hint">Choose what the link shows.</p>
          <input aria-label="Purpose" data-autofocus />
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('labels and describes the dialog, focuses data-autofocus, closes from its corner button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Share PAN Card' });
    expect(dialog).toHaveAccessibleDescription('Choose what the link shows.');
    expect(screen.getByRole('textbox', { name: 'Purpose' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('leaves out the corner button when asked; Escape still closes', async () => {
    const user = userEvent.setup();
    render(<Harness closeButton={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
