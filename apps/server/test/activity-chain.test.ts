/**
 * The tamper-evident activity log (issue 17; lib/activity-chain.ts), on every backend: every
 * entry carries the SHA-256 of the holder's previous entry and its own, recomputed here from
 * the documented canonical JSON; GET .../activity-logs/verify and the export say whether the
 * chain is intact and name the first broken entry after an edited, deleted or inserted row;
 * twenty writes at once for one holder do not fork the chain; a log written before the chain
 * existed is chained on the holder's next write; views of a verify link at once with other writes
 * are each logged in their place; a chain hashed before `written_by` existed
 * still verifies after the migration, and a changed `written_by` breaks it; the housekeeping
 * purge deletes no entry younger than a year (DPDP Rules 2025, rule 6); another holder's
 * verdict is 403.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ActivityLog,
  activityChainVerdictSchema,
  activityLogListSchema,
  canonicalJson,
  DAY_MS,
  DEMO_ACCOUNTS,
} from '@pehchaan/core';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/accounts/purge-expired';
import { MIGRATIONS_FOLDER } from '../src/db/create-db';
import { activityLogs } from '../src/db/schema';
import { verifyActivityChain } from '../src/lib/verify-activity-chain';
import { bearer, buildTestApp, loginDemo, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const THIRD = DEMO_ACCOUNTS[2] as (typeof DEMO_ACCOUNTS)[number];

/** The types whose older entries the holder's app wrote (the documented legacy writer). */
const LEGACY_HOLDER = [
  'test_manual',
  'credential_shared',
  'credential_copied',
  'credential_downloaded',
];

/**
 * The documented hash, computed independently of lib/activity-chain.ts: `written_by` is hashed
 * when it differs from the type's legacy writer.
 */
function expectedHash(log: ActivityLog): string {
  const legacy = LEGACY_HOLDER.includes(log.type) ? 'holder' : 'server';
  const text = canonicalJson({
    id: log.id,
    user_id: log.userId,
    seq: log.seq,
    type: log.type,
    description: log.description,
    message_code: log.message_code ?? null,
    message_params: log.message_params ?? null,
    timestamp: log.timestamp,
    prev_hash: log.prev_hash,
    ...(log.written_by === legacy ? {} : { written_by: log.written_by }),
  });
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The hash as it was before `written_by` existed. */
function hashBeforeWriters(entry: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(entry), 'utf8').digest('hex');
}

/** The committed migration's statement that gives older rows their writer. */
function writerMigrationStatement(): string {
  for (const file of readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql'))) {
    const statement = readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8')
      .split('--> statement-breakpoint')
      .find((part) => part.includes('SET "written_by"'));
    if (statement) return statement;
  }
  throw new Error('no migration sets written_by');
}

describe.each(backends)('the activity log hash chain on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
    token = await loginDemo(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const record = (description: string, as = token, user = 'user-001') =>
    app.inject({
      method: 'POST',
      url: `/user/${user}/activity-logs`,
      headers: bearer(as),
      payload: { type: 'test_manual', description },
    });
  const verdict = async (user = 'user-001') => {
    const response = await app.inject({
      url: `/user/${user}/activity-logs/verify`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return activityChainVerdictSchema.parse(response.json());
  };
  /** The holder's log in chain order. */
  const chain = async (user = 'user-001') => {
    const response = await app.inject({
      url: `/user/${user}/activity-logs`,
      headers: bearer(token),
    });
    const logs = activityLogListSchema.parse(response.json()).activity_logs;
    return logs.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  };

  it('links each entry to the previous one by its SHA-256, and says the chain is intact', async () => {
    for (const text of ['first', 'second', 'third']) {
      clock.advance(1000);
      expect((await record(text)).statusCode).toBe(201);
    }
    const logs = await chain();
    expect(logs.map((log) => log.seq)).toEqual(logs.map((_, i) => i + 1));
    for (const [i, log] of logs.entries()) {
      expect(log.hash).toBe(expectedHash(log));
      expect(log.prev_hash).toBe(i === 0 ? null : logs[i - 1]?.hash);
    }
    expect(await verdict()).toEqual({ intact: true, entries: logs.length, first_broken_id: null });

    const exported = await app.inject({ url: '/user/user-001/export', headers: bearer(token) });
    expect(exported.json().activity_chain).toEqual({
      intact: true,
      entries: logs.length,
      first_broken_id: null,
    });
  });

  it('names the first broken entry after a row is edited, and after one is deleted', async () => {
    const logs = await chain();
    const edited = logs.find((log) => log.description === 'second');
    if (!edited) throw new Error('no entry "second"');
    await app.deps.db
      .update(activityLogs)
      .set({ description: 'second (changed)' })
      .where(eq(activityLogs.id, edited.id));
    expect(await verdict()).toEqual({
      intact: false,
      entries: logs.length,
      first_broken_id: edited.id,
    });
    const exported = await app.inject({ url: '/user/user-001/export', headers: bearer(token) });
    expect(exported.json().activity_chain.first_broken_id).toBe(edited.id);

    // Put it back: intact again. Then delete it: the entry after it no longer links.
    await app.deps.db
      .update(activityLogs)
      .set({ description: 'second' })
      .where(eq(activityLogs.id, edited.id));
    expect((await verdict()).intact).toBe(true);
    await app.deps.db.delete(activityLogs).where(eq(activityLogs.id, edited.id));
    const next = logs.find((log) => log.seq === (edited.seq ?? 0) + 1);
    expect(await verdict()).toMatchObject({ intact: false, first_broken_id: next?.id });
  });

  it('never forks one holder’s chain under twenty writes at once', async () => {
    const other = await loginDemo(app, SECONDARY);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => record(`parallel ${i}`, other, 'user-002')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const rows = await app.deps.db
      .select({ seq: activityLogs.seq })
      .from(activityLogs)
      .where(eq(activityLogs.userId, 'user-002'))
      .orderBy(asc(activityLogs.seq));
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, i) => i + 1));
    const response = await app.inject({
      url: '/user/user-002/activity-logs/verify',
      headers: bearer(other),
    });
    expect(response.json()).toEqual({ intact: true, entries: rows.length, first_broken_id: null });
  });

  it('logs every view of a verify link in its place while views and other writes come at once', async () => {
    const other = await loginDemo(app, SECONDARY);
    const listed = await app.inject({ url: '/user/user-002/credentials', headers: bearer(other) });
    const credentialId = listed.json().credentials[0]?.id as string;
    const viewed = async () =>
      (
        await app.deps.db
          .select({ id: activityLogs.id })
          .from(activityLogs)
          .where(
            sql`${activityLogs.userId} = 'user-002' and ${activityLogs.messageCode} = 'credential_link_viewed'`,
          )
      ).length;
    const before = await viewed();
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        i % 4 === 3
          ? record(`beside the views ${i}`, other, 'user-002')
          : app.inject({ url: `/api/verify/${credentialId}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      ...Array(12).fill(200),
      ...Array(4).fill(201),
    ]);
    expect(await viewed()).toBe(before + 12);
    const rows = await app.deps.db
      .select({ seq: activityLogs.seq })
      .from(activityLogs)
      .where(eq(activityLogs.userId, 'user-002'))
      .orderBy(asc(activityLogs.seq));
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, i) => i + 1));
    const response = await app.inject({
      url: '/user/user-002/activity-logs/verify',
      headers: bearer(other),
    });
    expect(response.json()).toEqual({ intact: true, entries: rows.length, first_broken_id: null });
  });

  it('chains a log written before the chain existed on the next write; an unchained row beside a chain is reported', async () => {
    const user = 'user-003';
    // Entries as an older version wrote them: no seq, no hashes (user-003 has never logged in).
    const at = clock.now().getTime();
    await app.deps.db.insert(activityLogs).values([
      {
        id: 'log-old-2',
        userId: user,
        type: 'login',
        description: 'Old B',
        timestamp: new Date(at - 1000),
      },
      {
        id: 'log-old-1',
        userId: user,
        type: 'login',
        description: 'Old A',
        timestamp: new Date(at - 2000),
      },
    ]);
    const thirdToken = await loginDemo(app, THIRD);
    const response = await app.inject({
      url: `/user/${user}/activity-logs/verify`,
      headers: bearer(thirdToken),
    });
    // The two old entries, then the login's.
    expect(response.json()).toMatchObject({ intact: true, first_broken_id: null });
    expect(response.json().entries).toBeGreaterThanOrEqual(3);
    const [first] = await app.deps.db
      .select({ id: activityLogs.id, seq: activityLogs.seq })
      .from(activityLogs)
      .where(eq(activityLogs.userId, user))
      .orderBy(asc(activityLogs.seq))
      .limit(1);
    expect(first).toEqual({ id: 'log-old-1', seq: 1 });

    // A row slipped in beside the chain is not laundered by the next write.
    await app.deps.db.insert(activityLogs).values({
      id: 'log-forged',
      userId: user,
      type: 'consent_approved',
      description: 'Forged',
      timestamp: clock.now(),
    });
    await app.inject({
      method: 'POST',
      url: `/user/${user}/activity-logs`,
      headers: bearer(thirdToken),
      payload: { type: 'test_manual', description: 'after' },
    });
    const after = await app.inject({
      url: `/user/${user}/activity-logs/verify`,
      headers: bearer(thirdToken),
    });
    expect(after.json()).toMatchObject({ intact: false, first_broken_id: 'log-forged' });
  });

  it('keeps every entry younger than a year through the housekeeping purge (DPDP Rules rule 6)', async () => {
    const before = await app.deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(activityLogs);
    clock.advance(364 * DAY_MS);
    await purgeExpired(app.deps);
    const after = await app.deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(activityLogs);
    expect(after[0]?.count).toBe(before[0]?.count);
  });

  it('lets a holder record only a test entry, not a withdrawal, a delivered notice or a sign-in', async () => {
    token = await loginDemo(app);
    const before = await verdict();
    for (const type of ['consent_withdrawn', 'withdrawal_delivered', 'login', 'security_alert']) {
      const response = await app.inject({
        method: 'POST',
        url: '/user/user-001/activity-logs',
        headers: bearer(token),
        payload: { type, description: 'Forged by the client' },
      });
      expectProblem(response, 'activity_type_reserved');
    }
    expect(await verdict()).toEqual(before);
  });

  it('keeps a chain hashed before written_by existed intact after the migration; a changed writer breaks it', async () => {
    const user = 'user-005';
    const start = clock.now().getTime();
    // Three entries hashed as an older version did (no written_by), the column at its default.
    let prev: string | null = null;
    const rows = [];
    for (const [i, type] of (['login', 'test_manual', 'credential_copied'] as const).entries()) {
      const entry = {
        id: `log-legacy-${i + 1}`,
        user_id: user,
        seq: i + 1,
        type,
        description: `Legacy ${type}`,
        message_code: null,
        message_params: null,
        timestamp: new Date(start + i * 1000).toISOString(),
        prev_hash: prev,
      };
      const entryHash = hashBeforeWriters(entry);
      rows.push({
        id: entry.id,
        userId: user,
        seq: entry.seq,
        type,
        description: entry.description,
        timestamp: new Date(entry.timestamp),
        prevHash: prev,
        hash: entryHash,
        writtenBy: 'server',
      });
      prev = entryHash;
    }
    await app.deps.db.insert(activityLogs).values(rows);
    await app.deps.db.execute(sql.raw(writerMigrationStatement()));
    const writers = await app.deps.db
      .select({ type: activityLogs.type, writtenBy: activityLogs.writtenBy })
      .from(activityLogs)
      .where(eq(activityLogs.userId, user))
      .orderBy(asc(activityLogs.seq));
    expect(writers).toEqual([
      { type: 'login', writtenBy: 'server' },
      { type: 'test_manual', writtenBy: 'holder' },
      { type: 'credential_copied', writtenBy: 'holder' },
    ]);
    expect(await verifyActivityChain({ db: app.deps.db, userId: user })).toEqual({
      intact: true,
      entries: 3,
      first_broken_id: null,
    });

    // Claiming the holder wrote the sign-in, or the server the test entry: broken at that entry.
    for (const [id, writtenBy] of [
      ['log-legacy-1', 'holder'],
      ['log-legacy-2', 'server'],
    ] as const) {
      const [row] = await app.deps.db
        .select({ writtenBy: activityLogs.writtenBy })
        .from(activityLogs)
        .where(eq(activityLogs.id, id));
      await app.deps.db.update(activityLogs).set({ writtenBy }).where(eq(activityLogs.id, id));
      expect(await verifyActivityChain({ db: app.deps.db, userId: user })).toMatchObject({
        intact: false,
        first_broken_id: id,
      });
      await app.deps.db
        .update(activityLogs)
        .set({ writtenBy: row?.writtenBy })
        .where(eq(activityLogs.id, id));
    }
    expect((await verifyActivityChain({ db: app.deps.db, userId: user })).intact).toBe(true);
  });

  it('hashes a new entry whose writer is not its legacy one with written_by; changing it breaks the chain', async () => {
    // user-002: user-001's chain was broken on purpose above.
    const other = await loginDemo(app, SECONDARY);
    const call = (url: string, payload?: object) =>
      app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: bearer(other),
        ...(payload ? { payload } : {}),
      });
    const otherVerdict = async () =>
      activityChainVerdictSchema.parse((await call('/user/user-002/activity-logs/verify')).json());
    const generated = await call(
      '/identity/generate-credential?user_id=user-002&document_type=pan',
      {},
    );
    expect(generated.statusCode, generated.body).toBe(200);
    const shared = await call('/user/user-002/shares', {
      credential_id: generated.json().credential_id,
      fields: ['name'],
      lifetime: '1d',
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const logs = activityLogListSchema.parse(
      (await call('/user/user-002/activity-logs')).json(),
    ).activity_logs;
    // Written by the server; the legacy writer of credential_shared is the holder.
    const entry = logs.find((log) => log.type === 'credential_shared');
    if (!entry) throw new Error('no credential_shared entry');
    expect(entry.written_by).toBe('server');
    for (const log of logs) expect(log.hash, log.type).toBe(expectedHash(log));
    expect((await otherVerdict()).intact).toBe(true);
    await app.deps.db
      .update(activityLogs)
      .set({ writtenBy: 'holder' })
      .where(eq(activityLogs.id, entry.id));
    expect(await otherVerdict()).toMatchObject({ intact: false, first_broken_id: entry.id });
    await app.deps.db
      .update(activityLogs)
      .set({ writtenBy: 'server' })
      .where(eq(activityLogs.id, entry.id));
    expect((await otherVerdict()).intact).toBe(true);
  });

  it("answers 403 for another holder's chain", async () => {
    token = await loginDemo(app);
    const response = await app.inject({
      url: '/user/user-002/activity-logs/verify',
      headers: bearer(token),
    });
    expectProblem(response, 'forbidden');
  });
});
