/**
 * GET /user/{userId}/activity-logs (SPEC 7) with the local fallback of SPEC 1 (storage key
 * `activityLogs`). The API answers newest first; the local copy is sorted the same way.
 *
 * Entries made on this device while the API was unreachable (`pending_sync`, issue 4 Offline)
 * stay in the shown list and in browser storage until the server's list holds them.
 */
import { type ActivityLog, activityLogListSchema, activityLogSchema } from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { type Sourced, withLocalFallback } from '@/lib/local-fallback';
import { REFRESH_INTERVAL_MS } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { readList, replaceUserRecords, STORAGE_KEYS } from '@/lib/storage';
import { newestFirst, withUnsyncedEntries } from '@/lib/unsynced';

/** The holder's log entries kept in browser storage, newest first. */
export function readLocalActivityLogs(userId: string): ActivityLog[] {
  return newestFirst(
    readList(STORAGE_KEYS.activityLogs, activityLogSchema).filter((log) => log.userId === userId),
  );
}

/** Never rejects: an API failure answers the local copy with source 'localStorage'. */
export function getActivityLogs(userId: string): Promise<Sourced<ActivityLog[]>> {
  return withLocalFallback(
    async () => {
      const answer = await api.get(`/user/${encodeURIComponent(userId)}/activity-logs`, {
        schema: activityLogListSchema,
      });
      const logs = withUnsyncedEntries(answer.activity_logs, readLocalActivityLogs(userId));
      if (logs.length > 0) {
        replaceUserRecords(STORAGE_KEYS.activityLogs, userId, logs);
      }
      return logs;
    },
    () => readLocalActivityLogs(userId),
  );
}

/**
 * The holder's log in the query cache (issue 15): key `['activity-logs', userId]`, refreshed
 * every 30 seconds while shown (SPEC 9); read by /logs, /dashboard and the bell.
 */
export function getActivityLogsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.activityLogs(userId),
    queryFn: () => getActivityLogs(userId),
    refetchInterval: REFRESH_INTERVAL_MS,
  });
}

/**
 * What one load of the holder's log gave (SPEC 1, 8):
 * - 'api': the server answered (`logs` may be empty: the holder has no activity);
 * - 'local': the API failed or is turned off (`apiDisabled`) and the browser's copy is shown;
 *   with the API turned off an empty copy counts as the holder's log too;
 * - 'failed': the API failed and nothing is stored (or reading failed altogether): the screen
 *   shows demo entries and says so ('Failed to load activity logs, showing demo data').
 */
export type ActivityLoad =
  | { status: 'api'; logs: ActivityLog[] }
  | { status: 'local'; logs: ActivityLog[]; apiDisabled: boolean; error: unknown }
  | { status: 'failed'; error: unknown };

/** Loads the holder's log and classifies the result (see ActivityLoad). Never rejects. */
export async function loadActivityLogs(userId: string): Promise<ActivityLoad> {
  try {
    const result = await getActivityLogs(userId);
    if (result.source === 'api') return { status: 'api', logs: result.data };
    const apiDisabled = isApiError(result.error, 'ERR_API_DISABLED');
    if (result.data.length > 0 || apiDisabled) {
      return { status: 'local', logs: result.data, apiDisabled, error: result.error };
    }
    return { status: 'failed', error: result.error };
  } catch (error) {
    return { status: 'failed', error };
  }
}
