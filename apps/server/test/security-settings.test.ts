/**
 * Settings › Security acts on the server (issue 19), on every backend: the Session timeout is
 * each session's idle limit; Two-factor authentication asks for a passkey after the OTP; the
 * account password is a second factor kept as a scrypt hash, with SPEC 5's messages; Biometric
 * unlock revives a session that idled out with a platform passkey; Login notifications and
 * Suspicious activity alerts write notices (and SMS through the SMS webhook). Passkeys answer
 * through a software authenticator (test/helpers/soft-authenticator.ts) and are checked by
 * @simplewebauthn/server as in production.
 */
import {
  DEFAULT_SETTINGS,
  DEMO_ACCOUNTS,
  DEMO_OTP,
  MESSAGES,
  type UserSettings,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema';
import { bearer, buildTestApp, MINUTE_MS, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { type SmsWebhook, startSmsWebhook } from './helpers/notice-receivers';
import { expectProblem } from './helpers/problem';
import { SoftAuthenticator } from './helpers/soft-authenticator';

const TEST_ACCOUNT = DEMO_ACCOUNTS[2] as typeof PRIMARY;
type Account = typeof PRIMARY;

describe.each(backends)('security settings on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();
  let sms: SmsWebhook;
  /** The SMS the webhook received: `{ to, text }` bodies. */
  const texts = () => sms.bodies as { to: string; text: string }[];

  beforeAll(async () => {
    opened = await backend.open();
    // An SMS sender is configured (SMS_WEBHOOK_URL): security notices go out through it.
    sms = await startSmsWebhook();
    app = await buildTestApp(opened.database, {
      now: clock.now,
      otpProvider: 'console',
      notifications: {
        smtpUrl: undefined,
        smtpFrom: 'Pehchaan <no-reply@localhost>',
        smsWebhookUrl: sms.url,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await sms?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const signIn = (account: Account, extra: Record<string, unknown> = {}, userAgent?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      headers: userAgent ? { 'user-agent': userAgent } : {},
      payload: {
        aadhaarNumber: account.aadhaarNumber,
        phoneNumber: account.phoneNumber,
        otp: DEMO_OTP,
        ...extra,
      },
    });
  const login = async (account: Account = PRIMARY, extra: Record<string, unknown> = {}) => {
    const response = await signIn(account, extra);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().session_token as string;
  };
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const settingsOf = async (token: string, userId: string) =>
    (await call('GET', `/user/${userId}/settings`, token)).json().settings as UserSettings;
  const saveSettings = async (token: string, userId: string, change: Partial<UserSettings>) =>
    call('PUT', `/user/${userId}/settings`, token, {
      ...(await settingsOf(token, userId)),
      ...change,
    });
  const activity = async (token: string, userId: string) =>
    (
      (await call('GET', `/user/${userId}/activity-logs`, token)).json().activity_logs as {
        type: string;
        description: string;
      }[]
    ).map((entry) => `${entry.type}: ${entry.description}`);

  /** Registers a passkey for `userId` with `authenticator`; answers the POST's response. */
  const addPasskey = async (
    token: string,
    userId: string,
    authenticator: SoftAuthenticator,
    attachment: 'any' | 'platform' = 'any',
  ) => {
    const options = await call('POST', `/user/${userId}/passkeys/options`, token, { attachment });
    expect(options.statusCode, options.body).toBe(200);
    return call('POST', `/user/${userId}/passkeys`, token, {
      response: authenticator.register(options.json().options),
    });
  };

  describe('session timeout', () => {
    it("ends a session after the holder's idle minutes, not the default 30", async () => {
      const token = await login(SECONDARY);
      expect((await saveSettings(token, 'user-002', { sessionTimeout: 60 })).statusCode).toBe(200);
      clock.advance(45 * MINUTE_MS);
      // 45 idle minutes: the default would have ended it; 60 does not.
      expect((await call('GET', '/api/auth/session', token)).statusCode).toBe(200);

      expect((await saveSettings(token, 'user-002', { sessionTimeout: 15 })).statusCode).toBe(200);
      clock.advance(16 * MINUTE_MS);
      expectProblem(await call('GET', '/api/auth/session', token), 'unauthenticated');
    });

    it('gives a new session the timeout at sign-in', async () => {
      const token = await login(SECONDARY);
      const session = await call('GET', '/api/auth/session', token);
      expect(Date.parse(session.json().expires_at) - clock.now().getTime()).toBe(15 * MINUTE_MS);
      await saveSettings(token, 'user-002', { sessionTimeout: 30 });
    });
  });

  describe('two-factor authentication', () => {
    const key = new SoftAuthenticator(
      'http://localhost:5000',
      'localhost',
      false,
      'cross-platform',
    );

    it('cannot be turned on without a passkey', async () => {
      const token = await login();
      expectProblem(
        await saveSettings(token, 'user-001', { twoFactorEnabled: true }),
        'passkey_required',
      );
      expect((await settingsOf(token, 'user-001')).twoFactorEnabled).toBe(false);
    });

    it('refuses a passkey made for another origin', async () => {
      const token = await login();
      const options = await call('POST', '/user/user-001/passkeys/options', token, {
        attachment: 'any',
      });
      const response = await call('POST', '/user/user-001/passkeys', token, {
        response: key.register(options.json().options, 'https://phish.example'),
      });
      expectProblem(response, 'passkey_invalid');
      expect((await call('GET', '/user/user-001/passkeys', token)).json().passkeys).toEqual([]);
    });

    it('adds a passkey and then asks for it after the OTP', async () => {
      const token = await login();
      const added = await addPasskey(token, 'user-001', key);
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({ id: key.id, attachment: 'cross-platform' });
      expect((await saveSettings(token, 'user-001', { twoFactorEnabled: true })).statusCode).toBe(
        200,
      );
      expect(await activity(token, 'user-001')).toContain(
        `passkey_added: Passkey added: ${added.json().name}`,
      );

      const first = await signIn(PRIMARY);
      expectProblem(first, 'second_factor_required');
      expect(first.json().factors).toEqual(['passkey']);
      const loginToken = first.json().login_token as string;
      const options = await app.inject({
        method: 'POST',
        url: '/api/auth/second-factor/passkey-options',
        payload: { login_token: loginToken },
      });
      expect(options.statusCode).toBe(200);
      expect(options.json().options.allowCredentials).toEqual([
        expect.objectContaining({ id: key.id }),
      ]);
      const done = await app.inject({
        method: 'POST',
        url: '/api/auth/second-factor',
        payload: { login_token: loginToken, passkey: key.authenticate(options.json().options) },
      });
      expect(done.statusCode, done.body).toBe(200);
      const session = done.json().session_token as string;
      expect(await activity(session, 'user-001')).toContain(
        'login: Logged in with demo credentials, a passkey',
      );
      // The login_token made its one session.
      const again = await app.inject({
        method: 'POST',
        url: '/api/auth/second-factor',
        payload: { login_token: loginToken, passkey: key.authenticate(options.json().options) },
      });
      expectProblem(again, 'login_expired');
    });

    it("refuses another authenticator's answer and alerts the holder", async () => {
      const stranger = new SoftAuthenticator();
      const first = await signIn(PRIMARY);
      const loginToken = first.json().login_token as string;
      const options = await app.inject({
        method: 'POST',
        url: '/api/auth/second-factor/passkey-options',
        payload: { login_token: loginToken },
      });
      const refused = await app.inject({
        method: 'POST',
        url: '/api/auth/second-factor',
        payload: {
          login_token: loginToken,
          passkey: stranger.authenticate(options.json().options),
        },
      });
      expectProblem(refused, 'second_factor_invalid');
      const options2 = await app.inject({
        method: 'POST',
        url: '/api/auth/second-factor/passkey-options',
        payload: { login_token: loginToken },
      });
      const done = await app.inject({
        method: 'POST',
        url: '/api/auth/second-factor',
        payload: { login_token: loginToken, passkey: key.authenticate(options2.json().options) },
      });
      expect(done.statusCode).toBe(200);
      const log = await activity(done.json().session_token, 'user-001');
      expect(log).toContain('security_alert: Sign-in stopped: right OTP, passkey not verified');
      // The SMS leaves after the answer (a slow gateway must not hold up the sign-in).
      await vi.waitFor(() =>
        expect(texts().at(-1)).toEqual({
          to: `+91${PRIMARY.phoneNumber}`,
          text: expect.stringContaining('Sign-in stopped: right OTP, passkey not verified'),
        }),
      );
    });

    it('is turned off with the last passkey, and the OTP alone signs in again', async () => {
      const first = await signIn(PRIMARY);
      const loginToken = first.json().login_token as string;
      const options = await app.inject({
        method: 'POST',
        url: '/api/auth/second-factor/passkey-options',
        payload: { login_token: loginToken },
      });
      const token = (
        await app.inject({
          method: 'POST',
          url: '/api/auth/second-factor',
          payload: { login_token: loginToken, passkey: key.authenticate(options.json().options) },
        })
      ).json().session_token as string;
      const removed = await call('DELETE', `/user/user-001/passkeys/${key.id}`, token);
      expect(removed.json()).toEqual({ message: 'Passkey removed', settings_changed: true });
      expect((await settingsOf(token, 'user-001')).twoFactorEnabled).toBe(false);
      expect((await signIn(PRIMARY)).statusCode).toBe(200);
      expectProblem(
        await call('DELETE', `/user/user-001/passkeys/${key.id}`, token),
        'passkey_not_found',
      );
    });
  });

  describe('account password', () => {
    const put = (token: string, body: Record<string, string>) =>
      call('PUT', '/user/user-003/password', token, body);

    it("checks SPEC 5's rules with SPEC 5's messages", async () => {
      const token = await login(TEST_ACCOUNT);
      expectProblem(
        await put(token, { new_password: '', confirm_password: '' }),
        'invalid_input',
        MESSAGES.passwordFieldsRequired,
      );
      expectProblem(
        await put(token, { new_password: 'longenough1', confirm_password: 'longenough2' }),
        'invalid_input',
        MESSAGES.passwordsDoNotMatch,
      );
      expectProblem(
        await put(token, { new_password: 'short', confirm_password: 'short' }),
        'invalid_input',
        MESSAGES.passwordTooShort,
      );
      expect((await call('GET', '/user/user-003/password', token)).json()).toEqual({
        password_set: false,
        updated_at: null,
      });
    });

    it('keeps only a scrypt hash and asks for the password after the OTP', {
      timeout: 120_000,
    }, async () => {
      const token = await login(TEST_ACCOUNT);
      const set = await put(token, {
        new_password: 'mango-tree-42',
        confirm_password: 'mango-tree-42',
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ password_set: true, message: 'Password updated' });
      const [row] = await app.deps.db.select().from(users).where(eq(users.id, 'user-003'));
      expect(row?.passwordHash).toMatch(
        /^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/,
      );
      expect(row?.passwordHash).not.toContain('mango');

      const first = await signIn(TEST_ACCOUNT);
      expectProblem(first, 'second_factor_required');
      expect(first.json().factors).toEqual(['password']);
      const loginToken = first.json().login_token as string;
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/auth/second-factor',
        payload: { login_token: loginToken, password: 'mango-tree-43' },
      });
      expectProblem(wrong, 'second_factor_invalid', 'Wrong password. Please try again.');
      const right = await app.inject({
        method: 'POST',
        url: '/api/auth/second-factor',
        payload: { login_token: loginToken, password: 'mango-tree-42' },
      });
      expect(right.statusCode, right.body).toBe(200);
      expect(await activity(right.json().session_token, 'user-003')).toEqual(
        expect.arrayContaining([
          'security_alert: Sign-in stopped: right OTP, wrong account password',
          'password_changed: Account password set',
        ]),
      );
    });

    it('needs the current password to change or remove it', { timeout: 120_000 }, async () => {
      const first = await signIn(TEST_ACCOUNT);
      const token = (
        await app.inject({
          method: 'POST',
          url: '/api/auth/second-factor',
          payload: { login_token: first.json().login_token, password: 'mango-tree-42' },
        })
      ).json().session_token as string;
      expectProblem(
        await put(token, { new_password: 'papaya-88', confirm_password: 'papaya-88' }),
        'invalid_input',
        MESSAGES.passwordFieldsRequired,
      );
      expectProblem(
        await put(token, {
          current_password: 'not-it',
          new_password: 'papaya-88',
          confirm_password: 'papaya-88',
        }),
        'password_incorrect',
      );
      expectProblem(
        await call('POST', '/user/user-003/password/remove', token, { current_password: 'x' }),
        'password_incorrect',
      );
      const removed = await call('POST', '/user/user-003/password/remove', token, {
        current_password: 'mango-tree-42',
      });
      expect(removed.json()).toMatchObject({ password_set: false });
      expect((await signIn(TEST_ACCOUNT)).statusCode).toBe(200);
    });

    it('ends a sign-in after 5 wrong passwords', { timeout: 120_000 }, async () => {
      const token = await login(TEST_ACCOUNT);
      await put(token, { new_password: 'guava-1234', confirm_password: 'guava-1234' });
      const loginToken = (await signIn(TEST_ACCOUNT)).json().login_token as string;
      const attempt = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/second-factor',
          payload: { login_token: loginToken, password },
        });
      for (let i = 0; i < 5; i += 1)
        expectProblem(await attempt(`wrong-${i}`), 'second_factor_invalid');
      expectProblem(await attempt('guava-1234'), 'login_expired');
      clock.advance(6 * MINUTE_MS);
    });
  });

  describe('biometric unlock', () => {
    const phone = new SoftAuthenticator('http://localhost:5000', 'localhost', true, 'platform');

    it("revives a session that idled out, with this device's passkey only", async () => {
      let token = await login(SECONDARY);
      expectProblem(
        await saveSettings(token, 'user-002', { biometricEnabled: true }),
        'passkey_required',
      );
      const added = await addPasskey(token, 'user-002', phone, 'platform');
      expect(added.json()).toMatchObject({ attachment: 'platform' });
      expect((await saveSettings(token, 'user-002', { biometricEnabled: true })).statusCode).toBe(
        200,
      );

      clock.advance(31 * MINUTE_MS); // idle past the Session timeout: locked
      expectProblem(await call('GET', '/api/auth/session', token), 'unauthenticated');
      const options = await call('POST', '/api/auth/unlock/options', token);
      expect(options.statusCode, options.body).toBe(200);
      expect(options.json().options.userVerification).toBe('required');
      const stranger = new SoftAuthenticator();
      expectProblem(
        await call('POST', '/api/auth/unlock', token, {
          passkey: stranger.authenticate(options.json().options),
        }),
        'passkey_not_verified',
      );
      const again = await call('POST', '/api/auth/unlock/options', token);
      const unlocked = await call('POST', '/api/auth/unlock', token, {
        passkey: phone.authenticate(again.json().options),
      });
      expect(unlocked.statusCode, unlocked.body).toBe(200);
      expect((await call('GET', '/api/auth/session', token)).statusCode).toBe(200);

      // A session signed out is not unlocked: signing in again is the way back.
      await call('POST', '/api/auth/logout', token);
      expectProblem(await call('POST', '/api/auth/unlock/options', token), 'unauthenticated');
      token = await login(SECONDARY);
      expect(token).toBeTruthy();
    });

    it('does not revive a session past its 12 hours', async () => {
      const token = await login(SECONDARY);
      clock.advance(12 * 60 * MINUTE_MS + MINUTE_MS);
      expectProblem(await call('POST', '/api/auth/unlock/options', token), 'unauthenticated');
    });
  });

  describe('login notifications', () => {
    const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0';
    const PHONE = 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile';
    const A = 'device-a-0123456789abcdefghij';
    const B = 'device-b-0123456789abcdefghij';

    it('notes a sign-in on a device never seen before, in the log and by SMS', async () => {
      const user = { ...PRIMARY };
      const first = await signIn(user, { deviceId: A }, LAPTOP);
      const token = first.json().session_token as string;
      // SMS leave after the answers: the first sign-in's own (this laptop may be new too) can
      // arrive later, so the phone's are counted.
      const onAndroid = () => texts().filter((t) => t.text.includes('Chrome on Android'));
      const sent = onAndroid().length;
      const before = (await activity(token, 'user-001')).filter((e) =>
        e.startsWith('new_device_login'),
      ).length;
      clock.advance(1000);
      await signIn(user, { deviceId: A }, LAPTOP); // the same device: nothing new
      clock.advance(1000);
      const onPhone = await signIn(user, { deviceId: B }, PHONE);
      expect(onPhone.statusCode).toBe(200);
      const notices = (await activity(token, 'user-001')).filter((e) =>
        e.startsWith('new_device_login'),
      );
      expect(notices.length).toBe(before + 1);
      expect(notices).toContain('new_device_login: New sign-in on Chrome on Android');
      // Beside the English text, the device as codes a screen words in the holder's language.
      const logs = (await call('GET', '/user/user-001/activity-logs', token)).json()
        .activity_logs as { type: string; message_params?: Record<string, unknown> }[];
      expect(
        logs
          .filter((e) => e.type === 'new_device_login')
          .map((e) => e.message_params)
          .filter((p) => p?.device === 'Chrome on Android'),
      ).toEqual([{ device: 'Chrome on Android', browser: 'chrome', os: 'android' }]);
      await vi.waitFor(() =>
        expect(onAndroid().slice(sent)).toEqual([
          {
            to: `+91${PRIMARY.phoneNumber}`,
            text: expect.stringContaining('New sign-in on Chrome on Android'),
          },
        ]),
      );
    });

    it('stays quiet with Login notifications off', async () => {
      const token = await login(PRIMARY, { deviceId: A });
      const count = async () =>
        (await activity(token, 'user-001')).filter((e) => e.startsWith('new_device_login')).length;
      const before = await count();
      await saveSettings(token, 'user-001', { loginNotifications: false });
      await signIn(PRIMARY, { deviceId: 'device-c-0123456789abcdefghij' }, LAPTOP);
      expect(await count()).toBe(before);
      await saveSettings(token, 'user-001', { loginNotifications: true });
    });
  });

  it('has the defaults the screens start from', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      sessionTimeout: 30,
      twoFactorEnabled: false,
      biometricEnabled: false,
      loginNotifications: true,
      suspiciousActivityAlerts: true,
      dataSharing: true,
    });
  });
});
