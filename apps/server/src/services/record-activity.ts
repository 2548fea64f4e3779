/**
 * Writes one activity log entry (SPEC 3 Activity log) for a real event: login, logout,
 * credential_generated, ... Descriptions never hold secrets (no Aadhaar number, OTP or token).
 *
 * Input: { db, now, userId, type (core's ActivityType), message and/or description }: `message`
 * (a code and parameters, core's activity-messages.ts) lets a screen show the entry in the
 * holder's language; `description` defaults to its English text (describeActivity).
 * Output: the stored ActivityLog record. Errors: database errors only (userId must exist).
 */
import {
  type ActivityLog,
  type ActivityMessage,
  type ActivityType,
  describeActivity,
} from '@pehchaan/core';
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
  /** The English text (SPEC 3 `description`); defaults to describeActivity(message). */
  description?: string;
  message?: ActivityMessage;
}

export async function recordActivity(options: RecordActivityOptions): Promise<ActivityLog> {
  const { message } = options;
  const description = options.description ?? (message ? describeActivity(message) : undefined);
  if (description === undefined)
    throw new Error('An activity entry needs a message or a description');
  const [row] = await options.db
    .insert(activityLogs)
    .values({
      id: newId('log'),
      userId: options.userId,
      type: options.type,
      description,
      messageCode: message?.code ?? null,
      messageParams: message?.params ?? null,
      timestamp: options.now(),
    })
    .returning();
  if (!row) throw new Error('Inserting the activity entry returned no row');
  return toActivityLog(row);
}
