import { DEFAULT_SETTINGS, MESSAGES } from '@pehchaan/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { REFRESH_INTERVAL_MS as DASHBOARD_POLL_MS } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { activity, consent, credential, share } from '@/testing/fixtures';
import { type Handler, json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const credentialsOk: Handler = () =>
  json({ credentials: [credential('c1'), credential('c2')], count: 2, user_id: 'user-001' });
const consentsOk: Handler = () =>
  json({
    consent_requests: [
      consent('r1', 'pending'),
      consent('r2', 'pending'),
      consent('r3', 'approved'),
    ],
    count: 3,
    user_id: 'user-001',
  });
const logsOk: Handler = () =>
  json({
    activity_logs: [
      activity('l1', 'credential_shared', 3),
      activity('l2', 'credential_shared', 30),
      activity('l3', 'login', 50),
    ],
    count: 3,
    user_id: 'user-001',
  });
const healthOk: Handler = () =>
  json({
    status: 'healthy',
    storage_backend: { type: 'pglite', connected: true },
    mongodb_enabled: false,
    version: '0.1.0',
  });
// The holder's own counts only (issue 19): GET /storage/status counts the caller's records.
const storageOk: Handler = () =>
  json({
    type: 'pglite',
    connected: true,
    database: 'embedded',
    stats: { collections: { credentials: 4, sessions: 2 } },
  });

const ALL_OK = {
  'GET /user/user-001/credentials': credentialsOk,
  'GET /user/user-001/consent-requests': consentsOk,
  'GET /user/user-001/activity-logs': logsOk,
  'GET /health': healthOk,
  'GET /storage/status': storageOk,
};

function stat(label: string): HTMLElement {
  const summary = screen.getByRole('list', { name: 'Summary' });
  const card = within(summary).getByText(label).closest('a');
  if (!card) throw new Error(`no stat card ${label}`);
  return card;
}

async function openDashboard(handlers: Record<string, Handler>) {
  signIn();
  const fetch = mockFetch(handlers);
  const view = renderApp('/dashboard');
  // Greeted by name: the profile's (here the sample profile of user-001), never 'Demo User'.
  await screen.findByRole('heading', { level: 1, name: 'Welcome back, Rajesh Kumar Sharma' });
  return { ...view, ...fetch };
}

/** Opens the page's Developer tools panel (collapsed while Debug mode is off). */
async function openDeveloperTools(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Developer tools' }));
}

describe('/dashboard greeting (issue 19)', () => {
  it('greets the holder by their display name, in the header menu too', async () => {
    signIn();
    mockFetch({
      ...ALL_OK,
      'GET /user/user-001/profile': () =>
        json({
          profile: {
            user_id: 'user-001',
            display_name: 'Raju',
            email: 'rajesh@example.in',
            username: null,
            bio: null,
            name: 'Rajesh Kumar Sharma',
            phone: '9876543210',
            dob: '1988-03-15',
            gender: 'Male',
            address: 'New Delhi',
            identity_sources: { name: null, phone: null, dob: null, gender: null, address: null },
            is_verified: false,
            member_since: '2025-01-01T00:00:00.000Z',
            updated_at: null,
            identity_documents: {
              aadhaar_number: 'XXXX XXXX 0125',
              pan_number: 'ABXXXXXX4K',
              voter_id: 'DLHXXXXX67',
              driving_license: 'DL-0XXXXXXXXX345',
              passport_number: 'KXXXXX67',
              ckyc_number: 'XXXXXXXXXX8901',
            },
          },
          user_id: 'user-001',
        }),
    });
    const { user } = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Raju' }),
    ).toBeVisible();
    expect(screen.queryByText(/Demo User/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    const menu = screen.getByRole('navigation', { name: 'User menu' });
    expect(within(menu).getByText('Raju')).toBeVisible();
  });
});

describe('/dashboard data source (SPEC 4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says Connected to API when all three lists come from the API', async () => {
    await openDashboard(ALL_OK);
    expect(await screen.findByText('Connected to API')).toBeInTheDocument();
    expect(within(stat('Active Credentials')).getByText('2')).toBeInTheDocument();
    expect(within(stat('Pending Consents')).getByText('2')).toBeInTheDocument();
    // No share list answered here: counted from the log's two credential_shared entries.
    expect(within(stat('Total Shares')).getByText('2')).toBeInTheDocument();
    expect(within(stat('Last Activity')).getByText('3 hours ago')).toBeInTheDocument();
    expect(stat('Active Credentials')).toHaveAttribute('href', '/credentials');
    expect(stat('Pending Consents')).toHaveAttribute('href', '/consent');
    expect(stat('Total Shares')).toHaveAttribute('href', '/logs');
    expect(screen.queryByText(MESSAGES.offlineBanner)).toBeNull();
  });

  it('says Offline Mode, shows the banner and uses browser storage when every call fails', async () => {
    localStorage.setItem(
      'credentials',
      JSON.stringify([credential('local-1'), credential('other', { userId: 'user-009' })]),
    );
    localStorage.setItem('activityLogs', JSON.stringify([activity('a', 'login', 0.2)]));
    await openDashboard({});
    expect(await screen.findByText('Offline Mode')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.offlineBanner)).toBeInTheDocument();
    expect(within(stat('Active Credentials')).getByText('1')).toBeInTheDocument();
    expect(within(stat('Pending Consents')).getByText('0')).toBeInTheDocument();
    expect(within(stat('Last Activity')).getByText('Just now')).toBeInTheDocument();
  });

  it('Total Shares counts the share links made (3), not the credential_shared log entries (2)', async () => {
    const shares = [
      share('share-a'),
      share('share-b', { status: 'withdrawn', withdrawn_at: '2025-06-02T10:00:00.000Z' }),
      share('share-c', { status: 'expired' }),
    ];
    await openDashboard({
      ...ALL_OK,
      'GET /user/user-001/shares': () => json({ shares, count: 3, user_id: 'user-001' }),
    });
    expect(await screen.findByText('Connected to API')).toBeInTheDocument();
    await waitFor(() => expect(within(stat('Total Shares')).getByText('3')).toBeInTheDocument());
  });

  it('keeps the share count it had when the browser goes offline', async () => {
    let up = true;
    const shares = [share('share-a'), share('share-b'), share('share-c')];
    const { user } = await openDashboard({
      ...ALL_OK,
      'GET /user/user-001/shares': () => {
        if (!up) throw new TypeError('Failed to fetch');
        return json({ shares, count: 3, user_id: 'user-001' });
      },
    });
    await waitFor(() => expect(within(stat('Total Shares')).getByText('3')).toBeInTheDocument());
    up = false;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('Dashboard refreshed');
    // Not the log's count (2): the list it last had.
    expect(within(stat('Total Shares')).getByText('3')).toBeInTheDocument();
  });

  it("never says Connected to API while the browser is offline, even with the API's lists cached", async () => {
    await openDashboard(ALL_OK);
    expect(await screen.findByText('Connected to API')).toBeInTheDocument();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText('Offline Mode')).toBeInTheDocument();
    expect(screen.queryByText('Connected to API')).toBeNull();
    expect(screen.getAllByText(MESSAGES.offlineBanner)).toHaveLength(1);
    // An expected fallback is not an error: no toast says the lists failed to load.
    expect(screen.queryByText(/^Failed to load/)).toBeNull();
  });

  it("fetches each list once though the header's bell shows the same lists", async () => {
    const { calls } = await openDashboard(ALL_OK);
    expect(await screen.findByText('Connected to API')).toBeInTheDocument();
    for (const path of [
      '/user/user-001/credentials',
      '/user/user-001/consent-requests',
      '/user/user-001/activity-logs',
    ]) {
      expect(calls.filter((c) => c.path === path)).toHaveLength(1);
    }
  });

  it('says Hybrid Mode when some calls fall back', async () => {
    await openDashboard({ 'GET /user/user-001/credentials': credentialsOk });
    expect(await screen.findByText('Hybrid Mode')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.offlineBanner)).toBeNull();
    expect(within(stat('Last Activity')).getByText('No activity')).toBeInTheDocument();
  });

  it('uses the local copy of a list the API answers empty', async () => {
    localStorage.setItem('credentials', JSON.stringify([credential('local-1')]));
    await openDashboard({
      ...ALL_OK,
      'GET /user/user-001/credentials': () =>
        json({ credentials: [], count: 0, user_id: 'user-001' }),
    });
    expect(await screen.findByText('Connected to API')).toBeInTheDocument();
    expect(within(stat('Active Credentials')).getByText('1')).toBeInTheDocument();
  });

  it("toasts 'Failed to load dashboard data' when the API answers an error and no copy is kept", async () => {
    await openDashboard({
      ...ALL_OK,
      'GET /user/user-001/credentials': () =>
        problem('internal_error', 500, 'An unexpected error occurred'),
    });
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to load dashboard data')).toHaveLength(1);
  });

  it('does not toast a failure when the local copy stands in for the refused list', async () => {
    localStorage.setItem('credentials', JSON.stringify([credential('local-1')]));
    await openDashboard({
      ...ALL_OK,
      'GET /user/user-001/credentials': () =>
        problem('internal_error', 500, 'An unexpected error occurred'),
    });
    expect(await screen.findByText('Hybrid Mode')).toBeInTheDocument();
    expect(within(stat('Active Credentials')).getByText('1')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load dashboard data')).toBeNull();
  });

  it('does not toast a failure for the offline fallback, even with nothing stored', async () => {
    await openDashboard({});
    expect(await screen.findByText('Offline Mode')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load dashboard data')).toBeNull();
  });

  it('caches a non-empty API list in browser storage', async () => {
    await openDashboard(ALL_OK);
    await screen.findByText('Connected to API');
    const cached = JSON.parse(localStorage.getItem('credentials') ?? '[]') as { id: string }[];
    expect(cached.map((c) => c.id)).toEqual(['c1', 'c2']);
  });
});

describe('/dashboard actions', () => {
  it('Refresh reloads and toasts Dashboard refreshed', async () => {
    const { user, calls } = await openDashboard(ALL_OK);
    await screen.findByText('Connected to API');
    const before = calls.filter((c) => c.path === '/user/user-001/credentials').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Dashboard refreshed')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/user/user-001/credentials').length).toBe(before + 1);
  });

  it("Refresh says 'Failed to load dashboard data' instead when a list still fails", async () => {
    const { user } = await openDashboard({
      ...ALL_OK,
      'GET /user/user-001/activity-logs': () =>
        problem('internal_error', 500, 'An unexpected error occurred'),
    });
    await screen.findByText('Hybrid Mode');
    act(() => toast.remove());
    await waitFor(() => expect(screen.queryByText('Failed to load dashboard data')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(screen.queryByText('Dashboard refreshed')).toBeNull();
  });

  it('Generate Credential asks for a random type and toasts the message', async () => {
    const { user, calls } = await openDashboard({
      ...ALL_OK,
      'POST /identity/generate-credential': () =>
        json({
          credential_id: 'c3',
          message: 'Credential generated successfully',
          credential: credential('c3'),
        }),
    });
    await screen.findByText('Connected to API');
    const [hero] = screen.getAllByRole('button', { name: 'Generate Credential' });
    if (!hero) throw new Error('no button');
    await user.click(hero);
    // The toast names what was issued (the answer's credential), in the holder's language.
    expect(
      await screen.findByText('Credential generated successfully: PAN Card'),
    ).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/identity/generate-credential');
    expect(call?.query.get('user_id')).toBe('user-001');
    expect(call?.query.has('document_type')).toBe(false);
    expect(call?.headers.authorization).toBe('Bearer test-session-token');
  });

  it("words the generation toast in Tamil from what was issued, not the server's English message", async () => {
    await setLanguage('ta');
    signIn();
    const { user } = {
      ...mockFetch({
        ...ALL_OK,
        'POST /identity/generate-credential': () =>
          json({
            credential_id: 'c3',
            message: 'Credential generated successfully',
            credential: credential('c3'),
          }),
      }),
      ...renderApp('/dashboard'),
    };
    const [hero] = await screen.findAllByRole('button', { name: 'சான்று உருவாக்கு' });
    if (!hero) throw new Error('no button');
    await user.click(hero);
    expect(await screen.findByText('சான்று வெற்றிகரமாக உருவாக்கப்பட்டது: பான் அட்டை')).toBeInTheDocument();
    expect(screen.queryByText(/generated successfully|PAN Card/)).toBeNull();
  });

  it("says SPEC 5's one-per-type refusal in the holder's words, not the server's", async () => {
    const duplicate = 'You already have a PAN Card. Only one document of each type is allowed.';
    const { user } = await openDashboard({
      ...ALL_OK,
      'POST /identity/generate-credential': () => problem('duplicate_document', 409, duplicate),
    });
    await screen.findByText('Connected to API');
    await user.click(
      screen.getAllByRole('button', { name: 'Generate Credential' })[0] as HTMLElement,
    );
    expect(
      await screen.findByText(
        'You already have this document. Only one document of each type is allowed.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(duplicate)).toBeNull();
  });

  it('names the document a duplicate_document problem carries, in Tamil (SPEC 5)', async () => {
    await setLanguage('ta');
    signIn();
    const duplicate = 'You already have a PAN Card. Only one document of each type is allowed.';
    const { user } = {
      ...mockFetch({
        ...ALL_OK,
        'POST /identity/generate-credential': () =>
          problem('duplicate_document', 409, duplicate, { extensions: { document_type: 'pan' } }),
      }),
      ...renderApp('/dashboard'),
    };
    const [hero] = await screen.findAllByRole('button', { name: 'சான்று உருவாக்கு' });
    if (!hero) throw new Error('no button');
    await user.click(hero);
    expect(
      await screen.findByText(
        'உங்களிடம் ஏற்கெனவே பான் அட்டை உள்ளது. ஒவ்வொரு வகையிலும் ஒரு ஆவணம் மட்டுமே அனுமதிக்கப்படும்.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(duplicate)).toBeNull();
  });

  it('says Failed to generate credential without the API', async () => {
    const { user } = await openDashboard({});
    await screen.findByText('Offline Mode');
    await user.click(
      screen.getAllByRole('button', { name: 'Generate Credential' })[0] as HTMLElement,
    );
    expect(await screen.findByText('Failed to generate credential')).toBeInTheDocument();
  });

  it('Quick Actions link to the credential, consent and activity screens', async () => {
    await openDashboard(ALL_OK);
    const quick = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(quick).getByRole('link', { name: 'View Credentials' })).toHaveAttribute(
      'href',
      '/credentials',
    );
    expect(within(quick).getByRole('link', { name: 'Pending Consents' })).toHaveAttribute(
      'href',
      '/consent',
    );
    expect(within(quick).getByRole('link', { name: 'Activity Logs' })).toHaveAttribute(
      'href',
      '/logs',
    );
  });
});

describe('/dashboard backend status and system information', () => {
  it('keeps them in the collapsed Developer tools panel, checking nothing until it is opened', async () => {
    const { user, calls } = await openDashboard(ALL_OK);
    await screen.findByText('Connected to API');
    expect(screen.queryByRole('heading', { name: 'Backend Status' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'System Information' })).toBeNull();
    expect(calls.some((c) => c.path === '/health' || c.path === '/storage/status')).toBe(false);
    await openDeveloperTools(user);
    expect(await screen.findByRole('heading', { name: 'Backend Status' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'System Information' })).toBeVisible();
  });

  it('opens them at once while Settings › Advanced › Debug mode is on', async () => {
    await openDashboard({
      ...ALL_OK,
      'GET /user/user-001/settings': () =>
        json({
          settings: { ...DEFAULT_SETTINGS, debugMode: true },
          user_id: 'user-001',
          updated_at: null,
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Backend Status' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Developer tools' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it("shows health, backend, storage, database and the holder's own record counts", async () => {
    const { user } = await openDashboard(ALL_OK);
    await openDeveloperTools(user);
    const card = (await screen.findByRole('heading', { name: 'Backend Status' })).closest(
      'section',
    );
    if (!card) throw new Error('no card');
    expect(await within(card).findByText('Healthy')).toBeInTheDocument();
    expect(within(card).getByText('pglite (v0.1.0)')).toBeInTheDocument();
    expect(within(card).getByText('embedded')).toBeInTheDocument();
    expect(within(card).getByText('Yes')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Your records' })).toBeInTheDocument();
    expect(within(card).getByText('Credentials').nextSibling).toHaveTextContent('4');
    expect(within(card).getByText('Signed-in sessions').nextSibling).toHaveTextContent('2');
  });

  it('shows Unhealthy with the error text when /health fails', async () => {
    const { user } = await openDashboard({});
    await openDeveloperTools(user);
    const card = (await screen.findByRole('heading', { name: 'Backend Status' })).closest(
      'section',
    );
    if (!card) throw new Error('no card');
    expect(await within(card).findByText('Unhealthy')).toBeInTheDocument();
    expect(within(card).getByText('Network Error')).toBeInTheDocument();
  });

  it('shows the environment, API URL and online status', async () => {
    const { user } = await openDashboard(ALL_OK);
    await openDeveloperTools(user);
    const card = screen.getByRole('heading', { name: 'System Information' }).closest('section');
    if (!card) throw new Error('no card');
    expect(within(card).getByText('test')).toBeInTheDocument();
    expect(within(card).getByText(window.location.origin)).toBeInTheDocument();
    expect(within(card).getByText('Online')).toBeInTheDocument();
  });
});

describe('/dashboard polling (SPEC 9)', () => {
  it('reloads the three lists every 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { calls } = await openDashboard(ALL_OK);
    await screen.findByText('Connected to API');
    const count = () => calls.filter((c) => c.path === '/user/user-001/activity-logs').length;
    const before = count();
    vi.advanceTimersByTime(DASHBOARD_POLL_MS - 1);
    expect(count()).toBe(before);
    vi.advanceTimersByTime(1);
    // The header's notifications poll on the same 30-second beat (SPEC 9), so at least one.
    await waitFor(() => expect(count()).toBeGreaterThan(before));
  });
});
