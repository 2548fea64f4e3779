import type { ConsentRequest } from '@pehchaan/core';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { withdrawalAnswer } from '@/testing/consent-receipts';
import { type Handler, json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const BASE = '/user/user-001/consent-requests';

function request(
  kind: 'bank' | 'telecom' | 'insurer',
  overrides: Partial<ConsentRequest> = {},
): ConsentRequest {
  const who = {
    bank: ['State Bank of India', 'Open savings account', ['Name', 'Aadhaar', 'PAN']],
    telecom: ['Bharti Airtel', 'SIM card KYC verification', ['Name', 'Phone']],
    insurer: ['LIC of India', 'Insurance policy verification', ['Name', 'CKYC Number']],
  } as const;
  const [requester, purpose, fields] = who[kind];
  return {
    id: `consent-user-001-${kind}`,
    userId: 'user-001',
    requester,
    purpose,
    requested_at: '2025-03-01T08:00:00.000Z',
    status: 'pending',
    fields: [...fields],
    status_updated_at: null,
    status_updated_by: null,
    last_viewed: null,
    ...overrides,
  };
}

function listAnswer(requests: ConsentRequest[]): Response {
  return json({ consent_requests: requests, count: requests.length, user_id: 'user-001' });
}

function list(...requests: ConsentRequest[]): Handler {
  return () => listAnswer(requests);
}

/** The answer of POST .../{id}/approve or /reject for `r`. */
function decided(r: ConsentRequest, status: 'approved' | 'rejected'): ConsentRequest {
  return {
    ...r,
    status,
    status_updated_at: '2025-03-02T09:30:00.000Z',
    status_updated_by: 'user-001',
  };
}

function decisionAnswer(r: ConsentRequest, status: 'approved' | 'rejected'): Response {
  const verb = status === 'approved' ? 'Approved' : 'Rejected';
  return json({
    message: `Consent request ${status}`,
    consent_request: decided(r, status),
    activity_log: {
      id: 'log-1',
      userId: 'user-001',
      type: status === 'approved' ? 'consent_approved' : 'consent_rejected',
      description: `${verb} consent request from ${r.requester} for ${r.purpose}`,
      timestamp: '2025-03-02T09:30:00.000Z',
      last_viewed: null,
    },
  });
}

async function openConsent(handlers: Record<string, Handler>) {
  signIn();
  const fetch = mockFetch(handlers);
  const view = renderApp('/consent');
  await screen.findByRole('heading', { level: 1, name: 'Consent Management' });
  // Loaded: the lists replace the spinner.
  await screen.findByRole('region', { name: /^Pending \(\d+\)$/ });
  return { ...view, ...fetch };
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

function stored(key: 'consentRequests' | 'activityLogs'): Record<string, unknown>[] {
  return JSON.parse(window.localStorage.getItem(key) ?? '[]');
}

/** Opens the page's Developer tools panel (collapsed while Debug mode is off). */
async function openDeveloperTools(user: { click: (element: Element) => Promise<void> }) {
  await user.click(screen.getByRole('button', { name: 'Developer tools' }));
}

describe('/consent (SPEC 2 Consent Management)', () => {
  it('shows the three lists by status with counts, cards and empty states', async () => {
    await openConsent({
      [`GET ${BASE}`]: list(request('bank'), decided(request('telecom'), 'approved')),
    });
    const pending = section('Pending (1)');
    const bank = within(pending).getByRole('article', { name: 'State Bank of India' });
    expect(within(bank).getByText('Open savings account')).toBeInTheDocument();
    const fields = within(bank).getByRole('list', { name: 'Requested fields' });
    expect(
      within(fields)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Name', 'Aadhaar', 'PAN']);
    // The holder's date format (SPEC 9 default DD/MM/YYYY) and India's time zone.
    expect(within(bank).getByText('01/03/2025', { exact: false })).toBeInTheDocument();
    expect(
      within(bank).getByRole('button', { name: 'Approve State Bank of India' }),
    ).toHaveTextContent('Approve');
    expect(
      within(bank).getByRole('button', { name: 'Reject State Bank of India' }),
    ).toHaveTextContent('Reject');

    const approved = section('Approved (1)');
    const airtel = within(approved).getByRole('article', { name: 'Bharti Airtel' });
    expect(within(airtel).getByText('Approved on:')).toBeInTheDocument();
    expect(within(airtel).getByText('02/03/2025, 3:00 pm', { exact: false })).toBeInTheDocument();
    // Issue 17: the only action on an approved consent is its withdrawal.
    expect(
      within(airtel)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Withdraw consent from Bharti Airtel']);

    expect(within(section('Rejected (0)')).getByText('No rejected requests yet.')).toBeVisible();
    expect(
      within(section('Withdrawn or expired (0)')).getByText(
        'No consent has been withdrawn or has expired.',
      ),
    ).toBeVisible();
  });

  it("approves the bank's request: POSTs to its URL and moves it to Approved", async () => {
    let requests = [request('bank'), request('telecom')];
    const { user, calls } = await openConsent({
      [`GET ${BASE}`]: () => listAnswer(requests),
      [`POST ${BASE}/consent-user-001-bank/approve`]: () => {
        requests = [decided(request('bank'), 'approved'), request('telecom')];
        return decisionAnswer(request('bank'), 'approved');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Approve State Bank of India' }));
    expect(await screen.findByText('Consent approved for State Bank of India')).toBeInTheDocument();
    expect(
      within(section('Approved (1)')).getByRole('article', { name: 'State Bank of India' }),
    ).toBeInTheDocument();
    expect(within(section('Pending (1)')).queryByText('State Bank of India')).toBeNull();
    const post = calls.find((c) => c.method === 'POST' && c.path.startsWith(BASE));
    expect(post?.path).toBe(`${BASE}/consent-user-001-bank/approve`);
    expect(post?.headers.authorization).toBe('Bearer test-session-token');
    // The local copy follows the server.
    expect(stored('consentRequests').find((r) => r.id === 'consent-user-001-bank')).toMatchObject({
      status: 'approved',
    });
    // Keyboard focus stays on the page.
    expect(screen.getByRole('heading', { level: 2, name: 'Pending (1)' })).toHaveFocus();
  });

  it("rejects Bharti Airtel's request into Rejected", async () => {
    let requests = [request('bank'), request('telecom')];
    const { user, calls } = await openConsent({
      [`GET ${BASE}`]: () => listAnswer(requests),
      [`POST ${BASE}/consent-user-001-telecom/reject`]: () => {
        requests = [request('bank'), decided(request('telecom'), 'rejected')];
        return decisionAnswer(request('telecom'), 'rejected');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Reject Bharti Airtel' }));
    expect(
      await within(await screen.findByRole('region', { name: 'Rejected (1)' })).findByRole(
        'article',
        { name: 'Bharti Airtel' },
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === `${BASE}/consent-user-001-telecom/reject`)).toBe(true);
  });

  it("a 409 says the request was decided elsewhere, in the holder's words, and reloads the list without overwriting it", async () => {
    let refused = false;
    const { user } = await openConsent({
      // Rejected on another device in the meantime; the answer changes once that is found out.
      [`GET ${BASE}`]: () =>
        listAnswer([refused ? decided(request('bank'), 'rejected') : request('bank')]),
      [`POST ${BASE}/consent-user-001-bank/approve`]: () => {
        refused = true;
        return problem(
          'consent_already_decided',
          409,
          'This consent request was already rejected. Decisions are final.',
        );
      },
    });
    await user.click(screen.getByRole('button', { name: 'Approve State Bank of India' }));
    expect(
      await screen.findByText(
        'This consent request has already been decided. Decisions are final.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('This consent request was already rejected. Decisions are final.'),
    ).toBeNull();
    expect(
      await within(await screen.findByRole('region', { name: 'Rejected (1)' })).findByRole(
        'article',
        { name: 'State Bank of India' },
      ),
    ).toBeInTheDocument();
    expect(section('Approved (0)')).toBeInTheDocument();
    expect(screen.queryByText('Failed to approve consent')).toBeNull();
  });

  it("says 'Failed to approve consent' / 'Failed to reject consent' when the server refuses", async () => {
    const { user } = await openConsent({
      [`GET ${BASE}`]: list(request('bank')),
      [`POST ${BASE}/consent-user-001-bank/approve`]: () => json({ detail: 'boom' }, 500),
      [`POST ${BASE}/consent-user-001-bank/reject`]: () => json({ detail: 'boom' }, 500),
    });
    await user.click(screen.getByRole('button', { name: 'Approve State Bank of India' }));
    expect(await screen.findByText('Failed to approve consent')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject State Bank of India' }));
    expect(await screen.findByText('Failed to reject consent')).toBeInTheDocument();
    expect(
      within(section('Pending (1)')).getByRole('article', { name: 'State Bank of India' }),
    ).toBeInTheDocument();
  });

  it('shows a spinner while loading, then on failure the toast and the three sample requests', async () => {
    signIn();
    mockFetch({});
    renderApp('/consent');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load consent requests')).toBeInTheDocument();
    const pending = await screen.findByRole('region', { name: 'Pending (3)' });
    for (const name of ['State Bank of India', 'Bharti Airtel', 'LIC of India']) {
      expect(within(pending).getByRole('article', { name })).toBeInTheDocument();
    }
    expect(
      screen.getByText('Your consent requests could not be loaded, so sample requests are shown.'),
    ).toBeInTheDocument();
  });

  it('offline: an approval is kept on this device, shown at once as Not yet synced', async () => {
    const { user } = await openConsent({});
    await user.click(screen.getByRole('button', { name: 'Approve State Bank of India' }));
    const approved = await screen.findByRole('region', { name: 'Approved (1)' });
    const bank = within(approved).getByRole('article', { name: 'State Bank of India' });
    expect(within(bank).getByText('Not yet synced')).toBeInTheDocument();
    expect(screen.getByText('Approved on this device; not yet synced')).toBeInTheDocument();

    // The sample requests are now this device's: the two undecided ones are kept beside it.
    const requests = stored('consentRequests');
    expect(requests.map((r) => [r.id, r.status])).toEqual([
      ['consent-user-001-bank', 'approved'],
      ['consent-user-001-telecom', 'pending'],
      ['consent-user-001-insurer', 'pending'],
    ]);
    expect(requests[0]).toMatchObject({
      id: 'consent-user-001-bank',
      userId: 'user-001',
      status: 'approved',
      status_updated_by: 'user-001',
      pending_sync: true,
    });
    expect(Date.now() - Date.parse(String(requests[0]?.status_updated_at))).toBeLessThan(60_000);
    expect(stored('activityLogs')).toEqual([
      expect.objectContaining({
        userId: 'user-001',
        type: 'consent_approved',
        description: 'Approved consent request from State Bank of India for Open savings account',
        pending_sync: true,
      }),
    ]);

    // Still there, with the other two, when the screen loads again (still offline).
    act(() => toast.remove());
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to load consent requests')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Approved (1)' })).getByText('Not yet synced'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pending (2)' })).toBeInTheDocument();
  });

  it('offline: the approval is queued and sent once the API answers (focus); the server copy replaces it', async () => {
    const { user } = await openConsent({});
    await user.click(screen.getByRole('button', { name: 'Approve State Bank of India' }));
    await screen.findByRole('region', { name: 'Approved (1)' });
    const [queued] = JSON.parse(window.localStorage.getItem('outbox') ?? '{}').entries;
    expect(queued).toMatchObject({
      kind: 'consent_decision',
      method: 'POST',
      path: `${BASE}/consent-user-001-bank/approve`,
      local: { requestId: 'consent-user-001-bank', decision: 'approve' },
    });
    expect(screen.getByText('1 change waiting to sync')).toBeVisible();

    // The API answers again; the window regains focus.
    let bank = request('bank');
    const { calls } = mockFetch({
      [`GET ${BASE}`]: () => listAnswer([bank, request('telecom'), request('insurer')]),
      [`POST ${BASE}/consent-user-001-bank/approve`]: () => {
        bank = decided(bank, 'approved');
        return decisionAnswer(request('bank'), 'approved');
      },
    });
    act(() => toast.remove());
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('Synced 1 change')).toBeInTheDocument();
    expect(await screen.findByText('All changes synced')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST' && c.path.startsWith(BASE));
    expect(posts.map((c) => [c.path, c.headers['idempotency-key']])).toEqual([
      [`${BASE}/consent-user-001-bank/approve`, queued.id],
    ]);
    // Sent with the time the holder decided, which the server keeps.
    expect(posts[0]?.body).toEqual({ notice_language: 'en', decided_at: queued.body.decided_at });
    expect(Date.parse(queued.body.decided_at)).toBe(Date.parse(queued.createdAt));
    const approved = await screen.findByRole('region', { name: 'Approved (1)' });
    await vi.waitFor(() => expect(within(approved).queryByText('Not yet synced')).toBeNull());
    expect(stored('consentRequests')[0]).not.toHaveProperty('pending_sync');
    // The server's entry replaced the one kept on this device.
    expect(stored('activityLogs')).toEqual([expect.objectContaining({ id: 'log-1' })]);
    expect(JSON.parse(window.localStorage.getItem('outbox') ?? '{}').entries).toEqual([]);
  });

  it('a request decided the other way on another device: a conflict notice, the server decision stands', async () => {
    const { user } = await openConsent({});
    await user.click(screen.getByRole('button', { name: 'Approve State Bank of India' }));
    await screen.findByRole('region', { name: 'Approved (1)' });

    const rejectedElsewhere = decided(request('bank'), 'rejected');
    mockFetch({
      [`GET ${BASE}`]: list(rejectedElsewhere, request('telecom'), request('insurer')),
      [`POST ${BASE}/consent-user-001-bank/approve`]: () =>
        problem(
          'consent_already_decided',
          409,
          'This consent request was already rejected. Decisions are final.',
        ),
    });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const text = await screen.findByText(
      'You approved the request from State Bank of India (Open savings account) on this device, but it had already been rejected on another device. Decisions are final, so the rejection stands.',
    );
    const notice = text.closest<HTMLElement>('[role="alert"]');
    if (!notice) throw new Error('the conflict notice is not an alert');
    // The server's own English words only under "Technical details", closed until asked for.
    const technical = within(notice).getByText(
      'This consent request was already rejected. Decisions are final.',
    );
    expect(technical).not.toBeVisible();
    await user.click(within(notice).getByText('Technical details'));
    expect(technical).toBeVisible();
    expect(
      await screen
        .findByRole('region', { name: 'Rejected (1)' })
        .then((region) => within(region).getByRole('article', { name: 'State Bank of India' })),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Approved (0)' })).toBeInTheDocument();
    expect(stored('activityLogs')).toEqual([]);

    await user.click(within(notice).getByRole('button', { name: 'Dismiss this notice' }));
    expect(screen.queryByRole('heading', { name: 'Could not sync' })).toBeNull();
  });

  it("keeps an unsynced decision over the server's still-pending copy", async () => {
    window.localStorage.setItem(
      'consentRequests',
      JSON.stringify([{ ...decided(request('bank'), 'approved'), pending_sync: true }]),
    );
    await openConsent({ [`GET ${BASE}`]: list(request('bank'), request('insurer')) });
    const bank = within(section('Approved (1)')).getByRole('article', {
      name: 'State Bank of India',
    });
    expect(within(bank).getByText('Not yet synced')).toBeInTheDocument();
    expect(section('Pending (1)')).toBeInTheDocument();
  });

  it("offline: shows requests stored under another user id as the holder's (SPEC 6)", async () => {
    window.localStorage.setItem(
      'consentRequests',
      JSON.stringify([request('insurer', { id: 'consent-user-009-insurer', userId: 'user-009' })]),
    );
    await openConsent({});
    expect(
      within(section('Pending (1)')).getByRole('article', { name: 'LIC of India' }),
    ).toBeInTheDocument();
    expect(stored('consentRequests')[0]).toMatchObject({ userId: 'user-001' });
  });

  it('Reset Requests calls the reset endpoint and shows the restored list', async () => {
    let requests = [decided(request('bank'), 'approved')];
    const { user, calls } = await openConsent({
      [`GET ${BASE}`]: () => listAnswer(requests),
      [`POST ${BASE}/reset`]: () => {
        requests = [request('bank'), request('telecom'), request('insurer')];
        return json({
          message: 'Consent requests reset',
          consent_requests: requests,
          count: 3,
          user_id: 'user-001',
        });
      },
    });
    expect(section('Pending (0)')).toHaveTextContent('No pending requests.');
    await openDeveloperTools(user);
    await user.click(screen.getByRole('button', { name: 'Reset Requests' }));
    expect(await screen.findByText('Consent requests reset')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Pending (3)' })).toBeInTheDocument();
    expect(section('Approved (0)')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${BASE}/reset`)).toBe(true);
  });

  it('Reset Requests offline restores the three sample pending requests locally', async () => {
    const { user } = await openConsent({});
    await user.click(screen.getByRole('button', { name: 'Reject LIC of India' }));
    expect(await screen.findByRole('region', { name: 'Rejected (1)' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('outbox') ?? '{}').entries).toHaveLength(1);
    await openDeveloperTools(user);
    await user.click(screen.getByRole('button', { name: 'Reset Requests' }));
    expect(await screen.findByText('Sample requests restored on this device')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Pending (3)' })).toBeInTheDocument();
    expect(stored('consentRequests').map((r) => r.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    // The reset undoes the queued rejection: it must not reach the server later.
    expect(JSON.parse(window.localStorage.getItem('outbox') ?? '{}').entries).toEqual([]);
    expect(stored('activityLogs')).toEqual([]);
  });

  it('Debug Logs toggles a panel with the source, user id, counts and the raw list', async () => {
    const { user } = await openConsent({ [`GET ${BASE}`]: list(request('bank')) });
    // Collapsed in the Developer tools panel until opened (issue 19).
    expect(screen.queryByRole('button', { name: 'Debug Logs' })).toBeNull();
    await openDeveloperTools(user);
    const toggle = screen.getByRole('button', { name: 'Debug Logs' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const panel = screen.getByRole('region', { name: 'Debug Information' });
    expect(within(panel).getByText('Data source').nextSibling).toHaveTextContent('API');
    expect(within(panel).getByText('User ID').nextSibling).toHaveTextContent('user-001');
    expect(within(panel).getByText('Requests shown').nextSibling).toHaveTextContent('1');
    const raw = within(panel).getByRole('region', { name: 'Raw consent requests' });
    expect(raw).toHaveTextContent('"consent-user-001-bank"');
    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'Debug Information' })).toBeNull();
  });
});

/** An approved consent as the server answers it (issue 17): validity and uses. */
function given(
  kind: 'bank' | 'telecom' | 'insurer',
  overrides: Partial<ConsentRequest> = {},
): ConsentRequest {
  return {
    ...decided(request(kind), 'approved'),
    validity_days: 180,
    valid_until: '2099-08-29T09:30:00.000Z',
    withdrawn_at: null,
    withdrawn_by: null,
    uses: 3,
    last_used_at: '2025-03-12T10:00:00.000Z',
    ...overrides,
  };
}

describe('/consent: withdraw, expire and uses (issue 17)', () => {
  it('shows an approved consent’s validity and uses, and withdraws it with one action and a confirmation', async () => {
    let bank = given('bank');
    const { user, calls } = await openConsent({
      [`GET ${BASE}`]: () => listAnswer([bank]),
      [`POST ${BASE}/consent-user-001-bank/withdraw`]: () => {
        const answer = withdrawalAnswer(bank);
        bank = { ...bank, status: 'withdrawn', withdrawn_at: '2025-03-14T11:00:00.000Z' };
        return answer;
      },
    });
    const card = within(section('Approved (1)')).getByRole('article', {
      name: 'State Bank of India',
    });
    expect(within(card).getByText('29/08/2099')).toBeInTheDocument();
    expect(within(card).getByText('Used 3 times, last on 12/03/2025')).toBeInTheDocument();

    await user.click(
      within(card).getByRole('button', { name: 'Withdraw consent from State Bank of India' }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Withdraw consent from State Bank of India?',
    });
    expect(dialog).toHaveTextContent(
      'stop using and erase what you shared for “Open savings account”',
    );
    // Nothing is sent before the confirmation.
    expect(calls.some((c) => c.path.endsWith('/withdraw'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw consent' }));

    expect(
      await screen.findByText('Consent withdrawn from State Bank of India'),
    ).toBeInTheDocument();
    const ended = await screen.findByRole('region', { name: 'Withdrawn or expired (1)' });
    const withdrawn = within(ended).getByRole('article', { name: 'State Bank of India' });
    expect(within(withdrawn).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(withdrawn).queryByRole('button')).toBeNull();
    expect(screen.getByRole('region', { name: 'Approved (0)' })).toBeInTheDocument();
    const post = calls.find((c) => c.path.endsWith('/withdraw'));
    expect(post?.method).toBe('POST');
    expect(post?.path).toBe(`${BASE}/consent-user-001-bank/withdraw`);
  });

  it('Keep consent closes the confirmation and sends nothing', async () => {
    const { user, calls } = await openConsent({ [`GET ${BASE}`]: list(given('bank')) });
    await user.click(
      screen.getByRole('button', { name: 'Withdraw consent from State Bank of India' }),
    );
    await user.click(screen.getByRole('button', { name: 'Keep consent' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/withdraw'))).toBe(false);
    expect(screen.getByRole('region', { name: 'Approved (1)' })).toBeInTheDocument();
  });

  it.each([
    [
      'delivered',
      { status: 'delivered', attempts: 1, delivered_at: '2025-03-14T11:01:00.000Z' },
      'State Bank of India was notified of the withdrawal on 14/03/2025.',
    ],
    [
      'retrying',
      { status: 'pending', attempts: 2 },
      'State Bank of India could not be reached yet (2 tries). Pehchaan keeps trying.',
    ],
    [
      'failed',
      { status: 'failed', attempts: 6 },
      'State Bank of India could not be notified of the withdrawal after 6 tries. Your withdrawal still stands.',
    ],
  ])(
    'a withdrawn consent says the verifier erased its copy and how the notice went (%s)',
    async (_name, notice, text) => {
      const bank = given('bank', {
        status: 'withdrawn',
        withdrawn_at: '2025-03-14T11:00:00.000Z',
        withdrawn_by: 'user-001',
        verifier_erased_at: '2025-03-14T11:00:00.000Z',
        withdrawal_notice: {
          last_attempt_at: null,
          next_attempt_at: null,
          delivered_at: null,
          ...(notice as { status: 'pending' | 'delivered' | 'failed'; attempts: number }),
        },
      });
      await openConsent({ [`GET ${BASE}`]: list(bank) });
      const card = within(section('Withdrawn or expired (1)')).getByRole('article', {
        name: 'State Bank of India',
      });
      expect(
        within(card).getByText('State Bank of India erased what you shared on 14/03/2025.'),
      ).toBeInTheDocument();
      expect(within(card).getByText(text)).toBeInTheDocument();
      // SPEC 4: the decision stays on the card.
      expect(within(card).getByText('Approved on:')).toBeInTheDocument();
    },
  );

  it('an expired consent says when it ended and that renewal is a new request', async () => {
    await openConsent({
      [`GET ${BASE}`]: list(
        given('telecom', { status: 'expired', valid_until: '2025-03-10T09:30:00.000Z' }),
      ),
    });
    const card = within(section('Withdrawn or expired (1)')).getByRole('article', {
      name: 'Bharti Airtel',
    });
    expect(within(card).getByText('Expired')).toBeInTheDocument();
    expect(within(card).getByText('10/03/2025')).toBeInTheDocument();
    expect(
      within(card).getByText(
        'To share with Bharti Airtel again, they must send you a new request.',
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('warns in the last week of an approved consent', async () => {
    const soon = new Date(Date.now() + 3 * 24 * 3_600_000 - 60_000).toISOString();
    await openConsent({ [`GET ${BASE}`]: list(given('insurer', { valid_until: soon })) });
    expect(
      within(section('Approved (1)')).getByText(
        'Ends in 3 days. To keep sharing, ask for a new request.',
      ),
    ).toBeInTheDocument();
  });

  it('a withdrawal refused because it already ended says so in the holder’s words and reloads', async () => {
    let bank = given('bank');
    const { user } = await openConsent({
      [`GET ${BASE}`]: () => listAnswer([bank]),
      [`POST ${BASE}/consent-user-001-bank/withdraw`]: () => {
        bank = { ...bank, status: 'withdrawn', withdrawn_at: '2025-03-14T10:00:00.000Z' };
        return problem('consent_already_withdrawn', 409, 'You already withdrew this consent.');
      },
    });
    await user.click(
      screen.getByRole('button', { name: 'Withdraw consent from State Bank of India' }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw consent' }),
    );
    expect(await screen.findByText('This consent has already been withdrawn.')).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Withdrawn or expired (1)' }),
    ).toBeInTheDocument();
  });

  it('offline: the withdrawal is kept on this device, queued like a decision, and synced once the API answers', async () => {
    window.localStorage.setItem('consentRequests', JSON.stringify([given('bank')]));
    const { user } = await openConsent({});
    await user.click(
      screen.getByRole('button', { name: 'Withdraw consent from State Bank of India' }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw consent' }),
    );
    expect(await screen.findByText('Withdrawn on this device; not yet synced')).toBeInTheDocument();
    const ended = await screen.findByRole('region', { name: 'Withdrawn or expired (1)' });
    expect(within(ended).getByText('Not yet synced')).toBeInTheDocument();
    const [queued] = JSON.parse(window.localStorage.getItem('outbox') ?? '{}').entries;
    expect(queued).toMatchObject({
      kind: 'consent_withdrawal',
      method: 'POST',
      path: `${BASE}/consent-user-001-bank/withdraw`,
      local: { requestId: 'consent-user-001-bank' },
    });
    expect(Date.parse(queued.body.withdrawn_at)).toBe(Date.parse(queued.createdAt));
    expect(stored('activityLogs')).toEqual([
      expect.objectContaining({
        type: 'consent_withdrawn',
        description: 'Withdrew consent from State Bank of India for Open savings account',
        pending_sync: true,
      }),
    ]);

    // Back online: the server still has it approved until the queued withdrawal arrives.
    let bank = given('bank');
    const { calls } = mockFetch({
      [`GET ${BASE}`]: () => listAnswer([bank]),
      [`POST ${BASE}/consent-user-001-bank/withdraw`]: () => {
        const answer = withdrawalAnswer(bank);
        bank = { ...bank, status: 'withdrawn', withdrawn_at: queued.body.withdrawn_at };
        return answer;
      },
    });
    act(() => toast.remove());
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Synced 1 change')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST' && c.path.startsWith(BASE));
    expect(posts.map((c) => [c.path, c.headers['idempotency-key'], c.body])).toEqual([
      [
        `${BASE}/consent-user-001-bank/withdraw`,
        queued.id,
        { withdrawn_at: queued.body.withdrawn_at },
      ],
    ]);
    const synced = await screen.findByRole('region', { name: 'Withdrawn or expired (1)' });
    await vi.waitFor(() => expect(within(synced).queryByText('Not yet synced')).toBeNull());
    expect(stored('activityLogs')).toEqual([expect.objectContaining({ id: 'log-w' })]);
  });
});

describe("/consent in the holder's language: organisations from the registry", () => {
  it('names the bank and the insurer by their Hindi names on cards, buttons, the bell and toasts; no English names', async () => {
    const { i18n, setLanguage } = await import('@/lib/i18n');
    await setLanguage('hi');
    const consent = i18n.getFixedT('hi', 'consent');
    const notifications = i18n.getFixedT('hi', 'notifications');
    const common = i18n.getFixedT('hi', 'common');
    const sbi = 'भारतीय स्टेट बैंक';
    const lic = 'भारतीय जीवन बीमा निगम';
    let bank = request('bank');
    signIn();
    const { user } = {
      ...mockFetch({
        [`GET ${BASE}`]: () => listAnswer([bank, given('insurer')]),
        [`POST ${BASE}/consent-user-001-bank/reject`]: () => {
          bank = decided(request('bank'), 'rejected');
          return decisionAnswer(request('bank'), 'rejected');
        },
      }),
      ...renderApp('/consent'),
    };
    const card = await screen.findByRole('article', { name: sbi });
    expect(within(card).getByText(common('consentPurposes.open_savings_account'))).toBeVisible();
    const insurer = screen.getByRole('article', { name: lic });
    expect(
      within(insurer).getByRole('button', {
        name: consent('standing.withdrawLabel', { requester: lic }),
      }),
    ).toBeInTheDocument();

    // The bell: the pending request by its organisation and purpose in Hindi.
    await user.click(
      await screen.findByRole('button', { name: notifications('bell.openWithCount', { n: '1' }) }),
    );
    const panel = screen.getByRole('region', { name: notifications('title') });
    const item = within(panel).getByRole('link', { name: new RegExp(sbi) });
    expect(item).toHaveTextContent(common('consentPurposes.open_savings_account'));
    expect(panel).not.toHaveTextContent(/State Bank|Open savings/);
    await user.click(within(panel).getByRole('link', { name: new RegExp(sbi) }));

    await user.click(
      within(card).getByRole('button', { name: consent('card.rejectLabel', { requester: sbi }) }),
    );
    expect(
      await screen.findByText(consent('toast.rejected', { requester: sbi })),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/State Bank of India|LIC of India/);
  });
});
