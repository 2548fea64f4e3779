/**
 * /api/auth: OTP send, login, sessions, logout (SPEC 5 and 8, DECISIONS 3, api-contract), on
 * every backend. One database per backend is shared by the file's tests.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS, MESSAGES, SAMPLE_USERS } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  HOUR_MS,
  loginDemo,
  MINUTE_MS,
  PRIMARY,
  SECONDARY,
  TestClock,
} from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

/** A sample user's Aadhaar number with its Verhoeff check digit changed: never valid. */
const BAD_CHECK_DIGIT = ((aadhaar: string) =>
  `${aadhaar.slice(0, 11)}${(Number(aadhaar.slice(11)) + 1) % 10}`)(
  SAMPLE_USERS[4]?.aadhaarId ?? '',
);

describe.each(backends)('auth on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  // Activity is listed newest first; distinct instants keep that order well defined.
  beforeEach(() => clock.advance(1000));

  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, payload: payload as object });

  describe('POST /api/auth/send-otp', () => {
    it('accepts a demo phone, spaces stripped', async () => {
      const response = await post('/api/auth/send-otp', { phoneNumber: '98765 43210' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Demo OTP sent! Use 123456' });
    });

    it('refuses other phones while the OTP service is disabled (403)', async () => {
      const response = await post('/api/auth/send-otp', { phoneNumber: '9000000001' });
      expectProblem(response, 'otp_disabled', MESSAGES.demoOnlySend);
    });

    it.each([
      ['a short phone', { phoneNumber: '98765' }, MESSAGES.phone],
      ['letters', { phoneNumber: 'abcdefghij' }, MESSAGES.phone],
      ['a number instead of a string', { phoneNumber: 9876543210 }, MESSAGES.phone],
      ['no phone', {}, MESSAGES.phone],
      ['a bad Aadhaar', { phoneNumber: '9876543210', aadhaarNumber: '1234' }, MESSAGES.aadhaar],
    ])('answers 400 for %s', async (_label, body, detail) => {
      const response = await post('/api/auth/send-otp', body);
      expectProblem(response, 'invalid_request', detail);
    });
  });

  describe('POST /api/auth/verify-otp', () => {
    it('logs a demo account in', async () => {
      const response = await post('/api/auth/verify-otp', {
        aadhaarNumber: '2345 6789 0125',
        phoneNumber: PRIMARY.phoneNumber,
        otp: '123456',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        user_id: 'user-001',
        session_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        message: 'Demo login successful',
        expires_at: new Date(clock.now().getTime() + 30 * MINUTE_MS).toISOString(),
        user: {
          id: 'user-001',
          name: 'Demo User',
          aadhaarId: 'XXXX XXXX 0125',
          phone: PRIMARY.phoneNumber,
          type: 'demo',
        },
      });
    });

    it('logs each demo account in as its own sample user', async () => {
      for (const account of DEMO_ACCOUNTS) {
        const response = await post('/api/auth/verify-otp', {
          aadhaarNumber: account.aadhaarNumber,
          phoneNumber: account.phoneNumber,
          otp: '123456',
        });
        expect(response.json().user_id).toBe(account.userId);
      }
    });

    it('answers 401 with the SPEC message for a wrong demo OTP', async () => {
      const response = await post('/api/auth/verify-otp', {
        aadhaarNumber: PRIMARY.aadhaarNumber,
        phoneNumber: PRIMARY.phoneNumber,
        otp: '654321',
      });
      expectProblem(response, 'wrong_demo_otp', 'Wrong OTP for demo user. Use: 123456');
    });

    it('answers 401 for a non-demo login while the OTP service is disabled', async () => {
      const holder = SAMPLE_USERS[4];
      const response = await post('/api/auth/verify-otp', {
        aadhaarNumber: holder?.aadhaarId,
        phoneNumber: holder?.phone,
        otp: '123456',
      });
      expectProblem(response, 'login_unavailable', MESSAGES.demoOnlyLogin);
    });

    it('answers 401 when the Aadhaar and phone belong to different demo accounts', async () => {
      const response = await post('/api/auth/verify-otp', {
        aadhaarNumber: PRIMARY.aadhaarNumber,
        phoneNumber: SECONDARY.phoneNumber,
        otp: '123456',
      });
      expectProblem(response, 'login_unavailable', MESSAGES.demoOnlyLogin);
    });

    const valid = { aadhaarNumber: '234567890125', phoneNumber: '9876543210', otp: '123456' };
    it.each([
      ['a short Aadhaar', { ...valid, aadhaarNumber: '23456789' }, MESSAGES.aadhaar],
      ['letters in the Aadhaar', { ...valid, aadhaarNumber: '2345abcd0125' }, MESSAGES.aadhaar],
      [
        'an Aadhaar failing Verhoeff',
        { ...valid, aadhaarNumber: BAD_CHECK_DIGIT },
        MESSAGES.aadhaar,
      ],
      ['an Aadhaar as a number', { ...valid, aadhaarNumber: 234567890125 }, MESSAGES.aadhaar],
      ['a short phone', { ...valid, phoneNumber: '98765' }, MESSAGES.phone],
      ['a 5-digit OTP', { ...valid, otp: '12345' }, MESSAGES.otp],
      ['an OTP as a number', { ...valid, otp: 123456 }, MESSAGES.otp],
      [
        'a missing OTP',
        { aadhaarNumber: valid.aadhaarNumber, phoneNumber: valid.phoneNumber },
        MESSAGES.otp,
      ],
      ['an empty object (first field fails first)', {}, MESSAGES.aadhaar],
      ['null fields', { aadhaarNumber: null, phoneNumber: null, otp: null }, MESSAGES.aadhaar],
    ])('answers 400 for %s', async (_label, body, detail) => {
      const response = await post('/api/auth/verify-otp', body);
      expectProblem(response, 'invalid_request', detail);
    });

    it('answers 400 for malformed JSON', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        headers: { 'content-type': 'application/json' },
        payload: '{"aadhaarNumber": "2345',
      });
      expectProblem(response, 'malformed_json', 'Malformed JSON in request body');
    });

    it.each([
      ['an array', '[]'],
      ['a string', '"hello"'],
      ['no body', ''],
    ])('answers 400 for %s as the body', async (_label, payload) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectProblem(response, 'invalid_request', 'Request body must be a JSON object');
    });

    it('answers 413 for an oversized body', async () => {
      const response = await post('/api/auth/verify-otp', {
        ...valid,
        padding: 'x'.repeat(70_000),
      });
      expectProblem(response, 'body_too_large', 'Request body is too large');
    });

    it('answers 415 for a body that is not JSON', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        headers: { 'content-type': 'text/plain' },
        payload: 'aadhaar=234567890125',
      });
      expectProblem(
        response,
        'unsupported_media_type',
        expect.stringContaining('Unsupported Media Type'),
      );
    });

    it('writes a login activity entry', async () => {
      const token = await loginDemo(app, SECONDARY);
      const response = await app.inject({
        url: `/user/${SECONDARY.userId}/activity-logs`,
        headers: bearer(token),
      });
      expect(response.json().activity_logs[0]).toMatchObject({
        userId: SECONDARY.userId,
        type: 'login',
        timestamp: clock.now().toISOString(),
      });
    });
  });

  describe('sessions', () => {
    const credentialsUrl = `/user/${PRIMARY.userId}/credentials`;

    it('answers 401 without a token', async () => {
      const response = await app.inject({ url: credentialsUrl });
      expectProblem(response, 'unauthenticated', expect.any(String));
    });

    it.each([
      ['an unknown token', `Bearer ${randomBytes(32).toString('base64url')}`],
      ['a malformed header', 'Bearer not a token'],
      ['another scheme', 'Basic dXNlcjpwYXNz'],
    ])('answers 401 for %s', async (_label, authorization) => {
      const response = await app.inject({ url: credentialsUrl, headers: { authorization } });
      expectProblem(
        response,
        'unauthenticated',
        'Invalid or expired session. Please log in again.',
      );
    });

    it("answers 403 for another user's data", async () => {
      const token = await loginDemo(app, SECONDARY);
      for (const url of [
        credentialsUrl,
        `/user/${PRIMARY.userId}/consent-requests`,
        `/user/${PRIMARY.userId}/activity-logs`,
      ]) {
        const response = await app.inject({ url, headers: bearer(token) });
        expectProblem(response, 'forbidden', expect.any(String));
      }
      const generate = await app.inject({
        method: 'POST',
        url: `/identity/generate-credential?user_id=${PRIMARY.userId}&document_type=pan`,
        headers: bearer(token),
      });
      expect(generate.statusCode).toBe(403);
    });

    it('GET /api/auth/session describes the session', async () => {
      const token = await loginDemo(app);
      const response = await app.inject({ url: '/api/auth/session', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user_id: 'user-001',
        user: {
          id: 'user-001',
          name: 'Demo User',
          aadhaarId: 'XXXX XXXX 0125',
          phone: PRIMARY.phoneNumber,
          type: 'demo',
        },
        expires_at: new Date(clock.now().getTime() + 30 * MINUTE_MS).toISOString(),
      });
      expect((await app.inject({ url: '/api/auth/session' })).statusCode).toBe(401);
    });

    it('expires after 30 idle minutes, sliding on use', async () => {
      const token = await loginDemo(app);
      clock.advance(29 * MINUTE_MS);
      expect((await app.inject({ url: credentialsUrl, headers: bearer(token) })).statusCode).toBe(
        200,
      );
      clock.advance(29 * MINUTE_MS);
      expect((await app.inject({ url: credentialsUrl, headers: bearer(token) })).statusCode).toBe(
        200,
      );
      clock.advance(30 * MINUTE_MS);
      const expired = await app.inject({ url: credentialsUrl, headers: bearer(token) });
      expectProblem(expired, 'unauthenticated', 'Invalid or expired session. Please log in again.');
    });

    it('expires 12 hours after login even when in use', async () => {
      const token = await loginDemo(app);
      for (let elapsed = 0; elapsed < 12 * HOUR_MS - 20 * MINUTE_MS; elapsed += 20 * MINUTE_MS) {
        clock.advance(20 * MINUTE_MS);
        expect((await app.inject({ url: credentialsUrl, headers: bearer(token) })).statusCode).toBe(
          200,
        );
      }
      clock.advance(20 * MINUTE_MS);
      expect((await app.inject({ url: credentialsUrl, headers: bearer(token) })).statusCode).toBe(
        401,
      );
    });

    it('logout revokes the token and writes a logout entry', async () => {
      const token = await loginDemo(app);
      clock.advance(1000);
      const logout = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '',
      });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ message: 'Logged out successfully' });
      clock.advance(1000);

      expect((await app.inject({ url: credentialsUrl, headers: bearer(token) })).statusCode).toBe(
        401,
      );
      const again = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(token),
      });
      expect(again.statusCode).toBe(401);

      const fresh = await loginDemo(app);
      const logs = await app.inject({
        url: `/user/${PRIMARY.userId}/activity-logs`,
        headers: bearer(fresh),
      });
      const types = logs.json().activity_logs.map((entry: { type: string }) => entry.type);
      expect(types.slice(0, 3)).toEqual(['login', 'logout', 'login']);
    });

    it('logout without a token answers 401', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/auth/logout' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('OTP_PROVIDER=console', () => {
    let consoleApp: FastifyInstance;
    const sent: { phone: string; code: string }[] = [];
    const holder = SAMPLE_USERS[5];
    if (!holder) throw new Error('sample user 6 missing');

    beforeAll(async () => {
      consoleApp = await buildTestApp(
        opened.database,
        // Rate limits on: the OTP send throttle is one of them (RATE_LIMITS).
        { now: clock.now, masterKey, otpProvider: 'console', rateLimits: true },
        { otpSender: { send: (phone, code) => void sent.push({ phone, code }) } },
      );
    });
    afterAll(async () => {
      await consoleApp?.close();
    });

    const send = (phoneNumber: string, aadhaarNumber?: string) =>
      consoleApp.inject({
        method: 'POST',
        url: '/api/auth/send-otp',
        payload: aadhaarNumber ? { phoneNumber, aadhaarNumber } : { phoneNumber },
      });
    const verify = (otp: string) =>
      consoleApp.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { aadhaarNumber: holder.aadhaarId, phoneNumber: holder.phone, otp },
      });
    const lastCode = () => {
      const last = sent.at(-1);
      if (!last) throw new Error('no OTP was sent');
      return last.code;
    };

    it('sends a real 6-digit code and logs the holder in once with it', async () => {
      const response = await send(holder.phone, holder.aadhaarId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: `OTP sent to ${holder.phone}` });
      expect(sent.at(-1)).toEqual({ phone: holder.phone, code: expect.stringMatching(/^\d{6}$/) });

      const code = lastCode();
      const login = await verify(code);
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({
        user_id: holder.id,
        message: 'Login successful',
        user: {
          id: holder.id,
          name: holder.name,
          type: 'user',
          aadhaarId: `XXXX XXXX ${holder.aadhaarId.slice(-4)}`,
        },
      });
      // Single use.
      expect((await verify(code)).statusCode).toBe(401);
    });

    it('keeps demo logins working', async () => {
      await loginDemo(consoleApp);
    });

    it('answers the same for an unregistered phone but sends nothing', async () => {
      const before = sent.length;
      const response = await send('9000000002');
      expect(response.json()).toEqual({ success: true, message: 'OTP sent to 9000000002' });
      expect(sent.length).toBe(before);
    });

    it('rejects a wrong code and locks the code after 5 wrong tries', async () => {
      clock.advance(11 * MINUTE_MS); // a fresh throttle window
      await send(holder.phone);
      const code = lastCode();
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const response = await verify(wrong);
        expectProblem(response, 'otp_invalid', expect.stringContaining('Invalid or expired OTP'));
      }
      // The number's failed attempts now make it wait (login-security.test.ts); after the wait
      // the right code is still refused: its 5 tries are used up.
      clock.advance(MINUTE_MS);
      expect((await verify(code)).statusCode).toBe(401);
    });

    it('rejects a code after its 5 minutes', async () => {
      clock.advance(11 * MINUTE_MS);
      await send(holder.phone);
      const code = lastCode();
      clock.advance(5 * MINUTE_MS);
      expect((await verify(code)).statusCode).toBe(401);
    });

    it('throttles sends per phone (429)', async () => {
      clock.advance(11 * MINUTE_MS);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await send(holder.phone)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await send(holder.phone);
      expectProblem(refused, 'rate_limited', expect.stringContaining('Too many requests'));
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
