/**
 * The consent clock (issue 17): an approved consent ends at its `valid_until`, and its holder is
 * reminded CONSENT_EXPIRY_REMINDER_DAYS (7) days before. Run for one holder before their
 * consents or activity are read or a consent is withdrawn (so an answer never shows an approved
 * consent that has ended), and for every holder by the server's job (plugins/consent-jobs.ts).
 * Renewal is a new request; an expired consent stays expired.
 *
 * Expiry, one consent per transaction: the ledger's move `expire` (consent/ledger.ts
 * transition: of two runs at once only one wins and writes): every use stops (share links made
 * under it withdrawn, the product-hosted verifier's claims erased, its request reading
 * 'consent_expired'), 'Consent to {requester} for {purpose} expired' (consent_expired) is
 * logged, and the expiry's consent receipt is issued (event 'expired', at valid_until).
 * Reminder: the ledger marks expiry_reminded_at once (markExpiryReminded), and 'Consent to
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
import type { ServiceDeps } from '../lib/deps';
import { isAppError } from '../lib/errors';
import { markExpiryReminded, transition } from './ledger';

export interface ExpireConsentsOptions
  extends Pick<ServiceDeps, 'vault' | 'now' | 'publicOrigin' | 'consentRegistry' | 'roles'> {
  db: Db;
  userId?: string;
  limit?: number;
}

/**
 * True when `expireConsents` would write something for these consent requests at `now`: one is
 * approved and past its `validUntil` (to expire), or approved, not yet reminded and ending within
 * CONSENT_EXPIRY_REMINDER_DAYS (to remind). The same conditions as the sweep's two queries, so a
 * reader holding all of a holder's requests can skip the sweep (two statements) when it is false.
 */
export function consentClockDue(
  requests: readonly {
    status: string;
    validUntil: Date | null;
    expiryRemindedAt: Date | null;
  }[],
  now: Date,
): boolean {
  const soon = now.getTime() + CONSENT_EXPIRY_REMINDER_DAYS * DAY_MS;
  return requests.some((request) => {
    if (request.status !== 'approved' || !request.validUntil) return false;
    const end = request.validUntil.getTime();
    return end <= now.getTime() || (request.expiryRemindedAt === null && end <= soon);
  });
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
    .select({ id: consentRequests.id, userId: consentRequests.userId })
    .from(consentRequests)
    .where(and(approved, lte(consentRequests.validUntil, now), ...holder))
    .limit(limit);
  for (const { id, userId } of due) {
    try {
      await transition({ ...options, db, userId, consentRequestId: id, move: 'expire' });
      expired += 1;
    } catch (error) {
      // Another run (or a withdrawal) moved it first: nothing left to do here.
      if (!isAppError(error)) throw error;
    }
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
      const row = await markExpiryReminded(tx, { consentRequestId: id, at: now });
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
