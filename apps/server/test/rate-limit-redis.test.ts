/**
 * Rate limits shared by several instances (REDIS_URL; src/plugins/rate-limit.ts,
 * docs/scaling.md): two app instances on one database and one Redis give one limit, not two,
 * for login (30 a minute per IP), the public verify link (60 a minute per IP) and OTP sends
 * (10 per IP and 3 per phone per 10 minutes). With Redis unreachable, logins still work (the
 * per-IP limit lets them through; failed logins per number stay counted in the database) and OTP
 * sends are refused with 503 'service_unavailable' and Retry-After, never sent uncounted.
 *
 * Starts its own `redis-server` (Debian's redis-server package; .ci/run installs it) on a free
 * port, without persistence; skipped, with the reason, when the binary is missing.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitedDetail, unavailableDetail } from '../src/lib/errors';
import { RATE_LIMITS } from '../src/plugins/rate-limit';
import { buildTestApp, PRIMARY } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';
import { freePort } from './helpers/server-process';

const hasRedis = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;

/** Starts redis-server on `port` (no persistence) and waits until it answers PING. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const { Redis } = await import('ioredis');
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return child;
    } catch {
      probe.disconnect();
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const wrongOtp = {
  aadhaarNumber: PRIMARY.aadhaarNumber,
  phoneNumber: PRIMARY.phoneNumber,
  otp: '654321',
};

describe.skipIf(!hasRedis)(
  'rate limits shared through Redis (skipped when redis-server is not installed: apt-get install redis-server)',
  () => {
    let redis: ChildProcess;
    let redisUrl: string;

    beforeAll(async () => {
      const port = await freePort();
      redis = await startRedis(port);
      redisUrl = `redis://127.0.0.1:${port}`;
    });
    afterAll(() => {
      redis?.kill('SIGTERM');
    });

    describe.each(backends)('two instances on $name', (backend) => {
      let opened: OpenedDatabase;
      let first: FastifyInstance;
      let second: FastifyInstance;

      beforeAll(async () => {
        opened = await backend.open();
        // Two instances of one deployment share the master key (docs/scaling.md).
        const masterKey = randomBytes(32);
        first = await buildTestApp(opened.database, { rateLimits: true, redisUrl, masterKey });
        second = await buildTestApp(opened.database, { rateLimits: true, redisUrl, masterKey });
      });
      afterAll(async () => {
        await first?.close();
        await second?.close();
        await opened?.dispose();
      });

      /** An address of its own per backend and test, so runs never share counters. */
      const address = (n: number) => `198.18.${backend.name === 'pglite' ? 1 : 2}.${n}`;

      it('counts logins from one address across both instances: 30 a minute in all', async () => {
        const ip = address(10);
        for (let i = 0; i < RATE_LIMITS.verifyOtp.max; i++) {
          const app = i % 2 === 0 ? first : second;
          const response = await app.inject({
            method: 'POST',
            url: '/api/auth/verify-otp',
            payload: wrongOtp,
            remoteAddress: ip,
          });
          expect(response.statusCode, `call ${i + 1}`).toBe(401);
        }
        for (const app of [first, second]) {
          const refused = await app.inject({
            method: 'POST',
            url: '/api/auth/verify-otp',
            payload: wrongOtp,
            remoteAddress: ip,
          });
          expect(refused.statusCode).toBe(429);
          const seconds = Number(refused.headers['retry-after']);
          expect(seconds).toBeGreaterThan(0);
          expect(seconds).toBeLessThanOrEqual(60);
          expectProblem(refused, 'rate_limited', rateLimitedDetail(seconds));
        }
        // Another address still has its own budget.
        const other = await second.inject({
          method: 'POST',
          url: '/api/auth/verify-otp',
          payload: wrongOtp,
          remoteAddress: address(11),
        });
        expect(other.statusCode).toBe(401);
      });

      it('counts verify-link lookups across both instances: 60 a minute in all', async () => {
        const ip = address(20);
        for (let i = 0; i < RATE_LIMITS.verifyLink.max; i++) {
          const app = i % 2 === 0 ? second : first;
          const response = await app.inject({ url: `/api/verify/guess-${i}`, remoteAddress: ip });
          expect(response.statusCode, `call ${i + 1}`).toBe(404);
        }
        const refused = await first.inject({ url: '/api/verify/guess-x', remoteAddress: ip });
        expect(refused.statusCode).toBe(429);
      });

      it('counts OTP sends per phone (3) and per address (10) across both instances', async () => {
        const send = (app: FastifyInstance, remoteAddress: string, phoneNumber: string) =>
          app.inject({
            method: 'POST',
            url: '/api/auth/send-otp',
            payload: { phoneNumber },
            remoteAddress,
          });
        const phone = backend.name === 'pglite' ? '9000000301' : '9000000302';
        // Three sends to one phone from three addresses, spread over the instances (OTP_PROVIDER
        // is disabled: each answers 403 but is counted), then the fourth is refused anywhere.
        for (let i = 0; i < RATE_LIMITS.sendOtpPerPhone.max; i++) {
          const response = await send(i % 2 ? first : second, address(30 + i), phone);
          expect(response.statusCode, `send ${i + 1}`).toBe(403);
        }
        const perPhone = await send(first, address(40), phone);
        expectProblem(
          perPhone,
          'rate_limited',
          rateLimitedDetail(Number(perPhone.headers['retry-after'])),
        );

        const ip = address(50);
        for (let i = 0; i < RATE_LIMITS.sendOtpPerIp.max; i++) {
          const other = `90000004${String(i).padStart(2, '0')}`;
          const response = await send(i % 2 ? first : second, ip, other);
          expect(response.statusCode, `send ${i + 1}`).toBe(403);
        }
        expect((await send(second, ip, '9000000499')).statusCode).toBe(429);
      });
    });

    describe('with Redis unreachable', () => {
      let opened: OpenedDatabase;
      let app: FastifyInstance;

      beforeAll(async () => {
        const [pglite] = backends;
        if (!pglite) throw new Error('no backend');
        opened = await pglite.open();
        const deadPort = await freePort();
        app = await buildTestApp(opened.database, {
          rateLimits: true,
          redisUrl: `redis://127.0.0.1:${deadPort}`,
        });
      });
      afterAll(async () => {
        await app?.close();
        await opened?.dispose();
      });

      it('lets logins through and refuses OTP sends with 503 service_unavailable', async () => {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/verify-otp',
          payload: { ...wrongOtp, otp: '123456' },
          remoteAddress: '198.18.3.1',
        });
        expect(login.statusCode).toBe(200);
        const send = await app.inject({
          method: 'POST',
          url: '/api/auth/send-otp',
          payload: { phoneNumber: '9000000501' },
          remoteAddress: '198.18.3.1',
        });
        expect(send.statusCode).toBe(503);
        expect(send.headers['retry-after']).toBe('5');
        expectProblem(send, 'service_unavailable', unavailableDetail());
      });
    });
  },
);
