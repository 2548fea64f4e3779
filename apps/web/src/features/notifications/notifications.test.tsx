import {
  type ActivityLog,
  type ConsentRequest,
  type CredentialRecord,
  NOTIFICATION_POLL_MS,
  SEEN_KINDS,
} from '@pehchaan/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { activity, consent, credential } from '@/testing/fixtures';
import { type Handler, json, mockFetch, type RecordedRequest } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const MIN = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A server holding the three lists of user-001, stamping last_viewed on POST /seen. */
function server(initial: {
  credentials?: CredentialRecord[];
  consentRequests?: ConsentRequest[];
  activityLogs?: ActivityLog[];
}) {
  const state = {
    credentials: initial.credentials ?? [],
    consentRequests: initial.consentRequests ?? [],
    activityLogs: initial.activityLogs ?? [],
  };
  const handlers: Record<string, Handler> = {
    'GET /user/user-001/credentials': () =>
      json({
        credentials: state.credentials,
        count: state.credentials.length,
        user_id: 'user-001',
      }),
    'GET /user/user-001/consent-requests': () =>
      json({
        consent_requests: state.consentRequests,
        count: state.consentRequests.length,
        user_id: 'user-001',
      }),
    'GET /user/user-001/activity-logs': () =>
      json({
        activity_logs: state.activityLogs,
        count: state.activityLogs.length,
        user_id: 'user-001',
      }),
    'POST /user/user-001/seen': (request) => {
      const { kinds } = request.body as { kinds: string[] };
      const last_viewed = new Date().toISOString();
      if (kinds.includes('credentials')) {
        state.credentials = state.credentials.map((c) => ({ ...c, last_viewed }));
      }
      if (kinds.includes('consent_requests')) {
        state.consentRequests = state.consentRequests.map((r) => ({ ...r, last_viewed }));
      }
      if (kinds.includes('activity_logs')) {
        state.activityLogs = state.activityLogs.map((l) => ({ ...l, last_viewed }));
      }
      return json({ kinds, last_viewed });
    },
  };
  return { state, handlers };
}

const freshPan = credential('pan-1', {
  issuer: 'Income Tax Department',
  issuance_date: ago(MIN),
  last_viewed: null,
});
const oldBasic = credential('basic-1', {
  issuer: 'Digital Identity System',
  issuance_date: ago(48 * 60 * MIN),
  credential_subject: { id: 'did:key:z6MkHolder', name: 'Rajesh', document_type: 'Basic Identity' },
});
const bank = { ...consent('r-bank', 'pending'), requested_at: ago(2 * 60 * MIN) };
const telecomSeen: ConsentRequest = {
  ...consent('r-telecom', 'pending'),
  requester: 'Bharti Airtel',
  purpose: 'SIM card KYC verification',
  last_viewed: ago(MIN),
};
const insurerDecided: ConsentRequest = {
  ...consent('r-insurer', 'approved'),
  requester: 'LIC of India',
  purpose: 'Insurance policy verification',
};
const shared: ActivityLog = {
  ...activity('l-shared', 'credential_shared', 0),
  description: 'Shared PAN Card credential',
};
const oldLogin = activity('l-login', 'login', 30);

/** Fresh PAN, the bank's pending request and the share entry are new: 3. */
function threeNew() {
  return server({
    credentials: [oldBasic, freshPan],
    consentRequests: [bank, telecomSeen, insurerDecided],
    activityLogs: [shared, oldLogin],
  });
}

function seenCalls(calls: RecordedRequest[]) {
  return calls.filter((c) => c.method === 'POST' && c.path === '/user/user-001/seen');
}

/**
 * Renders `path` signed in. Tests that count the holder-list requests open /settings, whose own
 * content loads none of those lists (/profile loads them for its stats).
 */
async function open(path: string, handlers: Record<string, Handler>) {
  signIn();
  const fetch = mockFetch(handlers);
  const view = renderApp(path);
  await screen.findByRole('navigation', { name: 'Main navigation' });
  return { ...view, ...fetch };
}

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

describe('the bell (SPEC 2, 4, 9)', () => {
  it("counts the holder's new items and lists them under Recent Updates", async () => {
    const { user } = await open('/profile', threeNew().handlers);
    const bell = await screen.findByRole('button', { name: 'Notifications (3 new)' });
    expect(within(bell).getByText('3')).toBeInTheDocument();

    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Recent Updates' });
    const links = within(panel).getAllByRole('link', { name: /./ });
    // The pending request first (issue 17: what others ask before the holder's own actions),
    // then the holder's own, newest first, then View All Activity.
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/consent',
      '/logs',
      '/credentials',
      '/logs',
    ]);
    expect(links[0]).toHaveTextContent('State Bank of India');
    expect(links[0]).toHaveTextContent('Open savings account');
    expect(links[0]).toHaveTextContent('2 hours ago');
    expect(links[1]).toHaveTextContent('Shared PAN Card credential');
    expect(links[1]).toHaveTextContent('Credential shared');
    expect(links[2]).toHaveTextContent('PAN Card');
    expect(links[2]).toHaveTextContent('Income Tax Department');
    expect(within(panel).queryByText('Bharti Airtel')).toBeNull();
    expect(within(panel).queryByText('LIC of India')).toBeNull();
  });

  it('puts red dots on Credentials and Consent while something there is new', async () => {
    await open('/profile', threeNew().handlers);
    await screen.findByRole('button', { name: 'Notifications (3 new)' });
    expect(within(mainNav()).getByRole('link', { name: 'Credentials (new)' })).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Consent (new)' })).toBeInTheDocument();
  });

  it("shows on the public pages' header too for a signed-in holder", async () => {
    signIn();
    mockFetch(threeNew().handlers);
    renderApp('/privacy');
    expect(
      await screen.findByRole('button', { name: 'Notifications (3 new)' }),
    ).toBeInTheDocument();
  });

  it('shows 9+ above 9', async () => {
    const logs = Array.from({ length: 11 }, (_, i) => ({
      ...activity(`l${i}`, 'test_manual', 0),
      description: `Entry ${i}`,
    }));
    await open('/profile', server({ activityLogs: logs }).handlers);
    const bell = await screen.findByRole('button', { name: 'Notifications (9+ new)' });
    expect(within(bell).getByText('9+')).toBeInTheDocument();
  });

  it('Clear All posts /seen with the three kinds, toasts and empties the bell', async () => {
    const { user, calls } = await open('/settings', threeNew().handlers);
    await user.click(await screen.findByRole('button', { name: 'Notifications (3 new)' }));
    const panel = screen.getByRole('region', { name: 'Recent Updates' });
    await user.click(within(panel).getByRole('button', { name: 'Clear All' }));

    expect(await screen.findByText('All notifications cleared')).toBeInTheDocument();
    expect(seenCalls(calls).map((c) => c.body)).toEqual([{ kinds: [...SEEN_KINDS] }]);
    expect(within(panel).getByText('No recent updates')).toBeInTheDocument();
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(within(bell).queryByTestId('notification-badge')).toBeNull();
    expect(within(mainNav()).queryByTestId('new-dot')).toBeNull();
    // The server's answer after the stamp agrees.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/user/user-001/consent-requests').length).toBe(2),
    );
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('Clear All offline stamps the three lists in browser storage', async () => {
    localStorage.setItem('credentials', JSON.stringify([freshPan]));
    localStorage.setItem(
      'consentRequests',
      JSON.stringify([bank, { ...bank, userId: 'user-009' }]),
    );
    localStorage.setItem('activityLogs', JSON.stringify([shared]));
    const { user } = await open('/profile', {});
    await user.click(await screen.findByRole('button', { name: 'Notifications (3 new)' }));
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByText('All notifications cleared')).toBeInTheDocument();

    for (const key of ['credentials', 'consentRequests', 'activityLogs']) {
      const stored = JSON.parse(localStorage.getItem(key) ?? '[]') as {
        userId: string;
        last_viewed: string | null;
      }[];
      for (const item of stored) {
        if (item.userId === 'user-001') expect(item.last_viewed).toEqual(expect.any(String));
        else expect(item.last_viewed).toBeNull();
      }
    }
    // Still cleared after the next (local) reload.
    act(() => window.dispatchEvent(new Event('focus')));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument(),
    );
  });
});

describe('seen-state on visiting a screen (SPEC 4)', () => {
  it('visiting /consent posts /seen consent_requests and clears the Consent dot', async () => {
    const { user, calls } = await open('/profile', threeNew().handlers);
    await screen.findByRole('button', { name: 'Notifications (3 new)' });
    expect(seenCalls(calls)).toHaveLength(0);

    await user.click(within(mainNav()).getByRole('link', { name: 'Consent (new)' }));
    await waitFor(() =>
      expect(seenCalls(calls).map((c) => c.body)).toEqual([{ kinds: ['consent_requests'] }]),
    );
    await screen.findByRole('button', { name: 'Notifications (2 new)' });
    expect(within(mainNav()).getByRole('link', { name: 'Consent' })).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Credentials (new)' })).toBeInTheDocument();
  });

  it.each([
    ['/credentials', 'credentials'],
    ['/logs', 'activity_logs'],
  ])('opening %s posts /seen [%s]', async (path, kind) => {
    const { calls } = await open(path, threeNew().handlers);
    await waitFor(() => expect(seenCalls(calls).map((c) => c.body)).toEqual([{ kinds: [kind] }]));
    await screen.findByRole('button', { name: 'Notifications (2 new)' });
  });
});

describe('refreshing (SPEC 9)', () => {
  it('polls every 30 seconds and shows what arrived', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { state, handlers } = server({ credentials: [oldBasic] });
    const { calls } = await open('/settings', handlers);
    const gets = () => calls.filter((c) => c.path === '/user/user-001/activity-logs').length;
    await waitFor(() => expect(gets()).toBe(1));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    state.activityLogs = [shared];
    act(() => vi.advanceTimersByTime(NOTIFICATION_POLL_MS - 1));
    expect(gets()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(gets()).toBe(2));
    expect(
      await screen.findByRole('button', { name: 'Notifications (1 new)' }),
    ).toBeInTheDocument();
  });
});

describe('search (DECISIONS 6)', () => {
  it('Ctrl+K opens it; it finds a credential, a consent request, an activity entry and a page', async () => {
    const { user } = await open('/profile', threeNew().handlers);
    await screen.findByRole('button', { name: 'Notifications (3 new)' });
    await user.keyboard('{Control>}k{/Control}');
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const input = within(dialog).getByRole('combobox', { name: 'Search' });
    expect(input).toHaveFocus();

    await user.type(input, 'income tax');
    const credentials = within(dialog).getByRole('group', { name: 'Credentials' });
    expect(within(credentials).getByRole('option', { name: /PAN Card/ })).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'savings');
    const requests = within(dialog).getByRole('group', { name: 'Consent requests' });
    expect(within(requests).getByRole('option', { name: /State Bank of India/ })).toHaveTextContent(
      'Pending',
    );

    await user.clear(input);
    await user.type(input, 'shared pan');
    const entries = within(dialog).getByRole('group', { name: 'Activity' });
    expect(
      within(entries).getByRole('option', { name: /Shared PAN Card credential/ }),
    ).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'sett');
    const pages = within(dialog).getByRole('group', { name: 'Pages' });
    expect(within(pages).getByRole('option', { name: 'Settings' })).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'zzzz');
    expect(within(dialog).getByText('No results for “zzzz”')).toBeInTheDocument();
  });

  it('arrow keys move through the results and Enter goes to the chosen one', async () => {
    const { user, router } = await open('/profile', threeNew().handlers);
    await screen.findByRole('button', { name: 'Notifications (3 new)' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    const input = within(dialog).getByRole('combobox', { name: 'Search' });
    // 'pan' finds the PAN credential, then the share entry.
    await user.type(input, 'pan');
    const options = within(dialog).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('PAN Card'),
      expect.stringContaining('Shared PAN Card credential'),
    ]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/logs'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Enter on a consent request goes to /consent', async () => {
    const { user, router } = await open('/profile', threeNew().handlers);
    await screen.findByRole('button', { name: 'Notifications (3 new)' });
    await user.keyboard('{Meta>}k{/Meta}');
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'airtel{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/consent'));
  });

  it('Escape closes it and focus returns to the search button; Tab stays inside', async () => {
    const { user } = await open('/profile', threeNew().handlers);
    const button = screen.getByRole('button', { name: 'Search' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close search' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('combobox', { name: 'Search' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });
});
