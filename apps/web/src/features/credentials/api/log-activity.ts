/**
 * Records an activity entry (SPEC 3 types) through POST /user/{userId}/activity-logs
 * (DECISIONS 6); when that call fails (endpoint missing, API unreachable) the entry is kept in
 * browser storage under `activityLogs` instead, so the Activity Logs screen still shows it.
 */
import { type ActivityLog, type ActivityType, activityLogSchema } from '@pehchaan/core';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { readList, STORAGE_KEYS, writeJson } from '@/lib/storage';

const answerSchema = z.union([
  activityLogSchema,
  z.object({ activity_log: activityLogSchema }).transform((a) => a.activity_log),
]);

/** Appends `entry` to the local `activityLogs` list; false when the browser refused. */
function storeLocally(entry: ActivityLog): boolean {
  const raw = readList(STORAGE_KEYS.activityLogs, z.unknown());
  return writeJson(STORAGE_KEYS.activityLogs, [...raw, entry]);
}

/**
 * Never rejects.
 * @returns where the entry went: 'api' or 'localStorage' ('none' when neither took it).
 */
export async function logActivity(options: {
  userId: string;
  type: ActivityType;
  description: string;
}): Promise<'api' | 'localStorage' | 'none'> {
  const { userId, type, description } = options;
  try {
    await api.post(
      `/user/${encodeURIComponent(userId)}/activity-logs`,
      { type, description },
      { schema: answerSchema },
    );
    return 'api';
  } catch {
    const entry: ActivityLog = {
      id: `log-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
      userId,
      type,
      description,
      timestamp: new Date().toISOString(),
      last_viewed: null,
      // Kept through the next API load until the server has it (features/activity merges).
      pending_sync: true,
    };
    return storeLocally(entry) ? 'localStorage' : 'none';
  }
}
