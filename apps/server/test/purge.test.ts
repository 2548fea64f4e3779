/**
 * Housekeeping (accounts/purge-expired.ts, docs/scaling.md) on every backend: ended sessions,
 * expired OTP challenges and stale failed-login counts are deleted a day (30 days for the
 * counts) after they stop mattering; live rows and locked numbers stay.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_LIMIT } from '../src/accounts/login-throttle';
import { purgeExpired } from '../src/accounts/purge-expired';
import {
  loginThrottle,
  otpChallenges,
  pendingLogins,
  retainedRecords,
  sessions,
  webauthnChallenges,
} from '../src/db/schema';
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

    const pending = (id: string, expiresAt: Date) => ({
      id,
      tokenHash: `hash-${id}`,
      userId: 'user-001',
      kind: 'demo',
      factors: ['password'],
      done: [],
      deviceHash: 'device',
      createdAt: at(-10 * MINUTE_MS),
      expiresAt,
    });
    await db
      .insert(pendingLogins)
      .values([pending('login-old', at(-MINUTE_MS)), pending('login-live', at(MINUTE_MS))]);
    await db.insert(webauthnChallenges).values({
      id: 'chal-old',
      userId: 'user-001',
      purpose: 'unlock',
      sessionId: 'sess-live',
      challenge: 'c',
      expiresAt: at(-MINUTE_MS),
    });
    // What the law kept of an erased account: deleted one year after it happened, not before.
    const kept = (id: string, eraseAfter: Date) => ({
      id,
      userId: 'user-erased',
      kind: 'security_log',
      record: { type: 'login' },
      occurredAt: at(-300 * DAY_MS),
      eraseAfter,
      createdAt: at(-DAY_MS),
    });
    await db
      .insert(retainedRecords)
      .values([kept('kept-due', at(-MINUTE_MS)), kept('kept-young', at(65 * DAY_MS))]);

    expect(await purgeExpired({ db, now: clock.now })).toEqual({
      sessions: 2,
      otpChallenges: 1,
      loginThrottle: 1,
      pendingLogins: 1,
      webauthnChallenges: 1,
      retainedRecords: 1,
    });
    expect((await db.select({ id: retainedRecords.id }).from(retainedRecords))[0]?.id).toBe(
      'kept-young',
    );
    expect((await db.select({ id: pendingLogins.id }).from(pendingLogins))[0]?.id).toBe(
      'login-live',
    );
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
      pendingLogins: 0,
      webauthnChallenges: 0,
      retainedRecords: 0,
    });
  });
});
