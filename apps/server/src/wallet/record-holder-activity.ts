/**
 * POST /user/{userId}/activity-logs (DECISIONS 6; SPEC 2 Add Test Log): the holder adds an entry
 * of their own to their activity log. Only a test entry (`test_manual`, core's
 * HOLDER_ACTIVITY_TYPES) is accepted, with the holder's own description and no message code or
 * the `test_manual` one; it is stored with `written_by: "holder"`. Every other type records
 * something the server saw (a sign-in, a consent decision, a share link, a security notice, an
 * organisation's answer) and is written by the server alone, so a holder cannot put a
 * `consent_approved`, `security_alert` or `login` entry of their own making into the hash chain.
 *
 * Input: { db, now, userId, type, description, message? }.
 * Output: the stored ActivityLog.
 * Errors: AppError 'activity_type_reserved' (403) for any other type, or a message code other
 * than `test_manual`; nothing is written then.
 */
import {
  type ActivityLog,
  type ActivityMessage,
  type ActivityType,
  HOLDER_ACTIVITY_TYPES,
  isHolderActivityType,
} from '@pehchaan/core';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';

export interface RecordHolderActivityOptions extends Pick<ServiceDeps, 'db' | 'now'> {
  userId: string;
  type: ActivityType;
  description: string;
  message?: ActivityMessage;
}

/** The detail of a refused type: names it and says what a holder may add. */
export function reservedTypeDetail(type: string): string {
  return `Only test entries (${HOLDER_ACTIVITY_TYPES.join(', ')}) can be added to your activity log; ${type} entries are written by the server when the event happens.`;
}

export async function recordHolderActivity(
  options: RecordHolderActivityOptions,
): Promise<ActivityLog> {
  const { type, message } = options;
  if (!isHolderActivityType(type)) {
    throw new AppError('activity_type_reserved', reservedTypeDetail(type));
  }
  if (message && message.code !== type) {
    throw new AppError(
      'activity_type_reserved',
      `A test entry's message code can only be ${type}; ${message.code} messages are written by the server.`,
    );
  }
  return recordActivity({
    db: options.db,
    now: options.now,
    userId: options.userId,
    type,
    description: options.description,
    ...(message ? { message } : {}),
    writtenBy: 'holder',
  });
}
