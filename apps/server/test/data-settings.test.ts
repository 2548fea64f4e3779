/**
 * Settings › Privacy and Data and storage act on the server (issue 19), and Delete Account
 * erases, on every backend: Data sharing off stops new shares and consent approvals; Data
 * retention cuts the activity log from its oldest end, keeping security and consent records
 * younger than a year (DPDP Rules 2025, rule 6); Automatic backup makes backups only the
 * holder's passphrase opens, and they restore; Delete Account erases after 7 days unless the
 * holder signs in, keeping the security log and consent records for a year (DPDP Act s.12).
 * Time moves with the TestClock.
 */
import {
  ACCOUNT_DELETION_GRACE_MS,
  type ActivityType,
  type BackupFile,
  DEMO_ACCOUNTS,
  DEMO_OTP,
  type HolderExport,
  type UserSettings,
} from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CompactEncrypt, compactDecrypt, exportJWK, generateKeyPair, importJWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eraseDueAccounts } from '../src/accounts/erase-due-accounts';
import { makeDueBackups } from '../src/accounts/make-due-backups';
import { purgeExpired } from '../src/accounts/purge-expired';
import {
  activityLogAnchors,
  activityLogs,
  credentials,
  retainedRecords,
  users,
} from '../src/db/schema';
import { recordActivity } from '../src/lib/activity-log';
import { applyDataRetention } from '../src/lib/activity-retention';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const DAY_MS = 24 * 3_600_000;
const THIRD = DEMO_ACCOUNTS[2] as (typeof DEMO_ACCOUNTS)[number];

describe.each(backends)('data settings on $name', (backend) => {
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

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const settingsOf = async (token: string, userId: string) =>
    (await call('GET', `/user/${userId}/settings`, token)).json().settings as UserSettings;
  const saveSettings = async (token: string, userId: string, change: Partial<UserSettings>) =>
    call('PUT', `/user/${userId}/settings`, token, {
      ...(await settingsOf(token, userId)),
      ...change,
    });
  const credentialsOf = async (token: string, userId: string) =>
    (await call('GET', `/user/${userId}/credentials`, token)).json().credentials as {
      id: string;
      credential_subject: { document_type: string };
    }[];

  describe('data sharing', () => {
    it('is on by default; off, it stops new shares and approvals, not rejections', async () => {
      const token = await loginDemo(app);
      expect((await settingsOf(token, 'user-001')).dataSharing).toBe(true);
      const [basic] = await credentialsOf(token, 'user-001');
      const share = { credential_id: basic?.id, fields: ['name'], lifetime: '1d' };
      expect((await call('POST', '/user/user-001/shares', token, share)).statusCode).toBe(201);

      expect((await saveSettings(token, 'user-001', { dataSharing: false })).statusCode).toBe(200);
      const refused = await call('POST', '/user/user-001/shares', token, share);
      expectProblem(
        refused,
        'data_sharing_off',
        'Data sharing is off in Settings › Privacy. Turn it on to share or approve requests.',
      );
      const requests = (await call('GET', '/user/user-001/consent-requests', token)).json()
        .consent_requests as { id: string; status: string }[];
      const [first, second] = requests.filter((r) => r.status === 'pending');
      expectProblem(
        await call('POST', `/user/user-001/consent-requests/${first?.id}/approve`, token, {}),
        'data_sharing_off',
      );
      expect(
        (await call('POST', `/user/user-001/consent-requests/${second?.id}/reject`, token, {}))
          .statusCode,
      ).toBe(200);

      await saveSettings(token, 'user-001', { dataSharing: true });
      expect((await call('POST', '/user/user-001/shares', token, share)).statusCode).toBe(201);
    });

    it('keeps the retired privacy switches at their fixed values', async () => {
      const token = await loginDemo(app);
      const saved = await saveSettings(token, 'user-001', {
        profileVisibility: 'public',
        locationSharing: true,
        searchEngineIndexing: true,
      });
      expect(saved.json().settings).toMatchObject({
        profileVisibility: 'private',
        locationSharing: false,
        searchEngineIndexing: false,
      });
    });
  });

  describe('data retention', () => {
    it('cuts the log from its oldest end, never a security or consent record under a year', async () => {
      // A holder with no log yet, whose chain (issue 17) starts with six old entries.
      const { db } = app.deps;
      const now = clock.now().getTime();
      const write = (type: ActivityType, daysAgo: number) =>
        recordActivity({
          db,
          now: () => new Date(now - daysAgo * DAY_MS),
          userId: THIRD.userId,
          type,
          description: `${type} ${daysAgo} days ago`,
        });
      const written: string[] = [];
      for (const [type, daysAgo] of [
        ['test_manual', 400],
        ['login', 380],
        ['credential_shared', 300],
        ['consent_approved', 200],
        ['credential_copied', 190],
        ['test_manual', 10],
      ] as const) {
        written.push((await write(type, daysAgo)).id);
      }
      const [, , e3, e4, e5, e6] = written;
      const token = await loginDemo(app, THIRD);
      const ids = async () => {
        const rows = await db
          .select({ id: activityLogs.id })
          .from(activityLogs)
          .where(eq(activityLogs.userId, THIRD.userId));
        return rows.map((row) => row.id).filter((id) => written.includes(id));
      };
      const verdict = async () =>
        (await call('GET', `/user/${THIRD.userId}/activity-logs/verify`, token)).json();

      // The default, 2 years: nothing is that old.
      expect(await ids()).toHaveLength(6);
      expect(
        (await saveSettings(token, THIRD.userId, { dataRetention: '6months' })).statusCode,
      ).toBe(200);
      // e1-e3 went; e4, a consent record of 200 days, stays, and so does e5 after it.
      expect((await ids()).sort()).toEqual([e4, e5, e6].sort());
      const [anchor] = await db
        .select()
        .from(activityLogAnchors)
        .where(eq(activityLogAnchors.userId, THIRD.userId));
      expect(anchor).toMatchObject({ lastRemovedId: e3, lastRemovedSeq: 3, removedCount: 3 });
      // What remains still checks as a hash chain, from the anchor.
      expect(await verdict()).toMatchObject({ intact: true, first_broken_id: null });

      // 170 days later the hourly run cuts e4 (now over a year) and e5.
      clock.advance(170 * DAY_MS);
      expect(await applyDataRetention({ db, now: clock.now })).toEqual({ removed: 2 });
      expect(await ids()).toEqual([e6]);
      const [later] = await db
        .select()
        .from(activityLogAnchors)
        .where(eq(activityLogAnchors.userId, THIRD.userId));
      expect(later).toMatchObject({ lastRemovedId: e5, lastRemovedSeq: 5, removedCount: 5 });
      const fresh = await loginDemo(app, THIRD);
      expect(
        (await call('GET', `/user/${THIRD.userId}/activity-logs/verify`, fresh)).json(),
      ).toMatchObject({ intact: true, first_broken_id: null });

      // Removing the oldest entry left is still caught: the chain no longer meets its anchor.
      await db.delete(activityLogs).where(eq(activityLogs.id, e6 as string));
      expect(
        (await call('GET', `/user/${THIRD.userId}/activity-logs/verify`, fresh)).json(),
      ).toMatchObject({ intact: false });
    });
  });

  describe('automatic backup', () => {
    const passphrase = 'neem tree by the well';

    /** What the browser does: a P-256 key pair, the private key wrapped by the passphrase. */
    const makeBackupKey = async () => {
      const { publicKey, privateKey } = await generateKeyPair('ECDH-ES+A256KW', {
        extractable: true,
      });
      const publicJwk = await exportJWK(publicKey);
      const wrapped = await new CompactEncrypt(
        new TextEncoder().encode(JSON.stringify(await exportJWK(privateKey))),
      )
        .setProtectedHeader({ alg: 'PBES2-HS512+A256KW', enc: 'A256GCM' })
        .setKeyManagementParameters({ p2c: 10_000 })
        .encrypt(new TextEncoder().encode(passphrase));
      return {
        public_jwk: { kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x, y: publicJwk.y },
        wrapped_private_key: wrapped,
      };
    };

    /** What the browser does to restore: unwrap with the passphrase, decrypt the backup. */
    const openBackup = async (file: BackupFile, secret: string) => {
      const { plaintext: jwk } = await compactDecrypt(
        file.wrapped_private_key,
        new TextEncoder().encode(secret),
        { keyManagementAlgorithms: ['PBES2-HS512+A256KW'] },
      );
      const key = await importJWK(JSON.parse(new TextDecoder().decode(jwk)), 'ECDH-ES+A256KW');
      const { plaintext } = await compactDecrypt(file.backup, key);
      return JSON.parse(new TextDecoder().decode(plaintext)) as HolderExport;
    };

    it('needs a passphrase, backs up on schedule, and only the passphrase opens it', async () => {
      const token = await loginDemo(app, SECONDARY);
      expectProblem(
        await saveSettings(token, 'user-002', { autoBackup: true }),
        'backup_key_required',
      );
      expect(
        (await call('PUT', '/user/user-002/backup-key', token, await makeBackupKey())).statusCode,
      ).toBe(200);
      await saveSettings(token, 'user-002', { autoBackup: true, backupFrequency: 'weekly' });
      await call('POST', '/identity/generate-credential?user_id=user-002&document_type=pan', token);

      expect(await makeDueBackups(app.deps)).toEqual({ made: 1 });
      expect(await makeDueBackups(app.deps)).toEqual({ made: 0 });
      clock.advance(7 * DAY_MS);
      const fresh = await loginDemo(app, SECONDARY);
      expect(await makeDueBackups(app.deps)).toEqual({ made: 1 });

      const list = (await call('GET', '/user/user-002/backups', fresh)).json();
      expect(list).toMatchObject({
        key_set: true,
        backups: [expect.any(Object), expect.any(Object)],
      });
      const file = (
        await call('GET', `/user/user-002/backups/${list.backups[0].id}`, fresh)
      ).json() as BackupFile;
      expect(file.format).toBe('pehchaan-encrypted-backup');
      expect(file.backup).not.toContain('user-002');
      await expect(openBackup(file, 'wrong passphrase')).rejects.toThrow();
      const data = await openBackup(file, passphrase);
      expect(data.user_id).toBe('user-002');
      expect(data.verifiable_credentials.length).toBeGreaterThanOrEqual(2);

      // Restore: the PAN credential deleted since comes back, signatures checked.
      const pan = (await credentialsOf(fresh, 'user-002')).find(
        (c) => c.credential_subject.document_type === 'PAN Card',
      );
      expect(
        (await call('DELETE', `/user/user-002/credentials/${pan?.id}`, fresh)).statusCode,
      ).toBe(200);
      const restored = await call('POST', '/user/user-002/restore', fresh, {
        settings: data.settings,
        verifiable_credentials: data.verifiable_credentials,
      });
      expect(restored.json()).toMatchObject({ credentials_restored: 1, settings_restored: true });
      expect((await credentialsOf(fresh, 'user-002')).map((c) => c.id)).toContain(pan?.id);

      // A changed byte, or another holder's credential, restores nothing.
      const tampered = structuredClone(data.verifiable_credentials);
      (tampered[0]?.credentialSubject as Record<string, unknown>).name = 'Someone Else';
      expectProblem(
        await call('POST', '/user/user-002/restore', fresh, {
          settings: data.settings,
          verifiable_credentials: tampered,
        }),
        'backup_invalid',
      );
      const rajesh = await loginDemo(app, PRIMARY);
      expectProblem(
        await call('POST', '/user/user-001/restore', rajesh, {
          settings: data.settings,
          verifiable_credentials: data.verifiable_credentials,
        }),
        'backup_invalid',
      );
      expectProblem(
        await call('GET', `/user/user-001/backups/${list.backups[0].id}`, rajesh),
        'backup_not_found',
      );
    });
  });

  describe('delete account', () => {
    const signIn = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: {
          aadhaarNumber: SECONDARY.aadhaarNumber,
          phoneNumber: SECONDARY.phoneNumber,
          otp: DEMO_OTP,
        },
      });

    it('is cancelled by signing in within the 7 days', async () => {
      const token = await loginDemo(app, SECONDARY);
      const asked = await call('POST', '/user/user-002/deletion', token);
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toMatchObject({
        erase_at: new Date(clock.now().getTime() + ACCOUNT_DELETION_GRACE_MS).toISOString(),
        retained: ['security_log', 'consent_record'],
        retained_days: 365,
      });
      // Signed out everywhere.
      expectProblem(await call('GET', '/user/user-002/settings', token), 'unauthenticated');

      clock.advance(3 * DAY_MS);
      const back = await signIn();
      expect(back.json()).toMatchObject({ deletion_cancelled: true });
      clock.advance(5 * DAY_MS);
      expect(await eraseDueAccounts({ db: app.deps.db, now: clock.now })).toEqual({ erased: 0 });
      expect((await signIn()).json().deletion_cancelled).toBeUndefined();
    });

    it('erases after 7 days, keeping the security log and consent records for a year', async () => {
      const token = await loginDemo(app, PRIMARY);
      const requests = (await call('GET', '/user/user-001/consent-requests', token)).json()
        .consent_requests as { id: string; status: string }[];
      const pending = requests.find((r) => r.status === 'pending');
      await call('POST', `/user/user-001/consent-requests/${pending?.id}/reject`, token, {});
      await call('POST', '/user/user-001/deletion', token);

      clock.advance(ACCOUNT_DELETION_GRACE_MS - 60_000);
      expect(await eraseDueAccounts({ db: app.deps.db, now: clock.now })).toEqual({ erased: 0 });
      clock.advance(2 * 60_000);
      expect(await eraseDueAccounts({ db: app.deps.db, now: clock.now })).toEqual({ erased: 1 });

      const { db } = app.deps;
      expect(await db.select().from(users).where(eq(users.id, 'user-001'))).toEqual([]);
      expect(await db.select().from(credentials).where(eq(credentials.userId, 'user-001'))).toEqual(
        [],
      );
      const kept = await db
        .select()
        .from(retainedRecords)
        .where(eq(retainedRecords.userId, 'user-001'));
      const types = kept.map(
        (row) => `${row.kind}:${String(row.record.type ?? row.record.status)}`,
      );
      expect(types).toEqual(
        expect.arrayContaining([
          'security_log:login',
          'security_log:account_deletion_requested',
          'consent_record:consent_rejected',
          'consent_record:rejected',
        ]),
      );
      expect(types.some((t) => t.includes('credential_'))).toBe(false);
      // The rejection's signed consent receipt (issue 17) is a consent record too.
      expect(
        kept.some(
          (row) => row.kind === 'consent_record' && row.record.table === 'consent_receipts',
        ),
      ).toBe(true);

      // Signing in again starts a fresh account (a demo account comes back from sample data).
      const fresh = await loginDemo(app, PRIMARY);
      const log = (await call('GET', '/user/user-001/activity-logs', fresh)).json()
        .activity_logs as { type: string }[];
      expect(log.map((e) => e.type).sort()).toEqual(['basic_identity_created', 'login']);

      // A year on, the kept records go too.
      clock.advance(366 * DAY_MS);
      await purgeExpired({ db, now: clock.now });
      expect(
        await db
          .select()
          .from(retainedRecords)
          .where(and(eq(retainedRecords.userId, 'user-001'))),
      ).toEqual([]);
    });
  });
});
