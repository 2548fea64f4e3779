import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppToaster, TOAST_LIMIT, toast } from './toast';

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

  it('caps the width at 350 px', () => {
    render(<AppToaster />);
    act(() => {
      toast.success('saved');
    });
    const bar = screen.getByText('saved').parentElement;
    expect(bar).toHaveStyle({ maxWidth: '350px' });
  });
});
