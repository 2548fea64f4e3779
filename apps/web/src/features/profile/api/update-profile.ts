/**
 * Profile Save (DECISIONS 6: Save persists): PUT /user/{userId}/profile with the contact fields
 * (display name, email, username, bio; the identity fields are the credentials', issue 19); the
 * server validates them, stores them and writes the `profile_updated` entry.
 *
 * Offline: when the API cannot be used at all (unreachable, timed out, disabled) the Save is kept
 * in browser storage instead — the profile under `profile` and a `profile_updated` entry under
 * `activityLogs`, both marked `pending_sync` ("Not yet synced") — and queued in the outbox
 * (lib/sync/outbox), which sends it once the API answers (sync-profile.ts). The PUT is a full
 * replacement, so the queued Save remembers the server's `updated_at` this device had seen: if
 * the server's copy changed after it, the holder is shown a conflict instead of an overwrite.
 * A later Save replaces a queued one not sent yet.
 */
import {
  type ActivityLog,
  activityLogSchema,
  changedProfileFields,
  describeActivity,
  normalizeProfileInput,
  type Profile,
  type ProfileInput,
  profileToInput,
  profileUpdateAnswerSchema,
} from '@pehchaan/core';
import { appendLocalActivity, dropLocalActivity } from '@/lib/activity-store';
import { api, isApiUnavailable } from '@/lib/api-client';
import { discardOutboxEntries, enqueueOutbox } from '@/lib/sync/outbox';
import { applyLocalUpdate } from '../profile-records';
import { readLocalProfileEntry, writeLocalProfile } from './profile-storage';

export interface ProfileSaveResult {
  /** 'api': the server took it; 'localStorage': kept on this device, not yet synced. */
  source: 'api' | 'localStorage';
  profile: Profile;
  /** The entry written, or null when the server found nothing changed. */
  activityLog: ActivityLog | null;
}

/** Thrown when the API is unreachable and the browser also refused to store the Save. */
export class LocalSaveError extends Error {
  override readonly name = 'LocalSaveError';
}

/** The profile's API path. */
export function profilePath(userId: string): string {
  return `/user/${encodeURIComponent(userId)}/profile`;
}

/** Sends the contact fields; resolves the server's answer. @throws {ApiError} */
export async function putProfile(userId: string, input: ProfileInput) {
  return api.put(profilePath(userId), normalizeProfileInput(input), {
    schema: profileUpdateAnswerSchema,
  });
}

/**
 * Queues a Save for the outbox (see the module docs).
 * @param baseUpdatedAt the server's updated_at this device last saw (ignored when a Save is
 *   already queued: the first one's is kept).
 */
export function queueProfileSave(
  userId: string,
  input: ProfileInput,
  baseUpdatedAt: string | null,
  now?: Date,
) {
  return enqueueOutbox(
    {
      userId,
      kind: 'profile_update',
      method: 'PUT',
      path: profilePath(userId),
      body: normalizeProfileInput(input),
      baseUpdatedAt,
    },
    { coalesce: true, now },
  );
}

/**
 * Saves `input` (already checked with core's validateProfile) over `current`, the profile the
 * screen shows.
 * @throws {ApiError} HTTP_ERROR 400 (the detail names the field's rule), 409 'This username is
 *   already taken', 403, or ERR_BAD_RESPONSE; never for an unreachable API.
 * @throws {LocalSaveError} when the API is unreachable and storage refused the Save.
 */
export async function saveProfile(options: {
  userId: string;
  current: Profile;
  input: ProfileInput;
  now?: Date;
}): Promise<ProfileSaveResult> {
  const { userId, current, input } = options;
  const previous = readLocalProfileEntry(userId);
  try {
    const answer = await putProfile(userId, input);
    // The server now holds every earlier offline Save too (this one, made over them, replaces
    // them), so none of those still queued may follow it.
    discardOutboxEntries(userId, 'profile_update');
    dropLocalActivity(previous?.local_log_ids ?? []);
    writeLocalProfile(userId, answer.profile);
    return { source: 'api', profile: answer.profile, activityLog: answer.activity_log };
  } catch (error) {
    if (!isApiUnavailable(error)) throw error;
    const now = options.now ?? new Date();
    const profile = applyLocalUpdate(current, input, now);
    const changed = changedProfileFields(profileToInput(current), input);
    const message = { code: 'profile_updated', params: { fields: changed.join(',') } } as const;
    const activityLog = activityLogSchema.parse({
      id: `local-log-${now.getTime()}-${Math.random().toString(36).slice(2, 10)}`,
      userId,
      type: 'profile_updated',
      description: describeActivity(message),
      message_code: message.code,
      message_params: message.params,
      timestamp: now.toISOString(),
      last_viewed: null,
      pending_sync: true,
    });
    const logIds = [...(previous?.local_log_ids ?? []), activityLog.id];
    if (!appendLocalActivity(activityLog) || !writeLocalProfile(userId, profile, logIds)) {
      throw new LocalSaveError('The browser refused to store the profile', { cause: error });
    }
    // The server's copy this edit was made over: the stored one, unless it is itself an offline
    // Save (then the queued Save's base is kept).
    const base = previous
      ? previous.profile.pending_sync
        ? null
        : previous.profile.updated_at
      : current.updated_at;
    queueProfileSave(userId, input, base, now);
    return { source: 'localStorage', profile, activityLog };
  }
}
