/**
 * GET /user/{userId}/activity-logs (SPEC 7) with the local fallback of SPEC 1 (storage key
 * `activityLogs`, owned by lib/activity-store.ts). The API answers newest first; the local copy is
 * sorted the same way.
 *
 * Entries made on this device while the API was unreachable (`pending_sync`)
 * stay in the shown list and in browser storage until the server's list holds them.
 */
import { type ActivityLog, activityLogListSchema } from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import {
  readLocalActivityLogs,
  stampActivityLogsSeen,
  storeActivityLogs,
} from '@/lib/activity-store';
import { api, isApiError } from '@/lib/api-client';
import { type Sourced, withLocalFallback } from '@/lib/local-fallback';
import { REFRESH_INTERVAL_MS } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { withUnsyncedEntries } from '@/lib/sync/unsynced';

export { readLocalActivityLogs, stampActivityLogsSeen };

/** Never rejects: an API failure answers the local copy with source 'localStorage'. */
export function getActivityLogs(userId: string): Promise<Sourced<ActivityLog[]>> {
  return withLocalFallback(
    async () => {
      const answer = await api.get(`/user/${encodeURIComponent(userId)}/activity-logs`, {
        schema: activityLogListSchema,
      });
      const logs = withUnsyncedEntries(answer.activity_logs, readLocalActivityLogs(userId));
      if (logs.length > 0) {
        storeActivityLogs(userId, logs);
      }
      return logs;
    },
    () => readLocalActivityLogs(userId),
  );
}

/**
 * The holder's log in the query cache: key `['activity-logs', userId]`, refreshed
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
 * Where the entries a load of the holder's log gave come from (SPEC 1, 8):
 * - 'server': the API answered (it may be empty: the holder has no activity);
 * - 'device': configuration turned the API off; the browser's copy is the holder's log, even
 *   when empty;
 * - 'fallback': the API failed and the browser's copy is shown;
 * - 'demo': the API failed and nothing is stored: the screen shows demo entries and says so
 *   ('Failed to load activity logs, showing demo data').
 */
export type ActivityView = 'server' | 'device' | 'fallback' | 'demo';

/** Classifies a load of the log (see ActivityView). */
export function activityViewOf(result: Sourced<ActivityLog[]>): ActivityView {
  if (result.source === 'api') return 'server';
  if (isApiError(result.error, 'ERR_API_DISABLED')) return 'device';
  return result.data.length > 0 ? 'fallback' : 'demo';
}
