/**
 * Writes one activity log entry (SPEC 3 Activity log) for a real event: login, logout,
 * credential_generated, ... Descriptions never hold secrets (no Aadhaar number, OTP or token).
 *
 * Input: { db, now, userId, type (core's ActivityType), description }.
 * Output: the stored ActivityLog record. Errors: database errors only (userId must exist).
 */
import type { ActivityLog, ActivityType } from '@pehchaan/core';
import type { DbOrTx } from '../db/create-db';
import { activityLogs } from '../db/schema';
import { newId } from '../lib/ids';
import { toActivityLog } from '../lib/records';

export interface RecordActivityOptions {
  /** The database or an open transaction. */
  db: DbOrTx;
  now: () => Date;
  userId: string;
  type: ActivityType;
  description: string;
}

export async function recordActivity(options: RecordActivityOptions): Promise<ActivityLog> {
  const [row] = await options.db
    .insert(activityLogs)
    .values({
      id: newId('log'),
      userId: options.userId,
      type: options.type,
      description: options.description,
      timestamp: options.now(),
    })
    .returning();
  if (!row) throw new Error('Inserting the activity entry returned no row');
  return toActivityLog(row);
}
