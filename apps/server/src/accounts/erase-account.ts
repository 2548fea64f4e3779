/**
 * Erases a holder's account (DPDP Act s.12(3): a data principal's erasure; issue 19 Delete
 * Account), once its grace period is over (accounts/erase-due-accounts.ts) or when the holder
 * signs in after it (accounts/verify-otp.ts).
 *
 * Kept, as the law requires, for one year after each event (DPDP Rules 2025, rule 6; core's
 * LEGAL_RETENTION_MS): the security log (core's SECURITY_ACTIVITY_TYPES: sign-ins, sign-outs,
 * security changes, the deletion request) and the consent records (every 'consent_' entry of the
 * activity log, every decided consent request and its signed consent receipts, issue 17), copied
 * as they were into retained_records with the erased holder's id. Everything else goes with the
 * holder's row (every table refers to users with ON DELETE CASCADE): profile, credentials,
 * shares, settings, passkeys, backups, sessions, devices, grievances and erasure requests, the
 * rest of the log.
 *
 * Input: { db, now, userId }. Output: { erased, retained } (erased false when there was no such
 * holder). Errors: database errors only; all in one transaction.
 */
import { LEGAL_RETENTION_MS, retainedKindOf } from '@pehchaan/core';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import {
  activityLogs,
  consentReceipts,
  consentRequests,
  retainedRecords,
  users,
} from '../db/schema';
import { newId } from '../lib/ids';

export interface EraseAccountOptions {
  db: Db;
  now: () => Date;
  userId: string;
}

/** A row as plain JSON (instants as ISO strings), as retained_records keeps it. */
function asRecord(row: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
}

export async function eraseAccount(
  options: EraseAccountOptions,
): Promise<{ erased: boolean; retained: number }> {
  const { db, userId } = options;
  const now = options.now();
  const yearAgo = new Date(now.getTime() - LEGAL_RETENTION_MS);
  return db.transaction(async (tx) => {
    const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!holder) return { erased: false, retained: 0 };
    const kept: (typeof retainedRecords.$inferInsert)[] = [];
    const logs = await tx
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, userId), gt(activityLogs.timestamp, yearAgo)));
    for (const log of logs) {
      const kind = retainedKindOf(log.type);
      if (!kind) continue;
      kept.push({
        id: newId('kept'),
        userId,
        kind,
        record: { table: 'activity_logs', ...asRecord(log) },
        occurredAt: log.timestamp,
        eraseAfter: new Date(log.timestamp.getTime() + LEGAL_RETENTION_MS),
        createdAt: now,
      });
    }
    const decided = await tx
      .select()
      .from(consentRequests)
      .where(and(eq(consentRequests.userId, userId), ne(consentRequests.status, 'pending')));
    for (const request of decided) {
      const at = request.statusUpdatedAt ?? request.requestedAt;
      if (at <= yearAgo) continue;
      kept.push({
        id: newId('kept'),
        userId,
        kind: 'consent_record',
        record: { table: 'consent_requests', ...asRecord(request) },
        occurredAt: at,
        eraseAfter: new Date(at.getTime() + LEGAL_RETENTION_MS),
        createdAt: now,
      });
    }
    // The signed receipts (ISO/IEC TS 27560) of those consents are consent records too.
    const receipts = await tx
      .select()
      .from(consentReceipts)
      .where(and(eq(consentReceipts.userId, userId), gt(consentReceipts.issuedAt, yearAgo)));
    for (const receipt of receipts) {
      kept.push({
        id: newId('kept'),
        userId,
        kind: 'consent_record',
        record: { table: 'consent_receipts', ...asRecord(receipt) },
        occurredAt: receipt.issuedAt,
        eraseAfter: new Date(receipt.issuedAt.getTime() + LEGAL_RETENTION_MS),
        createdAt: now,
      });
    }
    if (kept.length > 0) await tx.insert(retainedRecords).values(kept);
    await tx.delete(users).where(eq(users.id, userId));
    return { erased: true, retained: kept.length };
  });
}
