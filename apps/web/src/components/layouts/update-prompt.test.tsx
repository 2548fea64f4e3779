import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyUpdate } from '@/lib/service-worker';
import { useUpdateWaiting } from '@/lib/use-update-waiting';
import { UpdatePrompt } from './update-prompt';

vi.mock('@/lib/service-worker', () => ({ applyUpdate: vi.fn() }));
vi.mock('@/lib/use-update-waiting', () => ({ useUpdateWaiting: vi.fn() }));

describe('the update prompt', () => {
  beforeEach(() => {
    vi.mocked(applyUpdate).mockReset();
    vi.mocked(useUpdateWaiting).mockReset();
  });

  it('shows nothing while no new version waits', () => {
    vi.mocked(useUpdateWaiting).mockReturnValue(false);
    const { container } = render(<UpdatePrompt />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers Reload when a new version waits, and Reload applies it', async () => {
    vi.mocked(useUpdateWaiting).mockReturnValue(true);
    render(<UpdatePrompt />);
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(applyUpdate).toHaveBeenCalledOnce();
  });

  it('Later hides the prompt without applying the update', async () => {
    vi.mocked(useUpdateWaiting).mockReturnValue(true);
    render(<UpdatePrompt />);
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version is ready')).not.toBeInTheDocument();
    expect(applyUpdate).not.toHaveBeenCalled();
  });
});
