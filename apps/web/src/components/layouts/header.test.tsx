import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { signIn } from '@/testing/render-app';
import { Header } from './header';
import {
  type HeaderIndicators,
  HeaderIndicatorsProvider,
  type NotificationItem,
} from './header-indicators';

function items(n: number): NotificationItem[] {
  return Array.from({ length: n }, (_, i) => ({ id: `n${i}`, title: `Update ${i + 1}` }));
}

function renderHeader(value: HeaderIndicators) {
  signIn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <HeaderIndicatorsProvider value={value}>
            <Header />
          </HeaderIndicatorsProvider>
        ),
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return userEvent.setup();
}

describe('header indicators (SPEC 2, 9)', () => {
  it('shows the count on the bell, capped at 9+', async () => {
    renderHeader({
      notifications: items(12),
      hasNewCredentials: false,
      hasNewConsent: false,
      clearAll: () => {},
    });
    const bell = await screen.findByRole('button', { name: 'Notifications (9+ new)' });
    expect(within(bell).getByText('9+')).toBeInTheDocument();
  });

  it('shows the exact count up to 9', async () => {
    renderHeader({
      notifications: items(9),
      hasNewCredentials: false,
      hasNewConsent: false,
      clearAll: () => {},
    });
    expect(await screen.findByRole('button', { name: 'Notifications (9 new)' })).toHaveTextContent(
      '9',
    );
  });

  it('puts red dots on Credentials and Consent when something is new', async () => {
    renderHeader({
      notifications: [],
      hasNewCredentials: true,
      hasNewConsent: false,
      clearAll: () => {},
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: /Credentials/ })).toContainElement(
      within(nav).getByTestId('new-dot'),
    );
    expect(within(nav).getAllByTestId('new-dot')).toHaveLength(1);
  });

  it('Clear All stamps everything seen and toasts All notifications cleared', async () => {
    const clearAll = vi.fn();
    const user = renderHeader({
      notifications: items(2),
      hasNewCredentials: true,
      hasNewConsent: true,
      clearAll,
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications (2 new)' }));
    const panel = screen.getByRole('region', { name: 'Recent Updates' });
    expect(within(panel).getByText('Update 1')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Clear All' }));
    expect(clearAll).toHaveBeenCalledOnce();
    expect(await screen.findByText('All notifications cleared')).toBeInTheDocument();
  });
});
