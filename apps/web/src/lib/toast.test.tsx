import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Modal } from '@/components/ui/modal';
import { AppToaster, TOAST_LIMIT, TOAST_Z_INDEX, toast } from './toast';

describe('toaster (SPEC 9)', () => {
  it('holds at most 20 toasts, newest first', () => {
    render(<AppToaster />);
    act(() => {
      for (let i = 1; i <= 25; i++) toast(`message ${i}`);
    });
    expect(screen.getAllByText(/^message \d+$/)).toHaveLength(TOAST_LIMIT);
    expect(screen.getByText('message 25')).toBeInTheDocument();
    expect(screen.queryByText('message 5')).toBeNull();
  });

  it('does not stack the same message again while it is shown', () => {
    render(<AppToaster />);
    act(() => {
      toast.error('Failed to load credentials');
      toast.error('Failed to load credentials');
      toast.success('Dashboard refreshed');
    });
    expect(screen.getAllByText('Failed to load credentials')).toHaveLength(1);
    expect(screen.getByText('Dashboard refreshed')).toBeInTheDocument();
  });

  it('caps the width at 350 px', () => {
    render(<AppToaster />);
    act(() => {
      toast.success('saved');
    });
    const bar = screen.getByText('saved').parentElement;
    expect(bar).toHaveStyle({ maxWidth: '350px' });
  });

  it('sits above an open dialog and its backdrop', () => {
    render(
      <>
        <Modal title="Delete credential?" onClose={() => {}}>
          Text
        </Modal>
        <AppToaster />
      </>,
    );
    act(() => {
      toast.error('Failed to delete credential');
    });
    // The toaster's fixed layer against the dialog's (z-50 on its fixed overlay).
    const layer = screen
      .getByText('Failed to delete credential')
      .closest<HTMLElement>('[style*="z-index"]');
    expect(layer).toHaveStyle({ position: 'fixed', zIndex: String(TOAST_Z_INDEX) });
    const overlay = screen.getByRole('dialog').parentElement;
    expect(overlay).toHaveClass('fixed', 'z-50');
    expect(TOAST_Z_INDEX).toBeGreaterThan(9999);
  });
});
