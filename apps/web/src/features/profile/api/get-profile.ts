/**
 * GET /user/{userId}/profile (issue 6) with the local fallback of SPEC 1 (storage key `profile`).
 * An answer refreshes the local copy. A Save kept on this device (`pending_sync`) is sent first,
 * so the server's answer includes it.
 */
import { type Profile, profileAnswerSchema, profileToInput } from '@pehchaan/core';
import { api, errorDetail, isApiError, isApiUnavailable } from '@/lib/api-client';
import { sampleProfile } from '../profile-records';
import { readLocalProfileEntry, removeLocalActivity, writeLocalProfile } from './profile-storage';
import { putProfile } from './update-profile';

/**
 * What one load gave:
 * - 'api': the server answered; `synced` when an offline Save was sent on the way, or
 *   `syncRejected` (the server's detail) when the server refused it (the server's copy stands);
 * - 'local': the API failed and the browser's copy is shown (`apiDisabled` when turned off);
 * - 'sample': the API failed, nothing is stored, and the holder is a sample user;
 * - 'failed': nothing to show.
 */
export type ProfileLoad =
  | { status: 'api'; profile: Profile; synced?: boolean; syncRejected?: string }
  | { status: 'local'; profile: Profile; apiDisabled: boolean; error: unknown }
  | { status: 'sample'; profile: Profile; error: unknown }
  | { status: 'failed'; error: unknown };

async function fetchProfile(userId: string): Promise<Profile> {
  const answer = await api.get(`/user/${encodeURIComponent(userId)}/profile`, {
    schema: profileAnswerSchema,
  });
  writeLocalProfile(userId, answer.profile);
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
    const entry = readLocalProfileEntry(userId);
    if (entry?.profile.pending_sync) {
      try {
        const answer = await putProfile(userId, profileToInput(entry.profile));
        removeLocalActivity(entry.local_log_ids);
        writeLocalProfile(userId, answer.profile);
        return { status: 'api', profile: answer.profile, synced: true };
      } catch (error) {
        if (isApiUnavailable(error)) return fallback(userId, error);
        // Refused (e.g. the username was taken meanwhile): the server's copy stands.
        const profile = await fetchProfile(userId);
        removeLocalActivity(entry.local_log_ids);
        return {
          status: 'api',
          profile,
          syncRejected: errorDetail(error) ?? (error instanceof Error ? error.message : ''),
        };
      }
    }
    return { status: 'api', profile: await fetchProfile(userId) };
  } catch (error) {
    return fallback(userId, error);
  }
}
