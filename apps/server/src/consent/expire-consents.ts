/**
 * The consent clock (issue 17): an approved consent ends at its `valid_until`, and its holder is
 * reminded CONSENT_EXPIRY_REMINDER_DAYS (7) days before. Run for one holder before their
 * consents or activity are read or a consent is withdrawn (so an answer never shows an approved
 * consent that has ended), and for every holder by the server's job (plugins/consent-jobs.ts).
 * Renewal is a new request; an expired consent stays expired.
 *
 * Expiry, one consent per transaction: approved -> expired by a conditional UPDATE (of two runs
 * at once only one wins and writes), then every use stops (stopConsentUse: share links made
 * under it withdrawn, the product-hosted verifier's claims erased, its request reading
 * 'consent_expired'), and 'Consent to {requester} for {purpose} expired' (consent_expired) is
 * logged, and the expiry's consent receipt is issued (issue-consent-receipt.ts, event 'expired', at
 * valid_until). Reminder: expiry_reminded_at is set once, by a conditional UPDATE, and 'Consent to
 * {requester} for {purpose} expires on {YYYY-MM-DD}' (consent_expiring) is logged.
 *
 * Input: { db, now, vault, publicOrigin, consentRegistry, userId? (default: every holder),
 * limit? (per kind, default 200) }.
 * Output: { expired, reminded } (how many of each were written). Errors: database only.
 */
import { CONSENT_EXPIRY_REMINDER_DAYS, consentEventMessage, DAY_MS } from '@pehchaan/core';
import { and, eq, gt, isNull, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { consentRequests } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import { stopConsentUse } from '../lib/consent-lifecycle';
import type { ServiceDeps } from '../lib/deps';
import { issueConsentReceipt } from './issue-consent-receipt';

export interface ExpireConsentsOptions
  extends Pick<ServiceDeps, 'vault' | 'now' | 'publicOrigin' | 'consentRegistry'> {
  db: Db;
  userId?: string;
  limit?: number;
}

export async function expireConsents(
  options: ExpireConsentsOptions,
): Promise<{ expired: number; reminded: number }> {
  const { db } = options;
  const now = options.now();
  const limit = options.limit ?? 200;
  const holder: SQL[] = options.userId ? [eq(consentRequests.userId, options.userId)] : [];
  const approved = eq(consentRequests.status, 'approved');

  let expired = 0;
  const due = await db
    .select({ id: consentRequests.id })
    .from(consentRequests)
    .where(and(approved, lte(consentRequests.validUntil, now), ...holder))
    .limit(limit);
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(consentRequests)
        .set({ status: 'expired' })
        .where(and(eq(consentRequests.id, id), approved, lte(consentRequests.validUntil, now)))
        .returning();
      if (!row?.validUntil) return false;
      await stopConsentUse(tx, { consentRequestId: id, at: row.validUntil, reason: 'expired' });
      await recordActivity({
        db: tx,
        now: () => now,
        userId: row.userId,
        type: 'consent_expired',
        message: consentEventMessage('consent_expired', row),
      });
      await issueConsentReceipt({
        ...options,
        db: tx,
        userId: row.userId,
        consentRequestId: id,
        event: 'expired',
        at: row.validUntil,
      });
      return true;
    });
    if (done) expired += 1;
  }

  let reminded = 0;
  const soon = new Date(now.getTime() + CONSENT_EXPIRY_REMINDER_DAYS * DAY_MS);
  const toRemind = await db
    .select({ id: consentRequests.id })
    .from(consentRequests)
    .where(
      and(
        approved,
        isNull(consentRequests.expiryRemindedAt),
        gt(consentRequests.validUntil, now),
        lte(consentRequests.validUntil, soon),
        ...holder,
      ),
    )
    .limit(limit);
  for (const { id } of toRemind) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(consentRequests)
        .set({ expiryRemindedAt: now })
        .where(and(eq(consentRequests.id, id), approved, isNull(consentRequests.expiryRemindedAt)))
        .returning();
      if (!row?.validUntil) return false;
      await recordActivity({
        db: tx,
        now: () => now,
        userId: row.userId,
        type: 'consent_expiring',
        message: consentEventMessage('consent_expiring', row, row.validUntil.toISOString()),
      });
      return true;
    });
    if (done) reminded += 1;
  }
  return { expired, reminded };
}
