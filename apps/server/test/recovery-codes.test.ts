/**
 * Recovery codes of two-factor authentication (docs/security.md "Recovery codes"), through their
 * life, on every backend: a first set of ten made for a holder who has none (the web app offers
 * it when Two-factor authentication is turned on), shown in that answer only and kept as keyed
 * hashes; each signs in once in place of the passkey, and the answer says how many are left; a
 * used, unknown or malformed code is refused and counted among the sign-in's 5 wrong factors;
 * a new set needs a recent sign-in while codes remain and ends the old ones. Each set and each
 * use is logged and sent as a security notice (SMS through the SMS webhook). Passkeys answer
 * through a software authenticator (test/helpers/soft-authenticator.ts).
 */
import { DEMO_OTP, RECOVERY_CODE_COUNT, type UserSettings } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECENT_SIGN_IN_DETAIL } from '../src/accounts/make-recovery-codes';
import { RECOVERY_CODE_INVALID_DETAIL } from '../src/accounts/verify-second-factor';
import { recoveryCodes } from '../src/db/schema';
import { bearer, buildTestApp, MINUTE_MS, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { type SmsWebhook, startSmsWebhook } from './helpers/notice-receivers';
import { expectProblem } from './helpers/problem';
import { SoftAuthenticator } from './helpers/soft-authenticator';

type Account = typeof PRIMARY;
const FORMATTED = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

describe.each(backends)('recovery codes on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();
  let sms: SmsWebhook;
  const texts = () => (sms.bodies as { to: string; text: string }[]).map((b) => b.text);
  /** PRIMARY's security key: the passkey its sign-ins owe. */
  const key = new SoftAuthenticator('http://localhost:5000', 'localhost', false, 'cross-platform');
  /** The codes of PRIMARY's first set, as shown. */
  let codes: string[] = [];
  /** A session of PRIMARY made at the start (no longer a recent sign-in later). */
  let firstSession = '';

  beforeAll(async () => {
    opened = await backend.open();
    sms = await startSmsWebhook();
    app = await buildTestApp(opened.database, {
      now: clock.now,
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

  const signIn = (account: Account) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: {
        aadhaarNumber: account.aadhaarNumber,
        phoneNumber: account.phoneNumber,
        otp: DEMO_OTP,
      },
    });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const secondFactor = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/auth/second-factor', payload });
  /** A sign-in of `account` that owes its second factor: its login_token. */
  const pendingSignIn = async (account: Account = PRIMARY) => {
    const first = await signIn(account);
    expectProblem(first, 'second_factor_required');
    return first.json().login_token as string;
  };
  /** Signs PRIMARY in with its passkey: a fresh session. */
  const signInWithPasskey = async () => {
    const loginToken = await pendingSignIn();
    const options = await app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/passkey-options',
      payload: { login_token: loginToken },
    });
    const done = await secondFactor({
      login_token: loginToken,
      passkey: key.authenticate(options.json().options),
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json().session_token as string;
  };
  const status = async (token: string, userId = 'user-001') =>
    (await call('GET', `/user/${userId}/recovery-codes`, token)).json();
  const activity = async (token: string, userId = 'user-001') =>
    (
      (await call('GET', `/user/${userId}/activity-logs`, token)).json().activity_logs as {
        type: string;
        description: string;
      }[]
    ).map((entry) => `${entry.type}: ${entry.description}`);
  const turnOnTwoFactor = async (
    token: string,
    userId: string,
    authenticator: SoftAuthenticator,
  ) => {
    const options = await call('POST', `/user/${userId}/passkeys/options`, token, {
      attachment: 'any',
    });
    const added = await call('POST', `/user/${userId}/passkeys`, token, {
      response: authenticator.register(options.json().options),
    });
    expect(added.statusCode, added.body).toBe(201);
    const settings = (await call('GET', `/user/${userId}/settings`, token)).json()
      .settings as UserSettings;
    const saved = await call('PUT', `/user/${userId}/settings`, token, {
      ...settings,
      twoFactorEnabled: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  it('makes a first set of ten for a holder who has none, shown once and stored as keyed hashes', async () => {
    firstSession = (await signIn(PRIMARY)).json().session_token as string;
    await turnOnTwoFactor(firstSession, 'user-001', key);
    expect(await status(firstSession)).toEqual({ remaining: 0, created_at: null });

    const made = await call('POST', '/user/user-001/recovery-codes', firstSession);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    codes = made.json().codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(FORMATTED);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    expect(made.json()).toMatchObject({ remaining: 10, created_at: clock.now().toISOString() });

    // Afterwards only the count: the codes are not kept anywhere to be shown again.
    const later = await call('GET', '/user/user-001/recovery-codes', firstSession);
    expect(later.json()).toEqual({ remaining: 10, created_at: clock.now().toISOString() });
    const rows = await app.deps.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, 'user-001'));
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    for (const row of rows) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.usedAt).toBeNull();
    }
    expect(await activity(firstSession)).toContain(
      'recovery_codes_generated: Made 10 new recovery codes; the earlier ones no longer work',
    );
    await vi.waitFor(() =>
      expect(texts()).toContainEqual(expect.stringContaining('Made 10 new recovery codes')),
    );
  });

  it('does not let a session signed in over 10 minutes ago replace codes the holder has', async () => {
    clock.advance(11 * MINUTE_MS);
    expectProblem(
      await call('POST', '/user/user-001/recovery-codes', firstSession),
      'recent_sign_in_required',
      RECENT_SIGN_IN_DETAIL,
    );
    expect((await status(firstSession)).remaining).toBe(10);
  });

  it('signs in once with a code in place of the passkey and says how many are left', async () => {
    const loginToken = await pendingSignIn();
    // As a person types it: lower case, a space for the dash.
    const typed = (codes[0] as string).toLowerCase().replace('-', ' ');
    const done = await secondFactor({ login_token: loginToken, recovery_code: typed });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ user_id: 'user-001', recovery_codes_left: 9 });
    const session = done.json().session_token as string;
    expect(await status(session)).toMatchObject({ remaining: 9 });
    expect(await activity(session)).toEqual(
      expect.arrayContaining([
        'login: Logged in with demo credentials, a recovery code',
        'recovery_code_used: Signed in with a recovery code: 9 codes left',
      ]),
    );
    await vi.waitFor(() =>
      expect(texts()).toContainEqual(
        expect.stringContaining('Signed in with a recovery code: 9 codes left'),
      ),
    );
    // A sign-in with the passkey says nothing about codes.
    const withPasskey = await signInWithPasskey();
    expect(withPasskey).toBeTruthy();
  });

  it('refuses a used, unknown or malformed code as a wrong factor: 5 end the sign-in', async () => {
    const loginToken = await pendingSignIn();
    const tries = [
      codes[0] as string, // used above
      'ZZZZ-ZZZZ', // not one of the holder's
      'not a code', // cannot be one
      'ABCD-EFGH',
      'QRST-VWXY',
    ];
    for (const recovery_code of tries) {
      expectProblem(
        await secondFactor({ login_token: loginToken, recovery_code }),
        'second_factor_invalid',
        RECOVERY_CODE_INVALID_DETAIL,
      );
    }
    // The sixth try is too many, even with a right code, which stays unused.
    expectProblem(
      await secondFactor({ login_token: loginToken, recovery_code: codes[1] }),
      'login_expired',
    );
    const session = await signInWithPasskey();
    expect(await status(session)).toMatchObject({ remaining: 9 });
    expect(await activity(session)).toContain(
      'security_alert: Sign-in stopped: right OTP, recovery code not valid',
    );
  });

  it('lets one of two sign-ins racing with the same code have it', async () => {
    const [a, b] = [await pendingSignIn(), await pendingSignIn()];
    const answers = await Promise.all(
      [a, b].map((loginToken) =>
        secondFactor({ login_token: loginToken, recovery_code: codes[1] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const session = await signInWithPasskey();
    expect(await status(session)).toMatchObject({ remaining: 8 });
  });

  it('replaces the set from a recent sign-in: the old codes stop working, the new ones work', async () => {
    const session = await signInWithPasskey();
    const made = await call('POST', '/user/user-001/recovery-codes', session);
    expect(made.statusCode, made.body).toBe(201);
    const fresh = made.json().codes as string[];
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
    expect(await status(session)).toMatchObject({ remaining: 10 });

    const old = await pendingSignIn();
    expectProblem(
      await secondFactor({ login_token: old, recovery_code: codes[5] }),
      'second_factor_invalid',
      RECOVERY_CODE_INVALID_DETAIL,
    );
    const done = await secondFactor({ login_token: old, recovery_code: fresh[9] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recovery_codes_left).toBe(9);
    const log = await activity(done.json().session_token);
    expect(log.filter((entry) => entry.startsWith('recovery_codes_generated'))).toHaveLength(2);
    codes = fresh;
  });

  it('after the last code, a new set needs no recent sign-in', async () => {
    // Use up the rest of the set.
    let session = '';
    for (const code of codes.slice(0, 9)) {
      const loginToken = await pendingSignIn();
      const done = await secondFactor({ login_token: loginToken, recovery_code: code });
      expect(done.statusCode, done.body).toBe(200);
      session = done.json().session_token as string;
    }
    expect(await status(session)).toMatchObject({ remaining: 0 });
    expect(await activity(session)).toContain(
      'recovery_code_used: Signed in with a recovery code: 0 codes left',
    );
    clock.advance(11 * MINUTE_MS);
    const stale = await signInWithPasskey();
    clock.advance(11 * MINUTE_MS);
    const made = await call('POST', '/user/user-001/recovery-codes', stale);
    expect(made.statusCode, made.body).toBe(201);
  });

  it('stands in for the passkey only, never for the account password', {
    timeout: 60_000,
  }, async () => {
    const token = (await signIn(SECONDARY)).json().session_token as string;
    const phone = new SoftAuthenticator();
    await turnOnTwoFactor(token, 'user-002', phone);
    const set = await call('PUT', '/user/user-002/password', token, {
      new_password: 'jasmine-77',
      confirm_password: 'jasmine-77',
    });
    expect(set.statusCode, set.body).toBe(200);
    const made = (await call('POST', '/user/user-002/recovery-codes', token)).json()
      .codes as string[];

    const loginToken = await pendingSignIn(SECONDARY);
    // The code for the passkey; the password is still owed, and the codes left are said.
    const step = await secondFactor({ login_token: loginToken, recovery_code: made[0] });
    expect(step.statusCode, step.body).toBe(403);
    expect(step.json()).toMatchObject({
      code: 'second_factor_required',
      factors: ['password'],
      recovery_codes_left: 9,
    });
    expectProblem(
      await secondFactor({ login_token: loginToken, recovery_code: made[1] }),
      'invalid_input',
    );
    const done = await secondFactor({ login_token: loginToken, password: 'jasmine-77' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recovery_codes_left).toBe(9);
    expect(await activity(done.json().session_token, 'user-002')).toContain(
      'login: Logged in with demo credentials, a recovery code and the account password',
    );
  });

  it('takes one factor per call', async () => {
    const loginToken = await pendingSignIn();
    expectProblem(
      await secondFactor({ login_token: loginToken, recovery_code: 'AAAA-AAAA', password: 'x' }),
      'invalid_request',
    );
    expectProblem(
      await secondFactor({ login_token: loginToken, recovery_code: 'A'.repeat(65) }),
      'invalid_request',
    );
  });
});
