/**
 * Housekeeping (services/purge-expired.ts, docs/scaling.md) on every backend: ended sessions,
 * expired OTP challenges and stale failed-login counts are deleted a day (30 days for the
 * counts) after they stop mattering; live rows and locked numbers stay.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle, otpChallenges, sessions } from '../src/db/schema';
import { LOGIN_FAILURE_LIMIT } from '../src/services/login-throttle';
import { purgeExpired } from '../src/services/purge-expired';
import { buildTestApp, HOUR_MS, MINUTE_MS, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

const DAY_MS = 24 * HOUR_MS;

describe.each(backends)('purging expired rows on $name', (backend) => {
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

  it('deletes what can no longer be used and keeps the rest', async () => {
    const { db } = app.deps;
    const now = clock.now().getTime();
    const at = (offsetMs: number) => new Date(now + offsetMs);
    const session = (id: string, fields: Partial<typeof sessions.$inferInsert>) => ({
      id,
      tokenHash: `hash-${id}`,
      userId: 'user-001',
      kind: 'demo',
      createdAt: at(-2 * HOUR_MS),
      lastUsedAt: at(-MINUTE_MS),
      absoluteExpiresAt: at(10 * HOUR_MS),
      ...fields,
    });
    await db.insert(sessions).values([
      session('sess-live', {}),
      session('sess-revoked-now', { revokedAt: at(-HOUR_MS) }),
      session('sess-revoked-old', { revokedAt: at(-2 * DAY_MS) }),
      session('sess-idle-old', {
        lastUsedAt: at(-2 * DAY_MS),
        absoluteExpiresAt: at(-DAY_MS - HOUR_MS),
      }),
      session('sess-idle-recent', { lastUsedAt: at(-HOUR_MS) }),
    ]);
    const challenge = (id: string, expiresAt: Date) => ({
      id,
      phone: '9000000001',
      aadhaarHmac: null,
      codeHmac: 'x',
      createdAt: at(-3 * DAY_MS),
      expiresAt,
    });
    await db
      .insert(otpChallenges)
      .values([challenge('otp-old', at(-2 * DAY_MS)), challenge('otp-live', at(4 * MINUTE_MS))]);
    const count = (key: string, failures: number, updatedAt: Date) => ({
      key,
      consecutiveFailures: failures,
      nextAttemptAt: updatedAt,
      updatedAt,
    });
    await db
      .insert(loginThrottle)
      .values([
        count('stale', 7, at(-31 * DAY_MS)),
        count('stale-locked', LOGIN_FAILURE_LIMIT, at(-31 * DAY_MS)),
        count('recent', 7, at(-DAY_MS)),
      ]);

    expect(await purgeExpired({ db, now: clock.now })).toEqual({
      sessions: 2,
      otpChallenges: 1,
      loginThrottle: 1,
    });
    const ids = (await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id);
    expect(ids).toEqual(
      expect.arrayContaining(['sess-live', 'sess-revoked-now', 'sess-idle-recent']),
    );
    expect(ids).not.toContain('sess-revoked-old');
    expect(ids).not.toContain('sess-idle-old');
    const otps = (await db.select({ id: otpChallenges.id }).from(otpChallenges)).map((r) => r.id);
    expect(otps).toEqual(['otp-live']);
    const keys = (await db.select({ key: loginThrottle.key }).from(loginThrottle)).map(
      (r) => r.key,
    );
    expect(keys.sort()).toEqual(['recent', 'stale-locked']);

    // Nothing left to delete: a second run deletes nothing.
    expect(await purgeExpired({ db, now: clock.now })).toEqual({
      sessions: 0,
      otpChallenges: 0,
      loginThrottle: 0,
    });
  });
});
