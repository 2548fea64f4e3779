/**
 * The real OTP path's defences (docs/security.md; NIST SP 800-63B 5.2.2, OWASP ASVS V6), on every
 * backend with a controllable clock: failed logins are counted per mobile number with a growing
 * delay (429 + Retry-After) and a hard stop at 100 in a row; numbers nobody registered get
 * exactly the same answers as registered ones; parallel guesses cannot test a code more than 5
 * times; the number's count is cleared by a successful login.
 */
import { randomBytes } from 'node:crypto';
import { SAMPLE_USERS } from '@pehchaan/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_FAILURE_LIMIT,
  LOGIN_LOCKED_DETAIL,
  LOGIN_MAX_DELAY_MS,
  loginDelayMs,
} from '../src/accounts/login-throttle';
import { INVALID_OTP_DETAIL } from '../src/accounts/verify-otp';
import { buildTestApp, HOUR_MS, MINUTE_MS, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { PROBLEM_JSON, problem } from './helpers/problem';

const SECOND_MS = 1000;

function sampleUser(index: number) {
  const user = SAMPLE_USERS[index];
  if (!user) throw new Error(`sample user ${index + 1} missing`);
  return user;
}

describe('loginDelayMs', () => {
  it('waits nothing for 5 attempts, then 1 s doubling, capped at one hour', () => {
    expect([0, 1, 5].map(loginDelayMs)).toEqual([0, 0, 0]);
    expect([6, 7, 8, 9].map(loginDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(loginDelayMs(30)).toBe(LOGIN_MAX_DELAY_MS);
    expect(loginDelayMs(99)).toBe(LOGIN_MAX_DELAY_MS);
  });
});

describe.each(backends)('OTP login defences on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();
  const sent: { phone: string; code: string }[] = [];

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(
      opened.database,
      { now: clock.now, masterKey: randomBytes(32), otpProvider: 'console' },
      { otpSender: { send: (phone, code) => void sent.push({ phone, code }) } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const sendOtp = (phoneNumber: string) =>
    app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phoneNumber } });
  const verify = (aadhaarNumber: string, phoneNumber: string, otp: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { aadhaarNumber, phoneNumber, otp },
    });
  const lastCodeFor = (phone: string) => {
    const code = sent.filter((s) => s.phone === phone).at(-1)?.code;
    if (!code) throw new Error(`no OTP was sent to ${phone}`);
    return code;
  };
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');
  /** What a client can observe of an answer. */
  const observed = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    body: response.json(),
    contentType: response.headers['content-type'],
    retryAfter: response.headers['retry-after'],
  });

  it('delays attempts after 5 failures in a row, growing, with 429 and Retry-After', async () => {
    const holder = sampleUser(6);
    await sendOtp(holder.phone);
    const wrong = wrongCodeFor(lastCodeFor(holder.phone));

    // Attempts 1-6 are checked at once (the 6th sets the first 1 s delay).
    for (let attempt = 1; attempt <= 6; attempt++) {
      const response = await verify(holder.aadhaarId, holder.phone, wrong);
      expect(observed(response)).toEqual({
        status: 401,
        body: problem('otp_invalid', INVALID_OTP_DETAIL),
        contentType: PROBLEM_JSON,
        retryAfter: undefined,
      });
    }
    const early = await verify(holder.aadhaarId, holder.phone, wrong);
    expect(observed(early)).toEqual({
      status: 429,
      body: problem('rate_limited', 'Too many requests. Please try again in 1 second.'),
      contentType: PROBLEM_JSON,
      retryAfter: '1',
    });

    clock.advance(SECOND_MS);
    expect((await verify(holder.aadhaarId, holder.phone, wrong)).statusCode).toBe(401);
    const next = await verify(holder.aadhaarId, holder.phone, wrong);
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBe('2');
  });

  it('clears the count after a successful login', async () => {
    const holder = sampleUser(6);
    clock.advance(HOUR_MS);
    await sendOtp(holder.phone);
    const login = await verify(holder.aadhaarId, holder.phone, lastCodeFor(holder.phone));
    expect(login.statusCode).toBe(200);

    // Six wrong tries in a row are free again.
    await sendOtp(holder.phone);
    const wrong = wrongCodeFor(lastCodeFor(holder.phone));
    for (let attempt = 1; attempt <= 6; attempt++) {
      expect((await verify(holder.aadhaarId, holder.phone, wrong)).statusCode).toBe(401);
    }
  });

  it('answers a registered and an unregistered number identically, up to the lock at 100', async () => {
    const holder = sampleUser(7);
    const unregistered = '9000000077';
    const knownSend = observed(await sendOtp(holder.phone));
    const unknownSend = observed(await sendOtp(unregistered));
    expect(knownSend.body).toEqual({ success: true, message: `OTP sent to ${holder.phone}` });
    expect(unknownSend).toEqual({
      ...knownSend,
      body: { success: true, message: `OTP sent to ${unregistered}` },
    });
    const wrong = wrongCodeFor(lastCodeFor(holder.phone));

    let failures = 0;
    while (failures < LOGIN_FAILURE_LIMIT) {
      const known = observed(await verify(holder.aadhaarId, holder.phone, wrong));
      const unknown = observed(await verify(holder.aadhaarId, unregistered, wrong));
      expect(unknown).toEqual(known);
      if (known.status === 401) failures += 1;
      else {
        expect(known.status).toBe(429);
        clock.advance(Number(known.retryAfter) * SECOND_MS);
      }
    }

    // Locked: no Retry-After, the same for both, and still locked a day later.
    for (const elapsed of [0, 24 * HOUR_MS]) {
      clock.advance(elapsed);
      const known = observed(await verify(holder.aadhaarId, holder.phone, wrong));
      expect(known).toEqual({
        status: 429,
        body: problem('login_locked', LOGIN_LOCKED_DETAIL),
        contentType: PROBLEM_JSON,
        retryAfter: undefined,
      });
      expect(observed(await verify(holder.aadhaarId, unregistered, wrong))).toEqual(known);
    }

    // Even the right code of a fresh OTP is refused while locked.
    clock.advance(11 * MINUTE_MS);
    await sendOtp(holder.phone);
    const locked = await verify(holder.aadhaarId, holder.phone, lastCodeFor(holder.phone));
    expect(locked.statusCode).toBe(429);
  });

  it('answers a wrong Aadhaar number for a registered phone like any wrong code', async () => {
    const holder = sampleUser(8);
    const other = sampleUser(9);
    await sendOtp(holder.phone);
    const response = await verify(other.aadhaarId, holder.phone, lastCodeFor(holder.phone));
    expect(observed(response)).toEqual({
      status: 401,
      body: problem('otp_invalid', INVALID_OTP_DETAIL),
      contentType: PROBLEM_JSON,
      retryAfter: undefined,
    });
  });

  it('tests one code at most 5 times, even against a burst of parallel guesses', async () => {
    const holder = sampleUser(9);
    clock.advance(11 * MINUTE_MS);
    await sendOtp(holder.phone);
    const code = lastCodeFor(holder.phone);
    const wrong = wrongCodeFor(code);

    const burst = await Promise.all(
      Array.from({ length: 10 }, () => verify(holder.aadhaarId, holder.phone, wrong)),
    );
    const statuses = burst.map((r) => r.statusCode).sort();
    // 6 attempts are counted at once (the number's delay starts after the 6th); the rest wait.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429, 429]);

    // The code's 5 tries are used up: the right code no longer works.
    clock.advance(HOUR_MS);
    expect((await verify(holder.aadhaarId, holder.phone, code)).statusCode).toBe(401);
  });
});
