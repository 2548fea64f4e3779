/**
 * POST /user/{userId}/deletion: Delete Account, after SPEC 2's two confirmations on the screen
 * (DPDP Act s.12(3) erasure; DECISIONS D7: this replaces the original's "not implemented").
 *
 * Schedules the erasure ACCOUNT_DELETION_GRACE_DAYS (7) days from now, writes an
 * `account_deletion_requested` entry and signs the holder out everywhere (every session ended,
 * one `logout` entry). Signing in again before then cancels it (accounts/sign-in-holder.ts);
 * after it, accounts/erase-due-accounts.ts erases the account and keeps only what the law
 * requires (security log and consent records, one year: accounts/erase-account.ts).
 * Asking again while a deletion is scheduled keeps the first date.
 *
 * Input: { db, now, userId }. Output: AccountDeletion (core). Errors: AppError 'user_not_found'.
 */
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_DELETION_GRACE_MS,
  type AccountDeletion,
  LEGAL_RETENTION_DAYS,
  RETAINED_RECORD_KINDS,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { users } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import { selectUser } from '../lib/holder-reads';
import { revokeAllSessions } from './revoke-sessions';

export async function requestAccountDeletion(options: {
  db: Db;
  now: () => Date;
  userId: string;
}): Promise<AccountDeletion> {
  const { db, userId } = options;
  const user = await selectUser(db, userId);
  const now = options.now();
  const requestedAt = user.deletionRequestedAt ?? now;
  const eraseAt = user.deletionDueAt ?? new Date(now.getTime() + ACCOUNT_DELETION_GRACE_MS);
  if (!user.deletionDueAt) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ deletionRequestedAt: requestedAt, deletionDueAt: eraseAt })
        .where(eq(users.id, userId));
      await recordActivity({
        db: tx,
        now: options.now,
        userId,
        type: 'account_deletion_requested',
        message: {
          code: 'account_deletion_requested',
          params: { date: eraseAt.toISOString().slice(0, 10) },
        },
      });
    });
  }
  await revokeAllSessions({
    db,
    now: options.now,
    userId,
    message: { code: 'sessions_revoked_for_deletion' },
  });
  return {
    message: `Your account will be erased in ${ACCOUNT_DELETION_GRACE_DAYS} days. Sign in before then to cancel.`,
    requested_at: requestedAt.toISOString(),
    erase_at: eraseAt.toISOString(),
    retained: [...RETAINED_RECORD_KINDS],
    retained_days: LEGAL_RETENTION_DAYS,
  };
}
