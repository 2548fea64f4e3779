/**
 * GET /user/{userId}/profile with the local fallback of SPEC 1 (storage key `profile`).
 * An answer refreshes the local copy, except while a Save made offline (`pending_sync`) waits in
 * the outbox: then this device's copy is shown, marked 'Not yet synced', until the
 * outbox has sent it (sync-profile.ts settles it). `getProfileQueryOptions` is its cache entry.
 */
import { type Profile, profileAnswerSchema, profileToInput } from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { pendingEntries } from '@/lib/sync/outbox';
import { sampleProfile } from '../profile-records';
import { readLocalProfileEntry, writeLocalProfile } from './profile-storage';
import { queueProfileSave } from './update-profile';

/**
 * What one load gave:
 * - 'api': the server answered (`profile` is this device's copy while a Save made offline waits);
 * - 'local': the API failed and the browser's copy is shown (`apiDisabled` when turned off);
 * - 'sample': the API failed, nothing is stored, and the holder is a sample user;
 * - 'failed': nothing to show.
 */
export type ProfileLoad =
  | { status: 'api'; profile: Profile }
  | { status: 'local'; profile: Profile; apiDisabled: boolean; error: unknown }
  | { status: 'sample'; profile: Profile; error: unknown }
  | { status: 'failed'; error: unknown };

/** The server's profile, without touching the local copy. @throws {ApiError} */
export async function fetchServerProfile(userId: string): Promise<Profile> {
  const answer = await api.get(`/user/${encodeURIComponent(userId)}/profile`, {
    schema: profileAnswerSchema,
  });
  return answer.profile;
}

function fallback(userId: string, error: unknown): ProfileLoad {
  const local = readLocalProfileEntry(userId)?.profile;
  if (local) {
    return {
      status: 'local',
      profile: local,
      apiDisabled: isApiError(error, 'ERR_API_DISABLED'),
      error,
    };
  }
  const sample = sampleProfile(userId);
  return sample ? { status: 'sample', profile: sample, error } : { status: 'failed', error };
}

/** Loads the holder's profile (see ProfileLoad). Never rejects. */
export async function loadProfile(userId: string): Promise<ProfileLoad> {
  try {
    const profile = await fetchServerProfile(userId);
    const entry = readLocalProfileEntry(userId);
    if (entry?.profile.pending_sync) {
      if (pendingEntries(userId, 'profile_update').length === 0) {
        // An offline Save kept before the outbox existed: queue it now. The server copy it was
        // made over is unknown, so a server copy saved since counts as a conflict.
        queueProfileSave(userId, profileToInput(entry.profile), null);
      }
      return { status: 'api', profile: entry.profile };
    }
    writeLocalProfile(userId, profile);
    return { status: 'api', profile };
  } catch (error) {
    return fallback(userId, error);
  }
}

/**
 * The holder's profile in the query cache: key `['profile', userId]`, data a
 * `ProfileLoad`. Not refreshed on a timer (the screen is a form); the outbox invalidates it once
 * a Save made offline is settled.
 */
export function getProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.profile(userId),
    queryFn: () => loadProfile(userId),
  });
}
