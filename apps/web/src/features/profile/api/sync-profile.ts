/**
 * Settles a profile Save made offline once the outbox gets to it (lib/sync/outbox; queued by
 * update-profile.ts). PUT /user/{userId}/profile is a full replacement, so before sending, the
 * server's copy is read (`check`):
 * - its `updated_at` is still the one this device had seen when the Save was made
 *   (`baseUpdatedAt`): the Save is sent;
 * - it already holds exactly these fields (the Save reached it on an earlier attempt, or the same
 *   edit was made elsewhere): nothing is sent; settled;
 * - otherwise it was changed elsewhere after the edit: nothing is sent, the server's copy is kept
 *   and shown, and the holder sees a conflict notice ('profileChanged').
 * The server has no conditional PUT (If-Match), so a change made elsewhere in the instant between
 * this read and the PUT would still be overwritten; that window is milliseconds.
 *
 * After a 2xx the server's profile replaces the local copy (its `updated_at` becomes the base of
 * any Save queued behind it) and the local `profile_updated` entries go: the server wrote its own.
 * A refusal (409 'This username is already taken', 400) puts the server's copy back and shows the
 * server's detail ('profileRefused'). (An earlier attempt with this key still running answers the
 * problem 'idempotency_in_flight': lib/sync/outbox.ts keeps the entry for later and this handler never
 * sees it.)
 */
import {
  changedProfileFields,
  PROFILE_FIELDS,
  type Profile,
  type ProfileInput,
  profileToInput,
  profileUpdateAnswerSchema,
} from '@pehchaan/core';
import { dropLocalActivity } from '@/lib/activity-store';
import {
  type OutboxEntry,
  type OutboxHandler,
  pendingEntries,
  rebaseOutboxEntries,
} from '@/lib/sync/outbox';
import { fetchServerProfile } from './get-profile';
import { readLocalProfileEntry, writeLocalProfile } from './profile-storage';

/** The queued body as profile input; null when it is not one. */
function queuedInput(entry: OutboxEntry): ProfileInput | null {
  const body = entry.body;
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const input: Partial<ProfileInput> = {};
  for (const field of PROFILE_FIELDS) {
    const value = record[field];
    input[field] = typeof value === 'string' ? value : '';
  }
  return input as ProfileInput;
}

/** True while another Save of this holder is queued behind `entry`. */
function laterSaveQueued(entry: OutboxEntry): boolean {
  return pendingEntries(entry.userId, 'profile_update').some((e) => e.id !== entry.id);
}

/**
 * Puts the server's profile in the local copy and drops the local `profile_updated` entries,
 * unless a later offline Save still waits (its local copy stays shown until it is settled).
 */
function takeServerCopy(entry: OutboxEntry, profile: Profile): void {
  if (laterSaveQueued(entry)) return;
  dropLocalActivity(readLocalProfileEntry(entry.userId)?.local_log_ids ?? []);
  writeLocalProfile(entry.userId, profile);
}

export const profileOutbox: OutboxHandler = {
  async check(entry) {
    const server = await fetchServerProfile(entry.userId);
    if (server.updated_at === (entry.baseUpdatedAt ?? null)) return null;
    const input = queuedInput(entry);
    if (input && changedProfileFields(profileToInput(server), input).length === 0) {
      rebaseOutboxEntries(entry.userId, 'profile_update', server.updated_at);
      takeServerCopy(entry, server);
      return { action: 'synced' };
    }
    takeServerCopy(entry, server);
    return { action: 'conflict', code: 'profileChanged' };
  },

  onSynced(entry, answer) {
    const { profile } = profileUpdateAnswerSchema.parse(answer);
    rebaseOutboxEntries(entry.userId, 'profile_update', profile.updated_at);
    takeServerCopy(entry, profile);
  },

  async onRefused(entry) {
    takeServerCopy(entry, await fetchServerProfile(entry.userId));
    return { action: 'conflict', code: 'profileRefused' };
  },
};
