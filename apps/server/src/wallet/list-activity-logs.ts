/**
 * GET /user/{userId}/activity-logs (SPEC 7, api-contract): the holder's activity, newest first
 * (entries of the same instant in the reverse of their chain order).
 * The consent clock runs first (expire-consents.ts), and then the share links' clock
 * (log-expired-shares.ts), so a consent or a link that ended, or a consent about to, is in the
 * log when it is read. Each entry carries its place in the hash chain (issue 17) and who wrote
 * it (`written_by`).
 *
 * Input: { db, now, userId, limit? (default 500) }. Output: ActivityLog[] (possibly empty).
 * Errors: database only.
 */
import type { ActivityLog } from '@pehchaan/core';
import type { Db } from '../db/create-db';
import { readActivityLogs } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { logExpiredShares } from './log-expired-shares';

/** Enough for the screens (search and filter run on the client); bounds the answer size. */
export const ACTIVITY_LOG_LIMIT = 500;

export interface ListActivityLogsOptions
  extends Pick<ServiceDeps, 'vault' | 'now' | 'publicOrigin' | 'consentRegistry' | 'roles'> {
  db: Db;
  userId: string;
  limit?: number;
}

export async function listActivityLogs(options: ListActivityLogsOptions): Promise<ActivityLog[]> {
  // Expiries and reminders due are written first (the consent ledger's clock, through its port),
  // then the share links that ended (this role's own clock).
  await options.roles.consent.runClock({ userId: options.userId });
  await logExpiredShares({ db: options.db, now: options.now, userId: options.userId });
  return readActivityLogs(options.db, {
    userId: options.userId,
    limit: options.limit ?? ACTIVITY_LOG_LIMIT,
  });
}
