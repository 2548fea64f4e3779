/**
 * GET /user/{userId}/activity-logs (SPEC 7) with the local fallback of SPEC 1 (storage key
 * `activityLogs`). The API answers newest first; the local copy is sorted the same way.
 */
import { type ActivityLog, activityLogListSchema, activityLogSchema } from '@pehchaan/core';
import { api } from '@/lib/api-client';
import { type Sourced, withLocalFallback } from '@/lib/local-fallback';
import { readList, replaceUserRecords, STORAGE_KEYS } from '@/lib/storage';

/** The holder's log entries kept in browser storage, newest first. */
export function readLocalActivityLogs(userId: string): ActivityLog[] {
  return readList(STORAGE_KEYS.activityLogs, activityLogSchema)
    .filter((log) => log.userId === userId)
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
}

/** Never rejects: an API failure answers the local copy with source 'localStorage'. */
export function getActivityLogs(userId: string): Promise<Sourced<ActivityLog[]>> {
  return withLocalFallback(
    async () => {
      const answer = await api.get(`/user/${encodeURIComponent(userId)}/activity-logs`, {
        schema: activityLogListSchema,
      });
      if (answer.activity_logs.length > 0) {
        replaceUserRecords(STORAGE_KEYS.activityLogs, userId, answer.activity_logs);
      }
      return answer.activity_logs;
    },
    () => readLocalActivityLogs(userId),
  );
}
