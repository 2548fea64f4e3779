import type { ActivityLog } from '@pehchaan/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { enqueueOutbox, pendingEntries } from '@/lib/sync/outbox';
import { toast } from '@/lib/toast';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const LOGS = '/user/user-001/activity-logs';

/** An activity entry made offline: kept on this device and queued in the outbox. */
function queueOfflineEntry(description = 'Shared PAN Card'): string {
  const entry: ActivityLog = {
    id: 'log-local-1',
    userId: 'user-001',
    type: 'credential_shared',
    description,
    timestamp: new Date().toISOString(),
    last_viewed: null,
    pending_sync: true,
  };
  window.localStorage.setItem('activityLogs', JSON.stringify([entry]));
  const queued = enqueueOutbox({
    userId: 'user-001',
    kind: 'activity_log',
    method: 'POST',
    path: LOGS,
    body: { type: entry.type, description },
    local: { logId: entry.id },
  });
  if (!queued) throw new Error('not queued');
  return queued.id;
}

describe('the sync status of the signed-in frame', () => {
  it('shows what waits; Sync now says when the server is unreachable, then sends it', async () => {
    signIn();
    const key = queueOfflineEntry();
    mockFetch({});
    const { user } = renderApp('/logs');
    expect(await screen.findByText('1 change waiting to sync')).toBeVisible();
    expect(
      screen.getByText(
        'Saved on this device. It is sent to the server as soon as the server answers.',
      ),
    ).toBeVisible();

    // The run made as the frame mounted has ended (the button says 'Syncing...' meanwhile).
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(
      await screen.findByText('The server could not be reached. Your changes stay on this device.'),
    ).toBeInTheDocument();
    expect(pendingEntries('user-001')).toHaveLength(1);

    const { calls } = mockFetch({
      [`POST ${LOGS}`]: () =>
        json(
          {
            message: 'Activity logged',
            activity_log: {
              id: 'log-server-1',
              userId: 'user-001',
              type: 'credential_shared',
              description: 'Shared PAN Card',
              timestamp: new Date().toISOString(),
              last_viewed: null,
            },
          },
          201,
        ),
    });
    act(() => toast.remove());
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Synced 1 change')).toBeInTheDocument();
    expect(screen.getByText('All changes synced')).toBeVisible();
    expect(screen.queryByText(/waiting to sync/)).toBeNull();
    expect(calls.find((c) => c.method === 'POST' && c.path === LOGS)?.headers).toMatchObject({
      'idempotency-key': key,
    });
    expect(JSON.parse(window.localStorage.getItem('activityLogs') ?? '[]')).toEqual([
      expect.objectContaining({ id: 'log-server-1' }),
    ]);
  });

  it('says when the browser is offline', async () => {
    signIn();
    queueOfflineEntry();
    mockFetch({});
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      renderApp('/logs');
      expect(
        await screen.findByText(
          "You're offline. Your changes are kept on this device and sent when the connection returns.",
        ),
      ).toBeVisible();
    } finally {
      Reflect.deleteProperty(navigator, 'onLine');
    }
  });

  it("a refused entry becomes a notice, the server's detail under Technical details, a link and Dismiss", async () => {
    signIn();
    queueOfflineEntry('Test entry');
    mockFetch({
      [`POST ${LOGS}`]: () => json({ detail: 'description must be 1 to 500 characters' }, 400),
    });
    const { user } = renderApp('/dashboard');
    const region = await screen.findByRole('region', { name: 'Could not sync' });
    const notice = within(region).getByRole('alert');
    expect(notice).toHaveTextContent(
      'The activity entry “Test entry” was not accepted by the server and was removed.',
    );
    const technical = within(notice).getByText('description must be 1 to 500 characters');
    expect(technical).not.toBeVisible();
    await user.click(within(notice).getByText('Technical details'));
    expect(technical).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'View activity' })).toHaveAttribute(
      'href',
      '/logs',
    );
    expect(JSON.parse(window.localStorage.getItem('activityLogs') ?? '[]')).toEqual([]);
    await user.click(within(notice).getByRole('button', { name: 'Dismiss this notice' }));
    expect(screen.queryByRole('region', { name: 'Could not sync' })).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('outbox') ?? '{}').conflicts).toEqual([]);
  });

  it('speaks Hindi', async () => {
    window.localStorage.setItem('language', 'hi');
    await i18n.changeLanguage('hi');
    signIn();
    queueOfflineEntry();
    mockFetch({});
    renderApp('/logs');
    expect(await screen.findByText('1 बदलाव सिंक होने की प्रतीक्षा में है')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'अभी सिंक करें' })).toBeInTheDocument();
  });

  it('Sign Out with changes still waiting asks first: stay, or sign out anyway (they are deleted)', async () => {
    signIn();
    queueOfflineEntry();
    mockFetch({});
    const { user, router } = renderApp('/logs');
    await screen.findByText('1 change waiting to sync');

    const signOut = async () => {
      await user.click(screen.getByRole('button', { name: 'Open user menu' }));
      const menu = screen.getByRole('navigation', { name: 'User menu' });
      await user.click(within(menu).getByRole('button', { name: 'Sign Out' }));
      return screen.findByRole('dialog', { name: 'Changes not yet synced' });
    };

    let dialog = await signOut();
    expect(dialog).toHaveTextContent(
      '1 change made on this device has not reached the server yet. Signing out now deletes it from this device.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/logs');
    expect(pendingEntries('user-001')).toHaveLength(1);

    dialog = await signOut();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out anyway' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('outbox')).toBeNull();
  });

  it('Sign Out sends what waits first and then signs out without asking', async () => {
    signIn();
    queueOfflineEntry();
    const { calls } = mockFetch({
      [`POST ${LOGS}`]: () => json({ message: 'Activity logged' }, 201),
      'POST /api/auth/logout': () => json({ message: 'Logged out successfully' }),
    });
    // Not sent on its own before Sign Out: the frame mounts with the browser offline.
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    const { user, router } = renderApp('/logs');
    await screen.findByText('1 change waiting to sync');
    Reflect.deleteProperty(navigator, 'onLine');

    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    const menu = screen.getByRole('navigation', { name: 'User menu' });
    await user.click(within(menu).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).toBeNull();
    const paths = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(paths.indexOf(LOGS)).toBeLessThan(paths.indexOf('/api/auth/logout'));
  });
});
