/**
 * Records an activity entry (SPEC 3 types) through POST /user/{userId}/activity-logs
 * (DECISIONS 6); when that call fails (endpoint missing, API unreachable) the entry is kept in
 * browser storage under `activityLogs` instead, so the Activity Logs screen still shows it.
 * When the API was unreachable the entry is also queued in the outbox, which sends it
 * once the API answers (sync-credentials.ts); an entry the server refused is not queued.
 */
import {
  type ActivityLog,
  type ActivityMessage,
  type ActivityType,
  activityLogSchema,
  describeActivity,
} from '@pehchaan/core';
import { z } from 'zod';
import { appendLocalActivity } from '@/lib/activity-store';
import { api, isApiUnavailable } from '@/lib/api-client';
import { enqueueOutbox } from '@/lib/sync/outbox';

/** POST path of a new entry (DECISIONS 6). */
export function activityLogsPath(userId: string): string {
  return `/user/${encodeURIComponent(userId)}/activity-logs`;
}

/** What a queued entry keeps to settle its local record (lib/sync/outbox `local`). */
export const activityOutboxLocalSchema = z.object({ logId: z.string() });

export const activityAnswerSchema = z.union([
  activityLogSchema,
  z.object({ activity_log: activityLogSchema }).transform((a) => a.activity_log),
]);

/**
 * `message` is the entry as a code (core's activity-messages.ts); its English text is the
 * entry's SPEC 3 `description`. Never rejects.
 * @returns where the entry went: 'api' or 'localStorage' ('none' when neither took it).
 */
export async function logActivity(options: {
  userId: string;
  type: ActivityType;
  message: ActivityMessage;
}): Promise<'api' | 'localStorage' | 'none'> {
  const { userId, type, message } = options;
  const description = describeActivity(message);
  const body = {
    type,
    description,
    message_code: message.code,
    message_params: message.params ?? {},
  };
  try {
    await api.post(activityLogsPath(userId), body, { schema: activityAnswerSchema });
    return 'api';
  } catch (error) {
    const unreachable = isApiUnavailable(error);
    const entry: ActivityLog = {
      id: `log-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
      userId,
      type,
      description,
      message_code: message.code,
      message_params: message.params ?? {},
      timestamp: new Date().toISOString(),
      last_viewed: null,
      // Kept through the next API load until the server has it (features/activity merges). An
      // entry the server refused will never get there: it stays only as this device's copy.
      pending_sync: unreachable,
    };
    if (!appendLocalActivity(entry)) return 'none';
    if (unreachable) {
      enqueueOutbox({
        userId,
        kind: 'activity_log',
        method: 'POST',
        path: activityLogsPath(userId),
        body,
        local: { logId: entry.id },
      });
    }
    return 'localStorage';
  }
}
