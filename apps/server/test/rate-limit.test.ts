/**
 * Per-IP rate limits (src/plugins/rate-limit.ts, docs/security.md) on every backend: POST
 * /api/auth/verify-otp (30 a minute), POST /api/auth/send-otp (10 per 10 minutes; per phone:
 * auth.test.ts) and GET /api/verify/{id} (60 a minute) answer 429
 * `{ detail }` with Retry-After once the window's budget is spent, per address; the window
 * follows the app's clock; POST /credentials/verify is never limited; RATE_LIMITS=off disables
 * them. Addresses are simulated with inject's remoteAddress.
 */
import { DEMO_OTP } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitedDetail } from '../src/lib/errors';
import { RATE_LIMITS } from '../src/plugins/rate-limit';
import { buildTestApp, PRIMARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const wrongOtp = {
  aadhaarNumber: PRIMARY.aadhaarNumber,
  phoneNumber: PRIMARY.phoneNumber,
  otp: '654321',
};
const rightOtp = { ...wrongOtp, otp: DEMO_OTP };

describe.each(backends)('rate limits on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, rateLimits: true });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const verifyOtp = (remoteAddress: string, payload: object) =>
    app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload, remoteAddress });

  it('limits verify-otp to 30 a minute per IP, with 429, Retry-After and a detail', async () => {
    const ip = '203.0.113.10';
    expect(RATE_LIMITS.verifyOtp).toEqual({ max: 30, timeWindow: 60_000 });
    for (let i = 0; i < RATE_LIMITS.verifyOtp.max; i++) {
      const response = await verifyOtp(ip, wrongOtp);
      expect(response.statusCode, `call ${i + 1}`).toBe(401);
    }
    // The next call is refused before the OTP is even looked at, right or wrong.
    const refused = await verifyOtp(ip, rightOtp);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expectProblem(refused, 'rate_limited', rateLimitedDetail(60));
    expect(refused.json().detail).toBe('Too many requests. Please try again in 60 seconds.');

    // Malformed bodies are counted and refused too (the limit runs before validation).
    expect((await verifyOtp(ip, {})).statusCode).toBe(429);

    // Another address has its own budget.
    expect((await verifyOtp('203.0.113.11', rightOtp)).statusCode).toBe(200);

    // Half a minute later the wait is half as long; after the window the budget is back.
    clock.advance(30_000);
    const later = await verifyOtp(ip, rightOtp);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('30');
    expectProblem(later, 'rate_limited', rateLimitedDetail(30));
    clock.advance(30_000);
    expect((await verifyOtp(ip, rightOtp)).statusCode).toBe(200);
  });

  it('limits GET /api/verify/{id} to 60 a minute per IP', async () => {
    const ip = '198.51.100.7';
    expect(RATE_LIMITS.verifyLink).toEqual({ max: 60, timeWindow: 60_000 });
    for (let i = 0; i < RATE_LIMITS.verifyLink.max; i++) {
      const response = await app.inject({
        url: `/api/verify/cred-guess-${i}`,
        remoteAddress: ip,
      });
      expect(response.statusCode, `call ${i + 1}`).toBe(404);
    }
    const refused = await app.inject({ url: '/api/verify/cred-guess-x', remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expectProblem(
      refused,
      'rate_limited',
      rateLimitedDetail(Number(refused.headers['retry-after'])),
    );
    // The refusal leaks nothing about the id, and other addresses still verify.
    expect(refused.body).not.toContain('cred-guess');
    const other = await app.inject({
      url: '/api/verify/cred-guess-x',
      remoteAddress: '198.51.100.8',
    });
    expect(other.statusCode).toBe(404);
  });

  it('never limits POST /credentials/verify (measured by npm run bench:verify)', async () => {
    for (let i = 0; i < 100; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/credentials/verify',
        payload: { verifiableCredential: { id: `urn:x:${i}` } },
        remoteAddress: '192.0.2.50',
      });
      // Not a credential: refused by the verifier (400), never by a limit (429).
      expect(response.statusCode).toBe(400);
    }
  });

  it('limits OTP sends to 10 per 10 minutes per IP, demo phones not counted', async () => {
    const send = (remoteAddress: string, phoneNumber: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/send-otp',
        payload: { phoneNumber },
        remoteAddress,
      });
    const ip = '203.0.113.30';
    // OTP_PROVIDER is disabled here: sends to other phones answer 403 but are counted.
    for (let i = 0; i < RATE_LIMITS.sendOtpPerIp.max; i++) {
      expect((await send(ip, `90000001${String(i).padStart(2, '0')}`)).statusCode).toBe(403);
    }
    const refused = await send(ip, '9000000199');
    expectProblem(refused, 'rate_limited', rateLimitedDetail(600));
    expect(refused.headers['retry-after']).toBe('600');

    expect((await send(ip, PRIMARY.phoneNumber)).statusCode).toBe(200);
    expect((await send('203.0.113.31', '9000000199')).statusCode).toBe(403);
    clock.advance(10 * 60_000);
    expect((await send(ip, '9000000199')).statusCode).toBe(403);
  });

  it('documents the 429 answers in the OpenAPI document', async () => {
    const document = (await app.inject({ url: '/docs/json' })).json();
    expect(document.paths['/api/auth/verify-otp'].post.responses).toHaveProperty('429');
    expect(document.paths['/api/auth/send-otp'].post.responses).toHaveProperty('429');
    expect(document.paths['/api/verify/{credentialId}'].get.responses).toHaveProperty('429');
  });
});

describe('RATE_LIMITS=off', () => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    const [pglite] = backends;
    if (!pglite) throw new Error('no backend');
    opened = await pglite.open();
    app = await buildTestApp(opened.database, { rateLimits: false });
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  it('registers no limit (for benchmarks)', async () => {
    for (let i = 0; i < 15; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: wrongOtp,
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});
