/**
 * GET /user/{userId}/activity-logs (SPEC 7, api-contract): the holder's activity, newest first.
 * The consent clock runs first (expire-consents.ts), so a consent that ended or is about to is
 * in the log when it is read. Each entry carries its place in the hash chain (issue 17).
 *
 * Input: { db, now, userId, limit? (default 500) }. Output: ActivityLog[] (possibly empty).
 * Errors: database only.
 */
import type { ActivityLog } from '@pehchaan/core';
import { desc, eq } from 'drizzle-orm';
import { expireConsents } from '../consent/expire-consents';
import type { Db } from '../db/create-db';
import { activityLogs } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { toActivityLog } from '../lib/records';

/** Enough for the screens (search and filter run on the client); bounds the answer size. */
export const ACTIVITY_LOG_LIMIT = 500;

export interface ListActivityLogsOptions
  extends Pick<ServiceDeps, 'vault' | 'now' | 'publicOrigin' | 'consentRegistry'> {
  db: Db;
  userId: string;
  limit?: number;
}

export async function listActivityLogs(options: ListActivityLogsOptions): Promise<ActivityLog[]> {
  await expireConsents(options);
  const rows = await options.db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.userId, options.userId))
    .orderBy(desc(activityLogs.timestamp), desc(activityLogs.id))
    .limit(options.limit ?? ACTIVITY_LOG_LIMIT);
  return rows.map(toActivityLog);
}
