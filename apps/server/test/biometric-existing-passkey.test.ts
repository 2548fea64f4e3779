/**
 * Biometric unlock on a device that already holds one of the holder's passkeys (docs/security.md
 * "Session timeout and biometric unlock"), on every backend: the device's two-factor passkey is
 * used (a user-verified assertion against the holder's passkeys) instead of registering another,
 * which the authenticator would refuse (the registration options exclude it). The passkey then
 * unlocks a session that idled out. Answers without user verification, from another device or
 * from a stranger's authenticator are refused. Passkeys answer through a software authenticator
 * (test/helpers/soft-authenticator.ts), checked by @simplewebauthn/server as in production.
 */
import { DEMO_ACCOUNTS, DEMO_OTP, type UserSettings } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADOPT_FAILED_DETAIL } from '../src/accounts/adopt-unlock-passkey';
import { bearer, buildTestApp, MINUTE_MS, PRIMARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';
import { SoftAuthenticator } from './helpers/soft-authenticator';

const TEST_ACCOUNT = DEMO_ACCOUNTS[2] as typeof PRIMARY;
type Account = typeof PRIMARY;

describe.each(backends)('biometric unlock with an existing passkey on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** Signs `account` in: the OTP, then `passkey` when two-factor authentication asks for it. */
  const login = async (account: Account, passkey?: SoftAuthenticator) => {
    const first = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: {
        aadhaarNumber: account.aadhaarNumber,
        phoneNumber: account.phoneNumber,
        otp: DEMO_OTP,
      },
    });
    if (first.statusCode === 200 || !passkey) return first.json().session_token as string;
    const loginToken = first.json().login_token as string;
    const options = await app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/passkey-options',
      payload: { login_token: loginToken },
    });
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/second-factor',
      payload: { login_token: loginToken, passkey: passkey.authenticate(options.json().options) },
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json().session_token as string;
  };
  const saveSettings = async (token: string, userId: string, change: Partial<UserSettings>) => {
    const settings = (await call('GET', `/user/${userId}/settings`, token)).json().settings;
    return call('PUT', `/user/${userId}/settings`, token, { ...settings, ...change });
  };
  const passkeysOf = async (token: string, userId: string) =>
    (await call('GET', `/user/${userId}/passkeys`, token)).json().passkeys as {
      id: string;
      attachment: string | null;
    }[];
  const register = async (
    token: string,
    userId: string,
    authenticator: SoftAuthenticator,
    attachment: 'any' | 'platform',
  ) => {
    const options = await call('POST', `/user/${userId}/passkeys/options`, token, { attachment });
    return {
      options: options.json().options as Record<string, unknown>,
      answer: await call('POST', `/user/${userId}/passkeys`, token, {
        response: authenticator.register(options.json().options),
      }),
    };
  };
  const unlockOptions = async (token: string, userId: string) => {
    const options = await call('POST', `/user/${userId}/passkeys/unlock/options`, token);
    expect(options.statusCode, options.body).toBe(200);
    return options.json().options as Record<string, unknown>;
  };

  it("is turned on with the device's two-factor passkey, without registering another", async () => {
    // This phone's fingerprint made the two-factor passkey.
    const phone = new SoftAuthenticator();
    let token = await login(TEST_ACCOUNT);
    const made = await register(token, 'user-003', phone, 'any');
    expect(made.answer.statusCode, made.answer.body).toBe(201);
    expect((await saveSettings(token, 'user-003', { twoFactorEnabled: true })).statusCode).toBe(
      200,
    );
    token = await login(TEST_ACCOUNT, phone);

    // Registering a platform passkey here cannot work: the phone's own passkey is excluded, and
    // an authenticator holding an excluded credential refuses to make another.
    const platform = await call('POST', '/user/user-003/passkeys/options', token, {
      attachment: 'platform',
    });
    expect(platform.json().options.excludeCredentials).toEqual([
      expect.objectContaining({ id: phone.id }),
    ]);

    // Instead the phone answers with the passkey it holds, its fingerprint checked.
    const options = await unlockOptions(token, 'user-003');
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: phone.id })]);
    const used = await call('POST', '/user/user-003/passkeys/unlock', token, {
      response: phone.authenticate(options),
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ id: phone.id, attachment: 'platform' });
    expect(await passkeysOf(token, 'user-003')).toEqual([
      expect.objectContaining({ id: phone.id }),
    ]);
    expect((await saveSettings(token, 'user-003', { biometricEnabled: true })).statusCode).toBe(
      200,
    );

    // Idle past the Session timeout: the same passkey unlocks the session.
    clock.advance(31 * MINUTE_MS);
    expectProblem(await call('GET', '/api/auth/session', token), 'unauthenticated');
    const unlock = await call('POST', '/api/auth/unlock/options', token);
    expect(unlock.json().options.allowCredentials).toEqual([
      expect.objectContaining({ id: phone.id }),
    ]);
    const unlocked = await call('POST', '/api/auth/unlock', token, {
      passkey: phone.authenticate(unlock.json().options),
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await call('GET', '/api/auth/session', token)).statusCode).toBe(200);
  });

  it('takes a synced passkey made on another device once this device answers with it', async () => {
    // Made through a phone nearby (reported cross-platform), then synced to this laptop.
    const synced = new SoftAuthenticator(
      'http://localhost:5000',
      'localhost',
      true,
      'cross-platform',
    );
    const token = await login(PRIMARY);
    const made = await register(token, 'user-001', synced, 'any');
    expect(made.answer.json()).toMatchObject({ attachment: 'cross-platform' });
    expectProblem(
      await saveSettings(token, 'user-001', { biometricEnabled: true }),
      'passkey_required',
    );

    // Answered from the phone (cross-platform): not this device.
    expectProblem(
      await call('POST', '/user/user-001/passkeys/unlock', token, {
        response: synced.authenticate(await unlockOptions(token, 'user-001')),
      }),
      'passkey_invalid',
      ADOPT_FAILED_DETAIL,
    );
    // Answered by this laptop's own authenticator, where the passkey now also lives.
    const here = {
      ...synced.authenticate(await unlockOptions(token, 'user-001')),
      authenticatorAttachment: 'platform' as const,
    };
    const used = await call('POST', '/user/user-001/passkeys/unlock', token, { response: here });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ id: synced.id, attachment: 'platform' });
    expect((await saveSettings(token, 'user-001', { biometricEnabled: true })).statusCode).toBe(
      200,
    );
  });

  it('refuses an answer without user verification, a stranger, or options used up', async () => {
    const token = await login(DEMO_ACCOUNTS[1] as Account);
    const key = new SoftAuthenticator('http://localhost:5000', 'localhost', false, 'platform');
    expect((await register(token, 'user-002', key, 'any')).answer.statusCode).toBe(201);

    // A touch without a fingerprint or PIN is not enough to unlock.
    expectProblem(
      await call('POST', '/user/user-002/passkeys/unlock', token, {
        response: key.authenticate(await unlockOptions(token, 'user-002')),
      }),
      'passkey_invalid',
    );
    // Another authenticator's answer.
    const stranger = new SoftAuthenticator();
    expectProblem(
      await call('POST', '/user/user-002/passkeys/unlock', token, {
        response: stranger.authenticate(await unlockOptions(token, 'user-002')),
      }),
      'passkey_invalid',
    );
    // The options are single use: an answer to used-up options is refused.
    const verifying = new SoftAuthenticator();
    expect((await register(token, 'user-002', verifying, 'any')).answer.statusCode).toBe(201);
    const options = await unlockOptions(token, 'user-002');
    const first = await call('POST', '/user/user-002/passkeys/unlock', token, {
      response: verifying.authenticate(options),
    });
    expect(first.statusCode, first.body).toBe(200);
    expectProblem(
      await call('POST', '/user/user-002/passkeys/unlock', token, {
        response: verifying.authenticate(options),
      }),
      'passkey_invalid',
    );
    // The verifying one now unlocks this device.
    expect(await passkeysOf(token, 'user-002')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: verifying.id, attachment: 'platform' }),
      ]),
    );
  });
});
