/** Active sessions on /settings (every session can be listed and revoked). */
import type { SessionRecord } from '@pehchaan/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Handler, json, mockFetch } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const BASE = '/user/user-001';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

const session = (id: string, userAgent: string, current: boolean): SessionRecord => ({
  id,
  kind: 'demo',
  created_at: '2025-06-01T09:00:00.000Z',
  last_used_at: '2025-06-01T10:00:00.000Z',
  expires_at: '2025-06-01T10:30:00.000Z',
  user_agent: userAgent,
  current,
});

/** Settings defaults plus a sessions API over `sessions`, which DELETE and revoke-others edit. */
function api(initial: SessionRecord[]): Record<string, Handler> {
  let sessions = initial;
  return {
    [`GET ${BASE}/settings`]: () => json({ message: 'x', user_id: 'user-001' }, 503),
    [`GET ${BASE}/sessions`]: () => json({ sessions }),
    [`DELETE ${BASE}/sessions/sess-b`]: () => {
      sessions = sessions.filter((s) => s.id !== 'sess-b');
      return json({ message: 'Session ended', revoked: 1 });
    },
    [`POST ${BASE}/sessions/revoke-others`]: () => {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return json({ message: `Ended ${ended} other sessions`, revoked: ended });
    },
  };
}

async function openSessions(handlers: Record<string, Handler>) {
  signIn();
  const fetch = mockFetch(handlers);
  renderApp('/settings');
  const security = await screen.findByRole('region', { name: 'Security' });
  await within(security).findByText('Active sessions');
  return { security, ...fetch };
}

describe('Active sessions', () => {
  it('lists the sessions with browser, system and this device marked', async () => {
    const { security } = await openSessions(
      api([session('sess-a', ANDROID, true), session('sess-b', WINDOWS, false)]),
    );
    expect(await within(security).findByText('Firefox on Windows')).toBeInTheDocument();
    expect(within(security).getByText(/Chrome on Android/)).toBeInTheDocument();
    expect(within(security).getByText('This device')).toBeInTheDocument();
  });

  it('signs out another session and refreshes the list', async () => {
    const user = userEvent.setup();
    const { security, calls } = await openSessions(
      api([session('sess-a', ANDROID, true), session('sess-b', WINDOWS, false)]),
    );
    await user.click(
      await within(security).findByRole('button', { name: /Sign out Firefox on Windows/ }),
    );
    await waitFor(() =>
      expect(within(security).queryByText('Firefox on Windows')).not.toBeInTheDocument(),
    );
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${BASE}/sessions/sess-b`)).toBe(
      true,
    );
    expect(
      await within(security).findByText('You are signed in on this device only.'),
    ).toBeVisible();
  });

  it('signs out all other sessions after confirming', async () => {
    const user = userEvent.setup();
    const { security, calls } = await openSessions(
      api([
        session('sess-a', ANDROID, true),
        session('sess-b', WINDOWS, false),
        session('sess-c', WINDOWS, false),
      ]),
    );
    await user.click(
      await within(security).findByRole('button', { name: 'Sign out all other sessions' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    expect(dialog).toHaveTextContent('2 other sessions will be signed out.');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all other sessions' }));
    expect(
      await within(security).findByText('You are signed in on this device only.'),
    ).toBeVisible();
    expect(calls.filter((c) => c.path === `${BASE}/sessions/revoke-others`)).toHaveLength(1);
  });

  it('says when the list cannot be loaded, and retries', async () => {
    const user = userEvent.setup();
    const handlers = api([session('sess-a', ANDROID, true)]);
    const listing = handlers[`GET ${BASE}/sessions`];
    delete handlers[`GET ${BASE}/sessions`];
    const { security } = await openSessions(handlers);
    expect(await within(security).findByRole('alert')).toHaveTextContent(
      'Sessions could not be loaded',
    );
    if (listing) handlers[`GET ${BASE}/sessions`] = listing;
    await user.click(within(security).getByRole('button', { name: 'Try again' }));
    expect(await within(security).findByText('This device')).toBeVisible();
  });
});
