/**
 * Saves the holder's settings (persisted on the server): PUT /user/{userId}/settings with the
 * complete settings object (the server replaces its copy), and the browser copy under `settings`.
 *
 * Offline: when the API cannot be used at all (unreachable, timed out, disabled) the settings are
 * kept in browser storage marked `pending_sync` and queued in the outbox (lib/sync/outbox),
 * which sends them once the API answers (sync-settings.ts). The PUT is a full replacement, so the
 * queued Save remembers the server's `updated_at` this device had seen: if the server's copy
 * changed after it, the holder is shown a conflict instead of an overwrite. A later Save replaces
 * a queued one not sent yet.
 */
import { settingsAnswerSchema, type UserSettings } from '@pehchaan/core';
import { api, isApiUnavailable } from '@/lib/api-client';
import { discardOutboxEntries, enqueueOutbox } from '@/lib/sync/outbox';
import { readLocalSettings, writeLocalSettings } from './settings-storage';

/** The settings' API path. */
export function settingsPath(userId: string): string {
  return `/user/${encodeURIComponent(userId)}/settings`;
}

/** PUT the settings; resolves the server's answer. @throws {ApiError} */
export function putSettings(userId: string, settings: UserSettings) {
  return api.put(settingsPath(userId), settings, { schema: settingsAnswerSchema });
}

/**
 * Queues a Save for the outbox (see the module docs).
 * @param baseUpdatedAt the server's updated_at this device last saw (ignored when a Save is
 *   already queued: the first one's is kept).
 */
export function queueSettingsSave(
  userId: string,
  settings: UserSettings,
  baseUpdatedAt: string | null,
) {
  return enqueueOutbox(
    {
      userId,
      kind: 'settings_update',
      method: 'PUT',
      path: settingsPath(userId),
      body: settings,
      baseUpdatedAt,
    },
    { coalesce: true },
  );
}

/**
 * @returns 'api' when the server took them, 'localStorage' when kept on this device only.
 * @throws {ApiError} HTTP_ERROR (400 with the detail, 403) or ERR_BAD_RESPONSE; never for an
 *   unreachable API.
 */
export async function saveSettings(
  userId: string,
  settings: UserSettings,
): Promise<'api' | 'localStorage'> {
  const previous = readLocalSettings(userId);
  try {
    const answer = await putSettings(userId, settings);
    // A full replacement made over every offline change: none still queued may follow it.
    discardOutboxEntries(userId, 'settings_update');
    writeLocalSettings(userId, {
      settings: answer.settings,
      pending_sync: false,
      updated_at: answer.updated_at,
      notification_channels: answer.notification_channels ?? null,
    });
    return 'api';
  } catch (error) {
    if (!isApiUnavailable(error)) throw error;
    // `updated_at` stays the server's, the base of this change.
    const base = previous?.updated_at ?? null;
    writeLocalSettings(userId, {
      settings,
      pending_sync: true,
      updated_at: base,
      notification_channels: previous?.notification_channels ?? null,
    });
    queueSettingsSave(userId, settings, previous?.pending_sync ? null : base);
    return 'localStorage';
  }
}
