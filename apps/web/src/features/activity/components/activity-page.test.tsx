import { type ActivityLog, DEFAULT_SETTINGS } from '@pehchaan/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FORMAT_PREFERENCES as DEFAULTS, formatDateTime } from '@/lib/format';
import { i18n, setLanguage } from '@/lib/i18n';
import { REFRESH_INTERVAL_MS as ACTIVITY_REFRESH_MS } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { activity } from '@/testing/fixtures';
import { type Handler, json, mockFetch } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const LOGS_PATH = 'GET /user/user-001/activity-logs';

function entry(
  id: string,
  type: ActivityLog['type'],
  hoursAgo: number,
  description: string,
): ActivityLog {
  return { ...activity(id, type, hoursAgo), description };
}

const LOGS = [
  entry('l1', 'login', 0.5, 'Logged in with demo credentials'),
  entry(
    'l2',
    'consent_approved',
    5,
    'Approved consent request from State Bank of India for Open savings account',
  ),
  entry('l3', 'credential_shared', 30, 'Shared PAN Card'),
  entry('l4', 'test_manual', 24 * 10, 'Test log entry added manually'),
];

/** Answers the log GET with `logs` (or what `logs()` gives at the time of the request). */
function answer(logs: readonly ActivityLog[] | (() => readonly ActivityLog[])): Handler {
  return () => {
    const current = typeof logs === 'function' ? logs() : logs;
    return json({ activity_logs: current, count: current.length, user_id: 'user-001' });
  };
}

/** Signs in, answers the log GET with `handler` and opens /logs. */
async function openLogs(handler: Handler = answer(LOGS), heading = 'Activity Logs') {
  signIn();
  const fetch = mockFetch({ [LOGS_PATH]: handler });
  const view = renderApp('/logs');
  await screen.findByRole('heading', { level: 1, name: heading });
  return { ...view, ...fetch };
}

function list(): HTMLElement {
  return screen.getByRole('list', { name: i18n.t('activity:listLabel') });
}

function countText(): HTMLElement {
  return screen.getByText(/^\d+ of \d+ activities$/);
}

describe('/logs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the entries newest first with exact descriptions, type labels and the count', async () => {
    await openLogs();
    expect(await screen.findByText('4 of 4 activities')).toBeInTheDocument();
    expect(countText()).toHaveAttribute('role', 'status');
    const items = within(list()).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(
      LOGS.map((l) => l.description),
    );
    expect(within(items[1] as HTMLElement).getByText('Consent approved')).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByText('Credential shared')).toBeInTheDocument();
    expect(screen.queryByText('Not yet synced')).toBeNull();
  });

  it("shows SPEC 9's relative times, then date and time in the holder's formats", async () => {
    await openLogs();
    const items = within(
      await screen.findByRole('list', { name: 'Activity entries' }),
    ).getAllByRole('listitem');
    const times = items.map((item) => item.querySelector('time'));
    const at = (log: ActivityLog | undefined) => formatDateTime(log?.timestamp ?? '', DEFAULTS);
    expect(times.map((time) => time?.textContent)).toEqual([
      `Just now · ${at(LOGS[0])}`,
      `5 hours ago · ${at(LOGS[1])}`,
      `Yesterday · ${at(LOGS[2])}`,
      at(LOGS[3]),
    ]);
    // SPEC 9 defaults: DD/MM/YYYY, 12-hour, India.
    expect(times[3]?.textContent).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}\s?[ap]m$/i);
    expect(times[1]).toHaveAttribute('dateTime', LOGS[1]?.timestamp);
  });

  it('follows the date and time formats chosen in Settings', async () => {
    signIn();
    mockFetch({
      [LOGS_PATH]: answer(LOGS),
      'GET /user/user-001/settings': () =>
        json({
          settings: { ...DEFAULT_SETTINGS, dateFormat: 'YYYY-MM-DD', timeFormat: '24h' },
          user_id: 'user-001',
          updated_at: null,
        }),
    });
    renderApp('/logs');
    const list = await screen.findByRole('list', { name: 'Activity entries' });
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[3]?.querySelector('time')?.textContent).toMatch(
        /^\d{4}-\d{2}-\d{2}, \d{2}:\d{2}$/,
      ),
    );
  });

  it('narrows the list by search text and by type, updating N of M activities', async () => {
    const { user } = await openLogs();
    await screen.findByText('4 of 4 activities');
    const search = screen.getByRole('searchbox', { name: 'Search activities' });
    const type = screen.getByRole('combobox', { name: 'Filter by type' });

    await user.type(search, 'STATE BANK');
    expect(screen.getByText('1 of 4 activities')).toBeInTheDocument();
    expect(within(list()).getByText(LOGS[1]?.description ?? '')).toBeInTheDocument();

    // The type label counts too: 'Credential shared' is not in any description.
    await user.clear(search);
    await user.type(search, 'credential shared');
    expect(screen.getByText('1 of 4 activities')).toBeInTheDocument();
    expect(within(list()).getByText('Shared PAN Card')).toBeInTheDocument();

    await user.clear(search);
    const options = within(type).getAllByRole('option');
    // 'All' and the types: SPEC 3's twelve, credential_viewed, issue 17's five, the nine of
    // the settings that act (issue 19: new device sign-ins, security alerts, password, passkeys,
    // deletion, backups), a share link's later states (withdrawn, expired, used up), the
    // grievances and erasure requests (sent, resolved), an identity number revealed
    // (DECISIONS 9.6), the recovery codes (made, used) and a credential offer received and its
    // credential received from an issuer (DECISIONS 9.1), an offline QR code (DECISIONS 8) and
    // a credential's status changed at its issuer (SPEC 8 status lists).
    expect(options).toHaveLength(42);
    expect(options[0]).toHaveTextContent('All types');
    await user.selectOptions(type, 'Login');
    expect(screen.getByText('1 of 4 activities')).toBeInTheDocument();
    expect(within(list()).getByText('Logged in with demo credentials')).toBeInTheDocument();

    await user.type(search, 'bank');
    expect(screen.getByText('0 of 4 activities')).toBeInTheDocument();
    expect(screen.getByText('No activities match your search')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(screen.getByText('4 of 4 activities')).toBeInTheDocument();
    expect(search).toHaveValue('');
    expect(type).toHaveValue('all');
  });

  it('says No activity yet when the holder has no entries', async () => {
    await openLogs(answer([]));
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.getByText('0 of 0 activities')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Activity entries' })).toBeNull();
  });

  it('shows demo entries, marked as such, when loading fails with nothing stored', async () => {
    await openLogs(() => json({ detail: 'boom' }, 500));
    expect(
      await screen.findByText('Failed to load activity logs, showing demo data'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Demo data:/)).toBeInTheDocument();
    expect(within(list()).getByText('Logged in with demo credentials')).toBeInTheDocument();
    expect(
      within(list()).getByText(
        'Approved consent request from State Bank of India for Open savings account',
      ),
    ).toBeInTheDocument();
    expect(within(list()).getByText('Generated Aadhaar Card credential')).toBeInTheDocument();
    expect(within(list()).getAllByText('Demo')).toHaveLength(5);
    expect(screen.getByText('5 of 5 activities')).toBeInTheDocument();
  });

  it('shows the entries stored on this device when the API is unreachable', async () => {
    window.localStorage.setItem(
      'activityLogs',
      JSON.stringify([
        {
          ...entry('p1', 'consent_rejected', 0.1, 'Rejected consent request offline'),
          pending_sync: true,
        },
        { ...LOGS[0], userId: 'user-002', description: 'Another holder' },
      ]),
    );
    signIn();
    mockFetch({});
    renderApp('/logs');
    expect(await screen.findByText('Failed to load activity logs')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load activity logs, showing demo data')).toBeNull();
    expect(screen.getByText(/^The server could not be reached/)).toBeInTheDocument();
    expect(within(list()).getByText('Rejected consent request offline')).toBeInTheDocument();
    expect(within(list()).getByText('Not yet synced')).toBeInTheDocument();
    expect(screen.queryByText('Another holder')).toBeNull();
    expect(screen.getByText('1 of 1 activities')).toBeInTheDocument();
  });

  it('keeps unsynced local entries next to the server answer', async () => {
    const offline = {
      ...entry('p1', 'consent_approved', 0.1, 'Approved consent request offline'),
      pending_sync: true,
    };
    window.localStorage.setItem('activityLogs', JSON.stringify([offline]));
    await openLogs();
    expect(await screen.findByText('5 of 5 activities')).toBeInTheDocument();
    const first = within(list()).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByText('Approved consent request offline')).toBeInTheDocument();
    expect(within(first).getByText('Not yet synced')).toBeInTheDocument();
    // Still stored, so it is not lost before the server has it.
    const stored = JSON.parse(window.localStorage.getItem('activityLogs') ?? '[]') as ActivityLog[];
    expect(stored.map((l) => l.id).sort()).toEqual(['l1', 'l2', 'l3', 'l4', 'p1']);
  });

  it('reloads every 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let logs = LOGS.slice(1);
    await openLogs(answer(() => logs));
    await screen.findByText('3 of 3 activities');
    logs = LOGS;
    act(() => {
      vi.advanceTimersByTime(ACTIVITY_REFRESH_MS - 1);
    });
    await act(async () => {});
    expect(screen.getByText('3 of 3 activities')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(await screen.findByText('4 of 4 activities')).toBeInTheDocument();
    expect(within(list()).getByText('Logged in with demo credentials')).toBeInTheDocument();
  });

  it('says Failed to load activity logs once when reloads fail while entries are shown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let fail = false;
    const ok = answer(LOGS);
    const { calls } = await openLogs((request) =>
      fail ? json({ detail: 'boom' }, 503) : ok(request),
    );
    await screen.findByText('4 of 4 activities');
    const gets = () => calls.filter((c) => c.path === '/user/user-001/activity-logs').length;
    fail = true;
    act(() => {
      vi.advanceTimersByTime(ACTIVITY_REFRESH_MS);
    });
    expect(await screen.findByText('Failed to load activity logs')).toBeInTheDocument();
    const pollsBefore = gets();
    // The holder's entries stay (from this device's copy), no demo data.
    expect(screen.getByText('4 of 4 activities')).toBeInTheDocument();
    expect(screen.queryByText(/^Demo data:/)).toBeNull();
    // The next failing poll does not say it again.
    const errors = vi.spyOn(toast, 'error');
    act(() => {
      vi.advanceTimersByTime(ACTIVITY_REFRESH_MS);
    });
    await waitFor(() => expect(gets()).toBeGreaterThan(pollsBefore));
    // Let the failed answers arrive (only setInterval is faked).
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(errors).not.toHaveBeenCalledWith('Failed to load activity logs', expect.anything());
  });

  it('reloads on Refresh', async () => {
    let logs = LOGS.slice(2);
    const { user } = await openLogs(answer(() => logs));
    await screen.findByText('2 of 2 activities');
    logs = LOGS;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Activity logs refreshed')).toBeInTheDocument();
    expect(screen.getByText('4 of 4 activities')).toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    await i18n.changeLanguage('hi');
    await openLogs(answer(LOGS), 'गतिविधि लॉग');
    expect(await screen.findByText('4 में से 4 गतिविधियाँ')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'गतिविधियाँ खोजें' })).toBeInTheDocument();
    expect(within(list()).getByText(/^कल · /)).toBeInTheDocument();
    expect(within(list()).getByText(/^5 घंटे पहले · /)).toBeInTheDocument();
    // Descriptions are shown as stored.
    expect(within(list()).getByText('Shared PAN Card')).toBeInTheDocument();
  });

  it("words the security settings' entries in the holder's language (issue 19)", async () => {
    await i18n.changeLanguage('hi');
    const coded = (
      id: string,
      type: ActivityLog['type'],
      description: string,
      message: Pick<ActivityLog, 'message_code' | 'message_params'>,
    ): ActivityLog => ({ ...entry(id, type, 1, description), ...message });
    const logs = [
      coded('s1', 'login', 'Logged in with OTP, a passkey and the account password', {
        message_code: 'login_otp_second_factor',
        message_params: { factors: 'passkey,password' },
      }),
      coded('s2', 'passkey_added', 'Passkey added: Pixel 8', {
        message_code: 'passkey_added',
        message_params: { name: 'Pixel 8' },
      }),
      // Stored before the device's codes: its English name is read back.
      coded('s3', 'new_device_login', 'New sign-in on Chrome on Linux', {
        message_code: 'new_device_login',
        message_params: { device: 'Chrome on Linux' },
      }),
      coded('s4', 'new_device_login', 'New sign-in on a browser on an unknown system', {
        message_code: 'new_device_login',
        message_params: { device: 'a browser on an unknown system', browser: 'other', os: 'other' },
      }),
      coded('s5', 'new_device_login', 'New sign-in on Safari on iOS', {
        message_code: 'new_device_login',
        message_params: { device: 'Safari on iOS', browser: 'safari', os: 'ios' },
      }),
    ];
    await openLogs(answer(logs), 'गतिविधि लॉग');
    expect(await screen.findByText('5 में से 5 गतिविधियाँ')).toBeInTheDocument();
    expect(
      within(list()).getByText('ओटीपी के बाद पासकी और खाते के पासवर्ड से लॉग इन किया'),
    ).toBeInTheDocument();
    expect(within(list()).getByText('पासकी जोड़ी गई: Pixel 8')).toBeInTheDocument();
    expect(within(list()).getByText('Linux पर Chrome से नया साइन-इन')).toBeInTheDocument();
    expect(
      within(list()).getByText('किसी अज्ञात सिस्टम पर किसी ब्राउज़र से नया साइन-इन'),
    ).toBeInTheDocument();
    expect(within(list()).getByText('iPhone या iPad पर Safari से नया साइन-इन')).toBeInTheDocument();
    expect(within(list()).queryByText(/unknown system|a browser/)).not.toBeInTheDocument();
    expect(within(list()).queryByText(/Passkey added/)).not.toBeInTheDocument();
  });

  it('says a new-device sign-in as one sentence in each language’s own word order (Tamil, Bengali, Urdu)', async () => {
    const signIn = (id: string, browser: string, os: string, device: string): ActivityLog => ({
      ...entry(id, 'new_device_login', 1, `New sign-in on ${device}`),
      message_code: 'new_device_login',
      message_params: { device, browser, os },
    });
    const logs = [
      signIn('d1', 'chrome', 'linux', 'Chrome on Linux'),
      signIn('d2', 'other', 'other', 'a browser on an unknown system'),
      signIn('d3', 'firefox', 'other', 'Firefox on an unknown system'),
    ];
    const expected = {
      ta: [
        'Linux-இல் உள்ள Chrome வழியாகப் புதிய உள்நுழைவு',
        'அறியப்படாத கணினியில் உள்ள ஓர் உலாவி வழியாகப் புதிய உள்நுழைவு',
        'அறியப்படாத கணினியில் உள்ள Firefox வழியாகப் புதிய உள்நுழைவு',
      ],
      bn: [
        'Linux-এর Chrome থেকে নতুন সাইন-ইন',
        'অজানা সিস্টেমের একটি ব্রাউজার থেকে নতুন সাইন-ইন',
        'অজানা সিস্টেমের Firefox থেকে নতুন সাইন-ইন',
      ],
      ur: [
        'Linux پر چلنے والے Chrome سے نیا سائن اِن',
        'کسی نامعلوم سسٹم پر چلنے والے کسی براؤزر سے نیا سائن اِن',
        'کسی نامعلوم سسٹم پر چلنے والے Firefox سے نیا سائن اِن',
      ],
    } as const;
    for (const language of ['ta', 'bn', 'ur'] as const) {
      const texts = expected[language];
      await setLanguage(language);
      const view = await openLogs(answer(logs), i18n.getFixedT(language, 'activity')('title'));
      const entries = await screen.findByRole('list', { name: i18n.t('activity:listLabel') });
      // Urdu's Latin runs carry directional isolates (lib/bidi.ts isolateLatinRuns): compared
      // without them, and asserted to be there.
      const withoutIsolates = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
      for (const text of texts) {
        const entry = await within(entries).findByText(
          (_, element) =>
            element?.tagName !== 'LI' &&
            element?.children.length === 0 &&
            withoutIsolates(element.textContent ?? '') === text,
        );
        expect(entry).toBeInTheDocument();
        if (language === 'ur' && /[A-Za-z]/.test(text)) {
          expect(entry.textContent).toMatch(/\u2066[A-Za-z]/);
        }
      }
      // One postposition per noun: never the device phrase inside another (Tamil 'இல் ... இல்').
      expect(within(entries).queryByText(/இல் \S+[- ]இல்|New sign-in|unknown system/)).toBeNull();
      view.unmount();
    }
  });

  it('words share links and rights requests, marks only what the holder wrote, and filters by the new types', async () => {
    const coded = (
      id: string,
      type: ActivityLog['type'],
      hoursAgo: number,
      written_by: ActivityLog['written_by'],
      message: Pick<ActivityLog, 'message_code' | 'message_params'>,
    ): ActivityLog => ({ ...entry(id, type, hoursAgo, `English ${id}`), ...message, written_by });
    const logs = [
      coded('r1', 'grievance_resolved', 1, 'server', {
        message_code: 'grievance_resolved',
        message_params: { requester: 'State Bank of India', purpose: 'Open savings account' },
      }),
      coded('w1', 'share_withdrawn', 2, 'server', {
        message_code: 'share_withdrawn',
        message_params: { document_type: 'pan' },
      }),
      coded('c1', 'credential_shared', 3, 'server', {
        message_code: 'share_created',
        message_params: {
          document_type: 'pan',
          claims: 'name,date_of_birth',
          until: '2025-06-08T10:00:00.000Z',
        },
      }),
      coded('t1', 'test_manual', 4, 'holder', { message_code: 'test_manual', message_params: {} }),
    ];
    const { user } = await openLogs(answer(logs));
    expect(await screen.findByText('4 of 4 activities')).toBeInTheDocument();
    const items = within(list()).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'State Bank of India resolved your grievance about Open savings account',
      'Withdrew a share link to your PAN Card',
      `Made a share link to your PAN Card showing Name, Date of Birth, valid until ${formatDateTime('2025-06-08T10:00:00.000Z', DEFAULTS)}`,
      'Test log entry added manually',
    ]);
    // Only the holder's own entry says so; the server's carry no mark.
    expect(within(list()).getAllByText('Added by you')).toHaveLength(1);
    expect(within(items[3] as HTMLElement).getByText('Added by you')).toHaveAttribute(
      'title',
      expect.stringContaining('the server did not see this happen itself'),
    );

    const type = screen.getByRole('combobox', { name: 'Filter by type' });
    await user.selectOptions(type, 'Share link withdrawn');
    expect(screen.getByText('1 of 4 activities')).toBeInTheDocument();
    await user.selectOptions(type, 'Grievance resolved');
    expect(within(list()).getByText(/resolved your grievance/)).toBeInTheDocument();
  });
});
