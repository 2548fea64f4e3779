/**
 * The read cache (ADR 0006; src/lib/read-cache.ts, plugins/read-cache.ts, migration 0005) never
 * answers what the database no longer holds: a holder's own writes show at once, changes made
 * elsewhere (another server instance, an operator, housekeeping) as soon as the database's
 * notification arrives, a revoked session is refused, a verdict is not kept past validUntil,
 * and nothing is served from memory while the change feed is down. On every backend; the
 * second-instance and lost-feed cases need PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../src/db/create-db';
import { HOLDER_CHANGED_CHANNEL } from '../src/plugins/read-cache';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

const USER = PRIMARY.userId;
const BANK = `consent-${USER}-bank`;
const TELECOM = `consent-${USER}-telecom`;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A notification is asynchronous: retry until it has arrived (at most 5 s). */
const eventually = (check: () => Promise<void>) =>
  vi.waitFor(check, { timeout: 5000, interval: 25 });

describe.each(backends)('read cache on $name', (backend) => {
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

  const get = (url: string, token: string, on = app) => on.inject({ url, headers: bearer(token) });
  const credentialTypes = async (token: string, on = app) => {
    const response = await get(`/user/${USER}/credentials`, token, on);
    expect(response.statusCode).toBe(200);
    const records = response.json().credentials as {
      credential_subject: { document_type: string };
    }[];
    return records.map((record) => record.credential_subject.document_type);
  };
  const consentStatus = async (token: string, id: string, on = app) => {
    const response = await get(`/user/${USER}/consent-requests`, token, on);
    expect(response.statusCode).toBe(200);
    const requests = response.json().consent_requests as { id: string; status: string }[];
    return requests.find((request) => request.id === id)?.status;
  };
  /** Issues a PAN credential (one per holder: the test that issues one deletes it again). */
  const generatePan = async (token: string, on = app) => {
    const response = await on.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${USER}&document_type=pan`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json().credential_id as string;
  };

  it('answers a repeated read from memory, and the holder sees their own writes at once', async () => {
    const token = await loginDemo(app);
    const first = await get(`/user/${USER}/credentials`, token);
    // On PostgreSQL the notification of the login's own writes may still be on its way and
    // drop the first entry: the repeated read is served from memory once it has arrived.
    await eventually(async () => {
      const hits = app.readCache.stats().hits;
      const again = await get(`/user/${USER}/credentials`, token);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(app.readCache.stats().hits).toBeGreaterThan(hits);
    });

    const panId = await generatePan(token);
    expect(await credentialTypes(token)).toContain('PAN Card');
    const verified = await app.inject({ url: `/api/verify/${panId}` });
    expect(verified.json().status).toBe('verified');
    expect((await app.inject({ url: `/api/verify/${panId}` })).body).toBe(verified.body);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/user/${USER}/credentials/${panId}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await credentialTypes(token)).not.toContain('PAN Card');
    expect((await app.inject({ url: `/api/verify/${panId}` })).statusCode).toBe(404);

    expect(await consentStatus(token, BANK)).toBe('pending');
    await app.inject({
      method: 'POST',
      url: `/user/${USER}/consent-requests/${BANK}/approve`,
      headers: bearer(token),
    });
    expect(await consentStatus(token, BANK)).toBe('approved');

    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect((await get(`/user/${USER}/credentials`, token)).statusCode).toBe(401);
  });

  it("keeps the holder's cached lists when a decision is only replayed (Idempotency-Key)", async () => {
    const token = await loginDemo(app);
    const reject = (key: string) =>
      app.inject({
        method: 'POST',
        url: `/user/${USER}/consent-requests/${TELECOM}/reject`,
        headers: { ...bearer(token), 'idempotency-key': key },
      });
    const first = await reject('replay-keeps-cache');
    expect(first.statusCode).toBe(200);
    expect(await consentStatus(token, TELECOM)).toBe('rejected');
    // Cached now (on PostgreSQL once the decision's own notification has arrived).
    await eventually(async () => {
      const hits = app.readCache.stats().hits;
      expect(await consentStatus(token, TELECOM)).toBe('rejected');
      expect(app.readCache.stats().hits).toBeGreaterThan(hits);
    });
    const replayed = await reject('replay-keeps-cache');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(first.json());
    const hits = app.readCache.stats().hits;
    expect(await consentStatus(token, TELECOM)).toBe('rejected');
    // Both from memory: the session and the list.
    expect(app.readCache.stats().hits).toBe(hits + 2);

    const reset = await app.inject({
      method: 'POST',
      url: `/user/${USER}/consent-requests/reset`,
      headers: bearer(token),
    });
    expect(reset.statusCode).toBe(200);
    expect(await consentStatus(token, TELECOM)).toBe('pending');
  });

  it("keeps the holder's cached session and lists through writes refused before their handler ran", async () => {
    const token = await loginDemo(app);
    await eventually(async () => {
      const hits = app.readCache.stats().hits;
      expect(await credentialTypes(token)).toContain('Basic Identity');
      expect(app.readCache.stats().hits).toBe(hits + 2);
    });
    const refused = [
      // Schema validation (400), an unparsable body (400), a wrong media type (415), another
      // holder's path (403): no use case ran, so nothing of the holder changed.
      app.inject({
        method: 'PUT',
        url: `/user/${USER}/settings`,
        headers: bearer(token),
        payload: { theme: 7 },
      }),
      app.inject({
        method: 'POST',
        url: `/user/${USER}/activity-logs`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{"type":',
      }),
      app.inject({
        method: 'POST',
        url: `/user/${USER}/activity-logs`,
        headers: { ...bearer(token), 'content-type': 'text/plain' },
        payload: 'x',
      }),
      app.inject({
        method: 'DELETE',
        url: `/user/${SECONDARY.userId}/credentials/anything`,
        headers: bearer(token),
      }),
    ];
    expect((await Promise.all(refused)).map((response) => response.statusCode)).toEqual([
      400, 400, 415, 403,
    ]);
    const before = app.readCache.stats();
    expect(await credentialTypes(token)).toContain('Basic Identity');
    // The session and the list, both from memory.
    expect(app.readCache.stats().hits - before.hits).toBe(2);
    expect(app.readCache.stats().misses - before.misses).toBe(0);

    // A write that reached its use case is still seen at once.
    const logged = await app.inject({
      method: 'POST',
      url: `/user/${USER}/activity-logs`,
      headers: bearer(token),
      payload: { type: 'test_manual', description: 'after the refusals' },
    });
    expect(logged.statusCode).toBe(201);
    const misses = app.readCache.stats().misses;
    const logs = await get(`/user/${USER}/activity-logs`, token);
    expect(logs.json().activity_logs[0].description).toBe('after the refusals');
    expect(app.readCache.stats().misses).toBeGreaterThan(misses);
  });

  it('knows a session from its sign-in: its first use reads no session row, and its logout still ends it', async () => {
    await loginDemo(app); // the holder's Basic Identity exists from here on
    const token = await loginDemo(app);
    const before = app.readCache.stats();
    const profile = await get(`/user/${USER}/profile`, token);
    expect(profile.statusCode).toBe(200);
    const after = app.readCache.stats();
    expect(after.hits - before.hits).toBe(1);
    expect(after.misses - before.misses).toBe(0);

    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect((await get(`/user/${USER}/profile`, token)).statusCode).toBe(401);
  });

  it("keeps every device's session through the holder's consent decisions, yet a revocation still ends them at once", async () => {
    const phone = await loginDemo(app);
    const laptop = await loginDemo(app);
    expect(await consentStatus(laptop, BANK)).toBeDefined();
    const approved = await app.inject({
      method: 'POST',
      url: `/user/${USER}/consent-requests/${BANK}/approve`,
      headers: bearer(phone),
    });
    expect(approved.statusCode).toBe(200);
    // The decision and its database notification drop the holder's lists, not their sessions:
    // the laptop's next call is authenticated from memory (one hit: its session; one miss: the
    // list it must read again).
    await eventually(async () => {
      const before = app.readCache.stats();
      expect(await consentStatus(laptop, BANK)).toBe('approved');
      const after = app.readCache.stats();
      expect(after.hits - before.hits).toBeGreaterThanOrEqual(1);
      expect(after.misses - before.misses).toBeLessThanOrEqual(1);
    });
    const reset = await app.inject({
      method: 'POST',
      url: `/user/${USER}/consent-requests/reset`,
      headers: bearer(phone),
    });
    expect(reset.statusCode).toBe(200);
    const before = app.readCache.stats();
    expect((await get(`/user/${USER}/profile`, laptop)).statusCode).toBe(200);
    expect(app.readCache.stats().hits - before.hits).toBe(1);
    expect(app.readCache.stats().misses - before.misses).toBe(0);

    // Ending the other sessions is seen by this instance's very next request.
    const revoked = await app.inject({
      method: 'POST',
      url: `/user/${USER}/sessions/revoke-others`,
      headers: bearer(phone),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await get(`/user/${USER}/profile`, laptop)).statusCode).toBe(401);
    expect((await get(`/user/${USER}/profile`, phone)).statusCode).toBe(200);
  });

  it('sees rows changed outside this server (another instance, an operator) and refuses a session revoked there', async () => {
    const token = await loginDemo(app);
    expect(await consentStatus(token, TELECOM)).toBe('pending');
    expect(await consentStatus(token, TELECOM)).toBe('pending');
    await opened.database.db.execute(
      sql`update consent_requests set status = 'rejected' where id = ${TELECOM}`,
    );
    await eventually(async () => expect(await consentStatus(token, TELECOM)).toBe('rejected'));

    await opened.database.db.execute(
      sql`update sessions set revoked_at = now() where user_id = ${USER} and revoked_at is null`,
    );
    await eventually(async () =>
      expect((await get(`/user/${USER}/credentials`, token)).statusCode).toBe(401),
    );
  });

  it('keeps nothing with READ_CACHE=off', async () => {
    const uncached = await buildTestApp(opened.database, {
      now: clock.now,
      masterKey,
      readCache: false,
    });
    try {
      const token = await loginDemo(uncached);
      await credentialTypes(token, uncached);
      await credentialTypes(token, uncached);
      expect(uncached.readCache.stats()).toMatchObject({ enabled: false, hits: 0, entries: 0 });
    } finally {
      await uncached.close();
    }
  });

  it.skipIf(backend.name !== 'postgresql')(
    'another server instance on the same database: its writes and revocations reach this one',
    async () => {
      const otherDatabase = await createDatabase({
        databaseUrl: opened.url,
        dataDir: 'memory://',
      });
      const other = await buildTestApp(otherDatabase, { now: clock.now, masterKey });
      try {
        const here = await loginDemo(app);
        const there = await loginDemo(other);
        expect(await credentialTypes(here)).not.toContain('PAN Card');
        expect(await credentialTypes(here)).not.toContain('PAN Card');
        const panId = await generatePan(there, other);
        await eventually(async () => expect(await credentialTypes(here)).toContain('PAN Card'));
        await other.inject({
          method: 'DELETE',
          url: `/user/${USER}/credentials/${panId}`,
          headers: bearer(there),
        });
        await eventually(async () => expect(await credentialTypes(here)).not.toContain('PAN Card'));

        const revoked = await other.inject({
          method: 'POST',
          url: `/user/${USER}/sessions/revoke-others`,
          headers: bearer(there),
        });
        expect(revoked.statusCode).toBe(200);
        await eventually(async () =>
          expect((await get(`/user/${USER}/credentials`, here)).statusCode).toBe(401),
        );
        expect((await get(`/user/${USER}/credentials`, there, other)).statusCode).toBe(200);
      } finally {
        await other.close();
        await otherDatabase.close();
      }
    },
  );

  it.skipIf(backend.name !== 'postgresql')(
    'while the change feed is down every read goes to the database, and caching resumes when it is back',
    async () => {
      const token = await loginDemo(app);
      await consentStatus(token, BANK);
      await opened.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database()
               and query like ${`%LISTEN ${HOLDER_CHANGED_CHANNEL}%`}`,
      );
      await eventually(async () => expect(app.readCache.enabled).toBe(false));
      // Without the feed, a change made elsewhere is seen on the very next read.
      await opened.database.db.execute(
        sql`update consent_requests set status = 'pending' where id = ${BANK}`,
      );
      expect(await consentStatus(token, BANK)).toBe('pending');
      await eventually(async () => expect(app.readCache.enabled).toBe(true));
      await consentStatus(token, BANK);
      const hits = app.readCache.stats().hits;
      await consentStatus(token, BANK);
      expect(app.readCache.stats().hits).toBeGreaterThan(hits);
    },
  );

  it('keeps a verdict only while it holds: once validUntil has passed the link answers expired', async () => {
    const token = await loginDemo(app);
    const panId = await generatePan(token);
    const before = await app.inject({ url: `/api/verify/${panId}` });
    expect(before.json().status).toBe('verified');
    clock.advance(6 * YEAR_MS); // PAN credentials are valid for 5 years
    const after = await app.inject({ url: `/api/verify/${panId}` });
    expect(after.json()).toMatchObject({ status: 'expired', verified: false });
  });
});
