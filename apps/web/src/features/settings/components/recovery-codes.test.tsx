import { DEFAULT_SETTINGS, type UserSettings } from '@pehchaan/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Handler, json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

/**
 * Settings › Security and the second factor's recovery codes (docs/security.md "Recovery codes"),
 * and Biometric unlock on a device that already holds the holder's passkey: the codes are offered
 * once when Two-factor authentication is turned on (Copy, Download, Print; Done once saved),
 * 'N codes left' with a warning when few are, Make new codes behind a confirmation (a recent
 * sign-in asked for in words); Biometric unlock tries this device's passkey before registering.
 */

const BASE = '/user/user-001';
const CODES = [
  '7KQ4-M2XD',
  'H3PA-9ZWE',
  'C8RT-1VNB',
  'QF6M-X2KS',
  '0JDW-5HYT',
  'P4GN-EA7Z',
  'MB9S-3QKR',
  'W1XC-T8VF',
  'Y5EH-K0DN',
  'R2ZJ-6MGA',
];

const { startRegistration, startAuthentication } = vi.hoisted(() => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => ({ startRegistration, startAuthentication }));

const passkey = (id: string, attachment: 'platform' | 'cross-platform' | null = 'platform') => ({
  id,
  name: 'Chrome on Android',
  attachment,
  device_type: 'multiDevice',
  created_at: '2025-06-01T10:00:00.000Z',
  last_used_at: null,
});

/** The settings, passkeys and recovery codes of a holder; `remaining` codes left at first. */
function api(options: {
  settings?: Partial<UserSettings>;
  passkeys?: ReturnType<typeof passkey>[];
  remaining: number;
  made?: Handler;
}): Record<string, Handler> {
  let stored: UserSettings = { ...DEFAULT_SETTINGS, ...options.settings };
  let remaining = options.remaining;
  const answer = () =>
    json({
      settings: stored,
      user_id: 'user-001',
      updated_at: '2025-06-01T10:00:00.000Z',
    });
  return {
    [`GET ${BASE}/settings`]: answer,
    [`PUT ${BASE}/settings`]: (request) => {
      stored = request.body as UserSettings;
      return answer();
    },
    [`GET ${BASE}/passkeys`]: () => json({ passkeys: options.passkeys ?? [] }),
    [`GET ${BASE}/password`]: () => json({ password_set: false, updated_at: null }),
    [`GET ${BASE}/backups`]: () => json({ key_set: false, backups: [], next_due_at: null }),
    [`GET ${BASE}/recovery-codes`]: () =>
      json({
        remaining,
        created_at: remaining > 0 ? '2025-05-01T09:00:00.000Z' : null,
      }),
    [`POST ${BASE}/recovery-codes`]:
      options.made ??
      (() => {
        remaining = 10;
        return json({ codes: CODES, remaining: 10, created_at: '2025-06-01T10:00:00.000Z' }, 201);
      }),
  };
}

async function openSettings(handlers: Record<string, Handler>) {
  signIn();
  const fetch = mockFetch(handlers);
  const view = renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  await screen.findByRole('region', { name: 'Account' });
  return { ...view, ...fetch };
}

afterEach(() => {
  startRegistration.mockReset();
  startAuthentication.mockReset();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('recovery codes (Settings › Security)', () => {
  it('offers ten codes once two-factor authentication is on: copy, download, done once saved', {
    timeout: 15_000,
  }, async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:codes';
      }),
      revokeObjectURL: vi.fn(),
    });
    const { user, calls } = await openSettings(
      api({ passkeys: [passkey('cred-1', 'cross-platform')], remaining: 0 }),
    );
    // user-event's clipboard stands in for the browser's.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('switch', { name: 'Two-factor authentication' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(dialog).toHaveAccessibleDescription(
      'If you lose your passkey, each code signs you in once. They are shown only now: copy, download or print them and keep them somewhere safe, away from this device.',
    );
    const list = within(dialog).getByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES.map((code, i) => `${String(i + 1).padStart(2, '0')}${code}`));
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === `${BASE}/recovery-codes`),
    ).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(
      CODES.map((code, i) => `${String(i + 1).padStart(2, ' ')}. ${code}`).join('\n'),
    );
    expect(await screen.findByText('Recovery codes copied')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(blobs).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0] as Blob);
    });
    expect(text).toContain('Pehchaan recovery codes');
    for (const code of CODES) expect(text).toContain(code);

    // Done only once the holder says the codes are saved; then they are gone from the screen.
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'I have saved these codes somewhere safe' }),
    );
    await user.click(done);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(CODES[0] as string)).not.toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Recovery codes' });
    expect(within(panel).getByText(/^10 codes left/)).toBeInTheDocument();
  });

  it('keeps a set the holder still has when two-factor authentication is turned on again', async () => {
    const { user, calls } = await openSettings(
      api({ passkeys: [passkey('cred-1')], remaining: 7 }),
    );
    await user.click(screen.getByRole('switch', { name: 'Two-factor authentication' }));
    const panel = await screen.findByRole('region', { name: 'Recovery codes' });
    expect(await within(panel).findByText(/^7 codes left/)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path === `${BASE}/recovery-codes`)).toBe(
        true,
      ),
    );
    expect(calls.some((c) => c.method === 'POST' && c.path === `${BASE}/recovery-codes`)).toBe(
      false,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns when few codes are left; new codes need a recent sign-in, said in words', async () => {
    let recent = false;
    const { user } = await openSettings(
      api({
        settings: { twoFactorEnabled: true },
        passkeys: [passkey('cred-1')],
        remaining: 2,
        made: () =>
          recent
            ? json({ codes: CODES, remaining: 10, created_at: '2025-06-01T10:00:00.000Z' }, 201)
            : problem(
                'recent_sign_in_required',
                403,
                'Sign in again to make new recovery codes: they replace the codes you have now.',
              ),
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Recovery codes' });
    expect(await within(panel).findByText(/^2 codes left/)).toBeInTheDocument();
    expect(
      within(panel).getByText('Only a few codes are left: make new ones before you run out.'),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Make new codes' }));
    const confirm = screen.getByRole('dialog', { name: 'Make new recovery codes?' });
    expect(confirm).toHaveTextContent('Your current codes will stop working at once.');
    await user.click(within(confirm).getByRole('button', { name: 'Make new codes' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'For your safety, new codes need a recent sign-in. Sign in again, then make new codes within 10 minutes.',
    );
    expect(within(panel).getByRole('button', { name: 'Sign in again' })).toBeVisible();

    recent = true;
    await user.click(within(panel).getByRole('button', { name: 'Make new codes' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Make new recovery codes?' })).getByRole('button', {
        name: 'Make new codes',
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Save your recovery codes' })).toBeVisible();
  });

  it('says when none are left and makes a set without asking', async () => {
    const { user, calls } = await openSettings(
      api({ settings: { twoFactorEnabled: true }, passkeys: [passkey('cred-1')], remaining: 0 }),
    );
    const panel = await screen.findByRole('region', { name: 'Recovery codes' });
    expect(
      await within(panel).findByText(
        'You have no recovery codes left. Make a set, so that losing your passkey does not lock you out.',
      ),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Make recovery codes' }));
    expect(await screen.findByRole('dialog', { name: 'Save your recovery codes' })).toBeVisible();
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === `${BASE}/recovery-codes`),
    ).toHaveLength(1);
  });
});

describe('Biometric unlock on a device that holds the two-factor passkey', () => {
  const adopted = json(passkey('cred-phone'));

  it("uses this device's passkey instead of registering another", async () => {
    startAuthentication.mockResolvedValueOnce({ id: 'cred-phone' } as never);
    const { user, calls } = await openSettings({
      ...api({
        settings: { twoFactorEnabled: true },
        passkeys: [passkey('cred-phone')],
        remaining: 9,
      }),
      [`POST ${BASE}/passkeys/unlock/options`]: () =>
        json({
          options: { challenge: 'c', userVerification: 'required' },
          expires_at: '2025-06-01T10:05:00.000Z',
        }),
      [`POST ${BASE}/passkeys/unlock`]: () => adopted.clone(),
    });
    const biometric = screen.getByRole('switch', { name: 'Biometric unlock' });
    await user.click(biometric);
    await waitFor(() => expect(biometric).toBeChecked());
    expect(startAuthentication).toHaveBeenCalledTimes(1);
    expect(startRegistration).not.toHaveBeenCalled();
    expect(
      calls.find((c) => c.method === 'POST' && c.path === `${BASE}/passkeys/unlock`)?.body,
    ).toEqual({
      response: { id: 'cred-phone' },
    });
    // Remembered on this device: the lock screen offers Unlock here.
    expect(JSON.parse(localStorage.getItem('unlockPasskeys') ?? '{}')).toEqual({
      'user-001': 'cred-phone',
    });
  });

  it('registers a platform passkey when this device holds none of them', async () => {
    startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('No passkey'), { name: 'NotAllowedError' }),
    );
    startRegistration.mockResolvedValueOnce({ id: 'cred-laptop' } as never);
    const { user, calls } = await openSettings({
      ...api({
        settings: { twoFactorEnabled: true },
        passkeys: [passkey('cred-key', 'cross-platform')],
        remaining: 9,
      }),
      [`POST ${BASE}/passkeys/unlock/options`]: () =>
        json({ options: { challenge: 'c' }, expires_at: '2025-06-01T10:05:00.000Z' }),
      [`POST ${BASE}/passkeys/options`]: () =>
        json({ options: { challenge: 'r' }, expires_at: '2025-06-01T10:05:00.000Z' }),
      [`POST ${BASE}/passkeys`]: () => json(passkey('cred-laptop'), 201),
    });
    const biometric = screen.getByRole('switch', { name: 'Biometric unlock' });
    await user.click(biometric);
    await waitFor(() => expect(biometric).toBeChecked());
    expect(startRegistration).toHaveBeenCalledTimes(1);
    expect(
      calls.find((c) => c.method === 'POST' && c.path === `${BASE}/passkeys/options`)?.body,
    ).toEqual({ attachment: 'platform' });
    expect(calls.some((c) => c.path === `${BASE}/passkeys/unlock`)).toBe(false);
  });
});
