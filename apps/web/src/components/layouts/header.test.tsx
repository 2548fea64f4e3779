import type { RecentUpdate } from '@pehchaan/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { i18n } from '@/lib/i18n';
import { createTestQueryClient } from '@/testing/query-client';
import { signIn } from '@/testing/render-app';
import { Header } from './header';
import {
  EMPTY_HOLDER_RECORDS,
  type HeaderIndicators,
  HeaderIndicatorsProvider,
} from './header-indicators';

const NOW = Date.now();

function updates(n: number): RecentUpdate[] {
  return Array.from({ length: n }, (_, i) => ({
    kind: 'activity_log',
    id: `l${i}`,
    at: new Date(NOW - i * 1000).toISOString(),
    title: `Update ${i + 1}`,
    detail: 'credential_shared',
  }));
}

function indicators(over: Partial<HeaderIndicators> = {}): HeaderIndicators {
  return {
    updates: [],
    hasNewCredentials: false,
    hasNewConsent: false,
    clearAll: () => {},
    records: EMPTY_HOLDER_RECORDS,
    refresh: () => {},
    ...over,
  };
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
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user: userEvent.setup(), router };
}

/** Waits until the header shows the signed-in links (the stored session is restored asynchronously). */
async function signedInHeader(): Promise<void> {
  await screen.findByRole('link', { name: /^Credentials/ });
}

describe('the bell (SPEC 2, 9)', () => {
  it('shows the count on the bell, capped at 9+', async () => {
    renderHeader(indicators({ updates: updates(12) }));
    const bell = await screen.findByRole('button', { name: 'Notifications (9+ new)' });
    expect(within(bell).getByText('9+')).toBeInTheDocument();
  });

  it('shows the exact count up to 9', async () => {
    renderHeader(indicators({ updates: updates(9) }));
    expect(await screen.findByRole('button', { name: 'Notifications (9 new)' })).toHaveTextContent(
      '9',
    );
  });

  it('shows no badge at 0', async () => {
    renderHeader(indicators());
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(within(bell).queryByTestId('notification-badge')).toBeNull();
  });

  it('lists Recent Updates with title, detail and time; an item goes to its screen', async () => {
    const { user, router } = renderHeader(
      indicators({
        updates: [
          {
            kind: 'consent_request',
            id: 'r1',
            at: new Date(NOW - 2 * 3_600_000).toISOString(),
            title: 'State Bank of India',
            detail: 'Open savings account',
          },
          {
            kind: 'credential',
            id: 'c1',
            at: new Date(NOW).toISOString(),
            title: 'PAN Card',
            detail: 'Income Tax Department',
          },
        ],
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications (2 new)' }));
    const panel = screen.getByRole('region', { name: 'Recent Updates' });
    const bank = within(panel).getByRole('link', { name: /State Bank of India/ });
    expect(bank).toHaveAttribute('href', '/consent');
    expect(bank).toHaveTextContent('Open savings account');
    expect(bank).toHaveTextContent('2 hours ago');
    expect(within(panel).getByRole('link', { name: /PAN Card/ })).toHaveAttribute(
      'href',
      '/credentials',
    );
    await user.click(within(panel).getByRole('link', { name: /PAN Card/ }));
    expect(router.state.location.pathname).toBe('/credentials');
    expect(screen.queryByRole('region', { name: 'Recent Updates' })).toBeNull();
  });

  it("words a security notice in the holder's language from its message code (issue 19)", async () => {
    await i18n.changeLanguage('hi');
    const at = new Date(NOW).toISOString();
    const { user } = renderHeader(
      indicators({
        updates: [
          {
            kind: 'activity_log',
            id: 'l1',
            at,
            title: 'New sign-in on Chrome on Android',
            detail: 'new_device_login',
          },
        ],
        records: {
          ...EMPTY_HOLDER_RECORDS,
          activityLogs: [
            {
              id: 'l1',
              userId: 'user-001',
              type: 'new_device_login',
              description: 'New sign-in on Chrome on Android',
              timestamp: at,
              last_viewed: null,
              message_code: 'new_device_login',
              message_params: { device: 'Chrome on Android' },
            },
          ],
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: /^सूचनाएँ/ }));
    expect(await screen.findByText('Android पर Chrome से नया साइन-इन')).toBeInTheDocument();
    expect(screen.queryByText('New sign-in on Chrome on Android')).toBeNull();
  });

  it('shows No recent updates and no Clear All when nothing is new', async () => {
    const { user } = renderHeader(indicators());
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('region', { name: 'Recent Updates' });
    expect(within(panel).getByText('No recent updates')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Clear All' })).toBeNull();
    expect(within(panel).getByRole('link', { name: 'View All Activity' })).toHaveAttribute(
      'href',
      '/logs',
    );
  });

  it('Escape closes the dropdown and returns focus to the bell', async () => {
    const { user } = renderHeader(indicators({ updates: updates(1) }));
    const bell = await screen.findByRole('button', { name: 'Notifications (1 new)' });
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Recent Updates' })).toBeNull();
    expect(bell).toHaveFocus();
  });

  it('Clear All calls clearAll', async () => {
    const clearAll = vi.fn();
    const { user } = renderHeader(indicators({ updates: updates(2), clearAll }));
    await user.click(await screen.findByRole('button', { name: 'Notifications (2 new)' }));
    const panel = screen.getByRole('region', { name: 'Recent Updates' });
    expect(within(panel).getByText('Update 1')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Clear All' }));
    expect(clearAll).toHaveBeenCalledOnce();
  });
});

describe('red dots (SPEC 2)', () => {
  it('puts a dot on Credentials only when credentials are new', async () => {
    renderHeader(indicators({ hasNewCredentials: true }));
    // The signed-out links show until the stored session is restored (it is read asynchronously).
    const link = await screen.findByRole('link', { name: 'Credentials (new)' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toContainElement(link);
    expect(link).toContainElement(within(nav).getByTestId('new-dot'));
    expect(within(nav).getAllByTestId('new-dot')).toHaveLength(1);
    expect(within(nav).getByRole('link', { name: 'Consent' })).toBeInTheDocument();
  });

  it('puts a dot on Consent when a consent request is new', async () => {
    renderHeader(indicators({ hasNewConsent: true }));
    const link = await screen.findByRole('link', { name: 'Consent (new)' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Consent (new)' })).toBe(link);
    expect(link).toContainElement(within(nav).getByTestId('new-dot'));
    expect(within(nav).getByRole('link', { name: 'Credentials' })).toBeInTheDocument();
  });
});

describe('the mobile menu mirrors the bell (SPEC 2)', () => {
  it('has the dots, the Recent Updates with the count and Clear All', async () => {
    const clearAll = vi.fn();
    const { user } = renderHeader(
      indicators({ updates: updates(3), hasNewConsent: true, clearAll }),
    );
    await signedInHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile navigation' });
    expect(within(menu).getByRole('link', { name: 'Consent (new)' })).toBeInTheDocument();
    const updatesRegion = within(menu).getByRole('region', { name: /Recent Updates/ });
    expect(within(updatesRegion).getByText('3')).toBeInTheDocument();
    expect(within(updatesRegion).getAllByRole('link', { name: /Update/ })).toHaveLength(3);
    expect(within(updatesRegion).getByRole('link', { name: 'View All Activity' })).toHaveAttribute(
      'href',
      '/logs',
    );
    await user.click(within(updatesRegion).getByRole('button', { name: 'Clear All' }));
    expect(clearAll).toHaveBeenCalledOnce();
  });

  it('shows No recent updates when nothing is new', async () => {
    const { user } = renderHeader(indicators());
    await signedInHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile navigation' });
    expect(within(menu).getByText('No recent updates')).toBeInTheDocument();
  });
});
