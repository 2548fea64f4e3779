import {
  DEFAULT_SETTINGS,
  type HolderExport,
  LANGUAGE_REGISTRY,
  type NotificationChannels,
  type UserSettings,
  withReachableChannels,
} from '@pehchaan/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, LANGUAGES } from '@/lib/i18n';
import { credential } from '@/testing/fixtures';
import { type Handler, json, mockFetch, problem, type RecordedRequest } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const BASE = '/user/user-001';

const { startRegistration } = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startRegistration }));

/** A server with an e-mail and an SMS sender, and a holder with both addresses. */
const CAN_SEND: NotificationChannels = {
  email: { can_send: true, reason: null },
  sms: { can_send: true, reason: null },
};

/**
 * The settings API: GET answers `initial` and `channels`, PUT stores and echoes the body (with
 * the switches of channels that cannot send off, as the server does).
 */
function settingsApi(
  initial: UserSettings = DEFAULT_SETTINGS,
  channels: NotificationChannels = CAN_SEND,
): Record<string, Handler> {
  let stored = initial;
  let updatedAt: string | null = null;
  return {
    [`GET ${BASE}/settings`]: () =>
      json({
        settings: withReachableChannels(stored, channels),
        user_id: 'user-001',
        updated_at: updatedAt,
        notification_channels: channels,
      }),
    [`PUT ${BASE}/settings`]: (request) => {
      stored = withReachableChannels(request.body as UserSettings, channels);
      updatedAt = '2025-06-01T10:00:00.000Z';
      return json({
        message: 'Settings saved',
        settings: stored,
        user_id: 'user-001',
        updated_at: updatedAt,
        notification_channels: channels,
      });
    },
    [`GET ${BASE}/passkeys`]: () => json({ passkeys: [] }),
    [`GET ${BASE}/password`]: () => json({ password_set: false, updated_at: null }),
    [`GET ${BASE}/backups`]: () => json({ key_set: false, backups: [], next_due_at: null }),
  };
}

async function openSettings(handlers: Record<string, Handler> = settingsApi()) {
  signIn();
  const fetch = mockFetch(handlers);
  const view = renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  await screen.findByRole('region', { name: 'Account' });
  return { ...view, ...fetch };
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

function lastPut(calls: RecordedRequest[]): UserSettings | undefined {
  return calls.filter((c) => c.method === 'PUT' && c.path === `${BASE}/settings`).at(-1)?.body as
    | UserSettings
    | undefined;
}

/** The text of a Blob (jsdom's Blob has no text()). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('/settings (SPEC 2 Settings)', () => {
  it('shows the eight sections with every field and the SPEC 9 defaults', {
    timeout: 15_000,
  }, async () => {
    await openSettings();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Account',
      'Security',
      'Privacy',
      'Notifications',
      'Preferences',
      'Data and Storage',
      'Integrations',
      'Advanced',
    ]);
    const security = section('Security');
    expect(within(security).getByRole('combobox', { name: 'Session timeout' })).toHaveDisplayValue(
      '30 minutes',
    );
    expect(
      within(security).getByRole('switch', { name: 'Two-factor authentication' }),
    ).not.toBeChecked();
    // Privacy: Data sharing (on by default) and why there is nothing else.
    expect(within(section('Privacy')).getByRole('switch', { name: 'Data sharing' })).toBeChecked();
    expect(section('Privacy')).toHaveTextContent('Pehchaan shows your profile to no one');
    expect(within(section('Privacy')).queryByRole('combobox')).toBeNull();
    const preferences = section('Preferences');
    expect(within(preferences).getByRole('combobox', { name: 'Theme' })).toHaveDisplayValue(
      'System',
    );
    const language = within(preferences).getByRole('combobox', { name: 'Language' });
    expect(language).toHaveDisplayValue('English');
    // Every offered language by its own name, its English name beside it (core's registry).
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(
      LANGUAGES.map((code) => {
        const entry = LANGUAGE_REGISTRY.find((e) => e.code === code);
        return code === 'en' ? 'English' : `${entry?.endonym} (${entry?.english})`;
      }),
    );
    const timezone = within(preferences).getByRole('combobox', { name: 'Time zone' });
    expect(timezone).toHaveDisplayValue('India (Asia/Kolkata)');
    expect(
      within(timezone)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['Asia/Kolkata', 'America/New_York', 'Europe/London', 'Asia/Tokyo']);
    expect(within(preferences).getByRole('combobox', { name: 'Date format' })).toHaveDisplayValue(
      'DD/MM/YYYY',
    );
    expect(within(preferences).getByRole('combobox', { name: 'Time format' })).toHaveDisplayValue(
      '12-hour',
    );
    expect(within(preferences).getByRole('combobox', { name: 'Currency' })).toHaveDisplayValue(
      'Indian rupee (₹)',
    );
    const data = section('Data and Storage');
    expect(within(data).getByRole('combobox', { name: 'Backup frequency' })).toHaveDisplayValue(
      'Weekly',
    );
    expect(within(data).getByRole('combobox', { name: 'Data retention' })).toHaveDisplayValue(
      '2 years',
    );
    expect(within(data).getByRole('combobox', { name: 'Export format' })).toHaveDisplayValue(
      'JSON',
    );
    expect(
      within(section('Advanced')).getByRole('combobox', { name: 'Performance mode' }),
    ).toHaveDisplayValue('Balanced');
    expect(within(section('Integrations')).getAllByText('Not connected')).toHaveLength(4);
    // Security 4, privacy 1, notifications 6, data 1, advanced 3.
    expect(screen.getAllByRole('switch')).toHaveLength(15);
  });

  it('saves a change at once, to the server and this browser', async () => {
    const { user, calls } = await openSettings();
    const alerts = screen.getByRole('switch', { name: 'Login notifications' });
    await user.click(alerts);
    expect(alerts).not.toBeChecked();
    expect(await screen.findByText('All changes saved to your account')).toBeInTheDocument();
    expect(lastPut(calls)).toEqual({ ...DEFAULT_SETTINGS, loginNotifications: false });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Session timeout' }), '60');
    await waitFor(() => expect(lastPut(calls)?.sessionTimeout).toBe(60));
    const stored = JSON.parse(window.localStorage.getItem('settings') ?? '{}')['user-001'];
    expect(stored).toMatchObject({
      settings: { loginNotifications: false, sessionTimeout: 60 },
      pending_sync: false,
    });
  });

  it('applies the theme across the app at once', async () => {
    const { user, calls } = await openSettings();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    await waitFor(() => expect(lastPut(calls)?.theme).toBe('dark'));
  });

  it('switches the app to Hindi at once, and to Spanish, whose texts load on demand', async () => {
    const { user, calls } = await openSettings();
    const preferences = () => section('Preferences');
    await user.selectOptions(
      within(preferences()).getByRole('combobox', { name: 'Language' }),
      'hi',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'सेटिंग्स' })).toBeVisible();
    expect(window.localStorage.getItem('language')).toBe('hi');
    await waitFor(() => expect(lastPut(calls)?.language).toBe('hi'));

    await user.selectOptions(
      within(screen.getByRole('region', { name: 'पसंद' })).getByRole('combobox', {
        name: 'भाषा',
      }),
      'es',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajustes' })).toBeVisible();
    expect(i18n.language).toBe('es');
    expect(window.localStorage.getItem('language')).toBe('es');
    const language = within(screen.getByRole('region', { name: 'Preferencias' })).getByRole(
      'combobox',
      { name: 'Idioma' },
    );
    expect(language).toHaveDisplayValue('Español');
    await waitFor(() => expect(lastPut(calls)?.language).toBe('es'));
    await i18n.changeLanguage('en');
  });

  it('offers Digits only in a language with digits of its own, and saves the choice', async () => {
    const { user, calls } = await openSettings();
    const preferences = () => section('Preferences');
    expect(within(preferences()).queryByRole('combobox', { name: 'Digits' })).toBeNull();
    await user.selectOptions(
      within(preferences()).getByRole('combobox', { name: 'Language' }),
      'mr',
    );
    const digits = await within(await screen.findByRole('region', { name: 'प्राधान्ये' })).findByRole(
      'combobox',
      { name: 'अंक' },
    );
    expect(digits).toHaveDisplayValue('लॅटिन अंक (0-9)');
    await user.selectOptions(digits, 'native');
    expect(digits).toHaveDisplayValue('मराठी अंक (०-९)');
    await waitFor(() => expect(lastPut(calls)).toMatchObject({ language: 'mr', digits: 'native' }));
    await i18n.changeLanguage('en');
  });

  it('checks the SPEC 5 rules with their messages, then sets the account password', {
    timeout: 20_000,
  }, async () => {
    let passwordSet = false;
    const { user, calls } = await openSettings({
      ...settingsApi(),
      [`GET ${BASE}/password`]: () => json({ password_set: passwordSet, updated_at: null }),
      [`PUT ${BASE}/password`]: (request) => {
        const body = request.body as { current_password?: string };
        if (passwordSet && body.current_password !== 'long-enough') {
          return problem('password_incorrect', 403, 'Current password is incorrect');
        }
        passwordSet = true;
        return json({ password_set: true, updated_at: '2025-06-01T10:00:00.000Z' });
      },
    });
    const form = screen.getByRole('form', { name: 'Change Password' });
    expect(form).toHaveTextContent('asked for after the OTP at every sign-in');
    // No password yet: no current-password field.
    expect(within(form).queryByLabelText('Current password')).toBeNull();
    const submit = within(form).getByRole('button', { name: 'Update Password' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(within(form).getByRole('alert')).toHaveTextContent('Please fill in all password fields');

    await user.type(within(form).getByLabelText('New password'), 'abcdefgh');
    await user.type(within(form).getByLabelText('Confirm new password'), 'abcdefgx');
    await user.click(submit);
    expect(within(form).getByRole('alert')).toHaveTextContent('New passwords do not match');
    expect(within(form).getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'short');
    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'short');
    await user.click(submit);
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long',
    );
    expect(calls.some((c) => c.method === 'PUT' && c.path === `${BASE}/password`)).toBe(false);

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'long-enough');
    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'long-enough');
    await user.click(submit);
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Password set. It will be asked for after the OTP when you sign in.',
    );
    expect(calls.find((c) => c.method === 'PUT' && c.path === `${BASE}/password`)?.body).toEqual({
      new_password: 'long-enough',
      confirm_password: 'long-enough',
    });

    // Now set: changing it needs the current one, and a wrong one is said so.
    const current = await within(form).findByLabelText('Current password');
    await user.click(submit);
    expect(within(form).getByRole('alert')).toHaveTextContent('Please fill in all password fields');
    await user.type(current, 'not-it-at-all');
    await user.type(within(form).getByLabelText('New password'), 'another-one');
    await user.type(within(form).getByLabelText('Confirm new password'), 'another-one');
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Current password is incorrect',
    );
  });

  it('turns two-factor authentication on only with a passkey, made if there is none', async () => {
    startRegistration.mockResolvedValueOnce({ id: 'cred-1' } as never);
    const { user, calls } = await openSettings({
      ...settingsApi(),
      [`POST ${BASE}/passkeys/options`]: () =>
        json({ options: { challenge: 'c' }, expires_at: '2025-06-01T10:05:00.000Z' }),
      [`POST ${BASE}/passkeys`]: () =>
        json(
          {
            id: 'cred-1',
            name: 'Chrome on Linux',
            attachment: 'cross-platform',
            device_type: 'singleDevice',
            created_at: '2025-06-01T10:00:00.000Z',
            last_used_at: null,
          },
          201,
        ),
    });
    const twoFactor = screen.getByRole('switch', { name: 'Two-factor authentication' });
    await user.click(twoFactor);
    await waitFor(() => expect(lastPut(calls)?.twoFactorEnabled).toBe(true));
    expect(startRegistration).toHaveBeenCalledTimes(1);
    expect(
      calls.find((c) => c.method === 'POST' && c.path === `${BASE}/passkeys/options`)?.body,
    ).toEqual({ attachment: 'any' });
    expect(calls.find((c) => c.method === 'POST' && c.path === `${BASE}/passkeys`)?.body).toEqual({
      response: { id: 'cred-1' },
    });

    // Cancelled at the browser's prompt: nothing is saved and the holder is told.
    startRegistration.mockRejectedValueOnce(new Error('NotAllowedError'));
    const before = calls.length;
    await user.click(screen.getByRole('switch', { name: 'Biometric unlock' }));
    expect(
      await screen.findByText(
        "This device's fingerprint or face unlock could not be set up, so Biometric unlock stays off here.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Biometric unlock' })).not.toBeChecked();
    expect(calls.slice(before).some((c) => c.method === 'PUT')).toBe(false);
  });

  it('connects an integration after a 2-second connecting message; disconnect asks first', async () => {
    const { user, calls } = await openSettings();
    const integrations = section('Integrations');
    await user.click(within(integrations).getByRole('button', { name: 'Connect DigiLocker' }));
    expect(within(integrations).getByText('Connecting to DigiLocker...')).toBeVisible();
    expect(
      await screen.findByText('Connected to DigiLocker', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(within(integrations).getAllByText('Connected')).toHaveLength(1);
    await waitFor(() => expect(lastPut(calls)?.digilockerConnected).toBe(true));

    await user.click(within(integrations).getByRole('button', { name: 'Disconnect DigiLocker' }));
    const dialog = screen.getByRole('dialog', { name: 'Disconnect DigiLocker?' });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(within(integrations).getAllByText('Connected')).toHaveLength(1);
    await user.click(within(integrations).getByRole('button', { name: 'Disconnect DigiLocker' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Disconnect DigiLocker?' })).getByRole('button', {
        name: 'Disconnect',
      }),
    );
    expect(await screen.findByText('Disconnected from DigiLocker')).toBeInTheDocument();
    expect(within(integrations).getAllByText('Not connected')).toHaveLength(4);
    await waitFor(() => expect(lastPut(calls)?.digilockerConnected).toBe(false));
  });

  it('asks before logging out, then signs out to /', async () => {
    const { user, calls, router } = await openSettings({
      ...settingsApi(),
      'POST /api/auth/logout': () => json({ message: 'Logged out successfully' }),
    });
    const logout = screen.getByRole('button', { name: 'Log Out' });
    await user.click(logout);
    const dialog = screen.getByRole('dialog', { name: 'Log out?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(logout).toHaveFocus();
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(false);

    await user.click(logout);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Log out?' })).getByRole('button', {
        name: 'Log Out',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(true);
    expect(window.localStorage.getItem('sessionToken')).toBeNull();
  });

  it('asks twice before account deletion, then says when it happens and what is kept', async () => {
    const { user, calls, router } = await openSettings({
      ...settingsApi(),
      [`POST ${BASE}/deletion`]: () =>
        json({
          message: 'Your account will be erased in 7 days. Sign in before then to cancel.',
          requested_at: '2025-06-01T10:00:00.000Z',
          erase_at: '2025-06-08T10:00:00.000Z',
          retained: ['security_log', 'consent_record'],
          retained_days: 365,
        }),
      'POST /api/auth/logout': () => problem('unauthenticated', 401, 'Invalid or expired session.'),
    });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const first = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(first).toHaveTextContent('erased in 7 days');
    await user.click(within(first).getByRole('button', { name: 'Continue' }));
    const second = screen.getByRole('dialog', { name: 'Are you absolutely sure?' });
    expect(second).toHaveTextContent('security log and consent records are kept for 365 days');
    expect(calls.some((c) => c.path === `${BASE}/deletion`)).toBe(false);
    await user.click(within(second).getByRole('button', { name: 'Delete Permanently' }));

    const done = await screen.findByRole('dialog', { name: 'Account deletion scheduled' });
    expect(done).toHaveTextContent('Your account will be erased on 08/06/2025');
    expect(done).toHaveTextContent('Sign in before then to cancel the deletion.');
    expect(done).toHaveTextContent(
      'Kept after the erasure, as the law requires: your security log and consent records, for 365 days',
    );
    expect(calls.filter((c) => c.method === 'POST' && c.path === `${BASE}/deletion`)).toHaveLength(
      1,
    );
    await user.click(within(done).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('sessionToken')).toBeNull();
  });

  it("exports the holder's data as a JSON file", async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const data: HolderExport = {
      format: 'pehchaan-holder-export',
      version: 3,
      exported_at: '2025-06-01T10:00:00.000Z',
      source: 'api',
      user_id: 'user-001',
      profile: null,
      settings: DEFAULT_SETTINGS,
      credentials: [credential('c1')],
      verifiable_credentials: [],
      credential_sd_jwts: [],
      received_credentials: [],
      consent_requests: [],
      activity_logs: [],
    };
    const { user } = await openSettings({
      ...settingsApi(),
      [`GET ${BASE}/export`]: () => json(data),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Export Data' }));
    expect(await screen.findByText('Your data was exported')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      'pehchaan-export-user-001-2025-06-01.json',
    );
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await readBlob(blob))).toMatchObject({ credentials: [{ id: 'c1' }] });
    click.mockRestore();
  });

  it("toasts 'Failed to export data' when the export fails", async () => {
    const { user } = await openSettings({
      ...settingsApi(),
      [`GET ${BASE}/export`]: () => json({ detail: 'Internal Server Error' }, 500),
    });
    await user.click(screen.getByRole('button', { name: 'Export Data' }));
    expect(await screen.findByText('Failed to export data')).toBeInTheDocument();
  });

  it('exports what this browser holds when offline', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    window.localStorage.setItem('credentials', JSON.stringify([credential('local-cred')]));
    const { user } = await openSettings(settingsApi());
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Export Data' }));
    expect(
      await screen.findByText("You're offline: exported the data stored on this device"),
    ).toBeInTheDocument();
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(JSON.parse(await readBlob(blob))).toMatchObject({
      source: 'localStorage',
      user_id: 'user-001',
      credentials: [{ id: 'local-cred' }],
    });
    click.mockRestore();
  });

  it('keeps changes made offline on this device and the outbox sends them on the next visit', async () => {
    const { user, unmount } = await openSettings({});
    expect(
      screen.getByText('Your settings could not be loaded: showing the defaults.'),
    ).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Marketing emails' }));
    expect(
      await screen.findByText('Saved on this device. Not yet synced to your account.'),
    ).toBeVisible();
    expect(JSON.parse(window.localStorage.getItem('settings') ?? '{}')['user-001']).toMatchObject({
      settings: { marketingEmails: true },
      pending_sync: true,
    });
    const [queued] = JSON.parse(window.localStorage.getItem('outbox') ?? '{}').entries;
    expect(queued).toMatchObject({
      kind: 'settings_update',
      method: 'PUT',
      path: `${BASE}/settings`,
      body: { marketingEmails: true },
      baseUpdatedAt: null,
    });
    unmount();

    const { calls } = await openSettings(settingsApi());
    expect(await screen.findByText('Synced 1 change')).toBeInTheDocument();
    const put = calls.filter((c) => c.method === 'PUT' && c.path === `${BASE}/settings`);
    expect(put).toHaveLength(1);
    expect(put[0]?.headers['idempotency-key']).toBe(queued.id);
    expect(lastPut(calls)?.marketingEmails).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Marketing emails' })).toBeChecked(),
    );
    expect(JSON.parse(window.localStorage.getItem('settings') ?? '{}')['user-001']).toMatchObject({
      pending_sync: false,
      updated_at: '2025-06-01T10:00:00.000Z',
    });
  });

  it('does not overwrite settings changed on another device after an offline change: conflict', async () => {
    // Seen from the server at 10:00, then changed offline on this device.
    window.localStorage.setItem(
      'settings',
      JSON.stringify({
        'user-001': {
          settings: { ...DEFAULT_SETTINGS, marketingEmails: true },
          pending_sync: true,
          updated_at: '2025-06-01T10:00:00.000Z',
        },
      }),
    );
    window.localStorage.setItem(
      'outbox',
      JSON.stringify({
        entries: [
          {
            id: 'key-settings-1',
            userId: 'user-001',
            kind: 'settings_update',
            method: 'PUT',
            path: `${BASE}/settings`,
            body: { ...DEFAULT_SETTINGS, marketingEmails: true },
            createdAt: '2025-06-01T10:05:00.000Z',
            baseUpdatedAt: '2025-06-01T10:00:00.000Z',
          },
        ],
        conflicts: [],
      }),
    );
    // Meanwhile another device saved other settings at 11:00.
    const elsewhere = { ...DEFAULT_SETTINGS, smsNotifications: false };
    const { calls, user } = await openSettings({
      [`GET ${BASE}/settings`]: () =>
        json({
          settings: elsewhere,
          user_id: 'user-001',
          updated_at: '2025-06-01T11:00:00.000Z',
          notification_channels: CAN_SEND,
        }),
    });
    const text = await screen.findByText(
      'Your settings changes from this device were not applied: your settings were changed on another device after them. The saved settings are shown.',
    );
    const notice = text.closest<HTMLElement>('[role="alert"]');
    if (!notice) throw new Error('the conflict notice is not an alert');
    expect(within(notice).getByRole('link', { name: 'View settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Marketing emails' })).not.toBeChecked(),
    );
    expect(screen.getByRole('switch', { name: 'SMS notifications' })).not.toBeChecked();
    expect(JSON.parse(window.localStorage.getItem('outbox') ?? '{}').entries).toEqual([]);

    await user.click(within(notice).getByRole('button', { name: 'Dismiss this notice' }));
    expect(screen.queryByText(/were not applied/)).toBeNull();
  });

  describe('Notifications: e-mail and SMS only where the product can send', () => {
    const NO_SENDER: NotificationChannels = {
      email: { can_send: false, reason: 'no_sender' },
      sms: { can_send: false, reason: 'no_sender' },
    };

    it('shows both off and disabled, saying why, on a server with no sender', async () => {
      const { user, calls } = await openSettings(settingsApi(DEFAULT_SETTINGS, NO_SENDER));
      const notifications = section('Notifications');
      const email = within(notifications).getByRole('switch', { name: 'Email notifications' });
      const sms = within(notifications).getByRole('switch', { name: 'SMS notifications' });
      for (const control of [email, sms]) {
        expect(control).not.toBeChecked();
        expect(control).toHaveAttribute('aria-disabled', 'true');
      }
      expect(email).toHaveAccessibleDescription(
        expect.stringContaining('No e-mail sender is configured on this server.'),
      );
      expect(sms).toHaveAccessibleDescription(
        expect.stringContaining('No SMS sender is configured on this server.'),
      );
      // A click changes nothing and saves nothing.
      await user.click(email);
      expect(email).not.toBeChecked();
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);
      // Another change saves them off, never on.
      await user.click(within(notifications).getByRole('switch', { name: 'Marketing emails' }));
      await waitFor(() => expect(lastPut(calls)?.marketingEmails).toBe(true));
      expect(lastPut(calls)).toMatchObject({ emailNotifications: false, smsNotifications: false });
      // The other switches of the section still work.
      expect(within(notifications).getByRole('switch', { name: 'Security alerts' })).toBeChecked();
    });

    it('asks for an e-mail address where that is what is missing, and keeps SMS working', async () => {
      const { user, calls } = await openSettings(
        settingsApi(DEFAULT_SETTINGS, {
          email: { can_send: false, reason: 'no_address' },
          sms: { can_send: true, reason: null },
        }),
      );
      const notifications = section('Notifications');
      const email = within(notifications).getByRole('switch', { name: 'Email notifications' });
      expect(email).not.toBeChecked();
      expect(email).toHaveAttribute('aria-disabled', 'true');
      expect(email).toHaveAccessibleDescription(
        expect.stringContaining('Add an e-mail address on your profile.'),
      );
      expect(within(notifications).getByRole('link', { name: 'Open profile' })).toHaveAttribute(
        'href',
        '/profile',
      );
      const sms = within(notifications).getByRole('switch', { name: 'SMS notifications' });
      expect(sms).toBeChecked();
      expect(sms).not.toHaveAttribute('aria-disabled');
      await user.click(sms);
      expect(sms).not.toBeChecked();
      await waitFor(() =>
        expect(lastPut(calls)).toMatchObject({
          emailNotifications: false,
          smsNotifications: false,
        }),
      );
    });

    it('shows them off while the server has not said whether it can send', async () => {
      await openSettings({
        ...settingsApi(),
        [`GET ${BASE}/settings`]: () =>
          json({ settings: DEFAULT_SETTINGS, user_id: 'user-001', updated_at: null }),
      });
      const email = within(section('Notifications')).getByRole('switch', {
        name: 'Email notifications',
      });
      expect(email).not.toBeChecked();
      expect(email).toHaveAccessibleDescription(
        expect.stringContaining('Not known while the server cannot be reached.'),
      );
    });
  });
});
