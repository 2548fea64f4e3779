/**
 * The browser copy of the holder's profile (storage key `profile`, issue 6): a map from user id
 * to `{ profile, local_log_ids }`. A profile marked `pending_sync` holds a Save made while the
 * API was unreachable; `local_log_ids` are the `profile_updated` entries kept under
 * `activityLogs` for it, removed once the server has the Save (it writes its own entry).
 */
import { type ActivityLog, type Profile, profileSchema } from '@pehchaan/core';
import { z } from 'zod';
import { readJson, readList, STORAGE_KEYS, writeJson } from '@/lib/storage';

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

/** Appends an entry to the local `activityLogs` list (raw items kept); false when refused. */
export function storeLocalActivity(entry: ActivityLog): boolean {
  const raw = readList(STORAGE_KEYS.activityLogs, z.unknown());
  return writeJson(STORAGE_KEYS.activityLogs, [...raw, entry]);
}

/** Removes the local activity entries with these ids (the server has their Save now). */
export function removeLocalActivity(ids: readonly string[]): void {
  if (ids.length === 0) return;
  const drop = new Set(ids);
  const raw = readList(STORAGE_KEYS.activityLogs, z.unknown());
  writeJson(
    STORAGE_KEYS.activityLogs,
    raw.filter(
      (item) =>
        !(typeof item === 'object' && item !== null && 'id' in item && drop.has(String(item.id))),
    ),
  );
}
