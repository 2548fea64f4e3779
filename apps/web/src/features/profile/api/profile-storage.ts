/**
 * The browser copy of the holder's profile (storage key `profile`): a map from user id
 * to `{ profile, local_log_ids }`. A profile marked `pending_sync` holds a Save made while the
 * API was unreachable; `local_log_ids` are the `profile_updated` entries kept under
 * `activityLogs` for it (through lib/activity-store.ts, that key's owner), removed once the server
 * has the Save (it writes its own entry).
 */
import { type Profile, profileSchema } from '@pehchaan/core';
import { z } from 'zod';
import { readJson, STORAGE_KEYS, writeJson } from '@/lib/storage';

const entrySchema = z.object({
  profile: profileSchema,
  local_log_ids: z.array(z.string()).default([]),
});
export type LocalProfileEntry = z.infer<typeof entrySchema>;

const cacheSchema = z.record(z.string(), z.unknown());

function readCache(): Record<string, unknown> {
  return readJson(STORAGE_KEYS.profile, cacheSchema) ?? {};
}

/** The stored entry of `userId`, or null when absent or not a valid record. */
export function readLocalProfileEntry(userId: string): LocalProfileEntry | null {
  const parsed = entrySchema.safeParse(readCache()[userId]);
  return parsed.success && parsed.data.profile.user_id === userId ? parsed.data : null;
}

/** The stored profile of `userId`, or null. */
export function readLocalProfile(userId: string): Profile | null {
  return readLocalProfileEntry(userId)?.profile ?? null;
}

/** Stores the holder's profile (other holders' entries stay); false when the browser refused. */
export function writeLocalProfile(
  userId: string,
  profile: Profile,
  localLogIds: readonly string[] = [],
): boolean {
  return writeJson(STORAGE_KEYS.profile, {
    ...readCache(),
    [userId]: { profile, local_log_ids: [...localLogIds] },
  });
}
