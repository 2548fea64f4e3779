/**
 * GET /user/{userId}/settings with the local fallback of SPEC 1 (storage key
 * `settings`). An answer refreshes the local copy, except while settings changed offline
 * (`pending_sync`) wait in the outbox: then this device's copy is shown, not yet
 * synced, until the outbox has sent it (sync-settings.ts settles it).
 */
import {
  DEFAULT_SETTINGS,
  type NotificationChannels,
  type SettingsAnswer,
  settingsAnswerSchema,
  type UserSettings,
} from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { pendingEntries } from '@/lib/sync/outbox';
import { readLocalSettings, writeLocalSettings } from './settings-storage';
import { queueSettingsSave } from './update-settings';

/**
 * What one load gave: 'api' (the server answered; `pendingSync` when this device's changes made
 * offline are shown until they are sent), 'local' (the API failed; this device's copy,
 * `pendingSync` when not yet sent), or 'defaults' (the API failed and nothing is stored).
 */
export type SettingsLoad = (
  | { status: 'api'; settings: UserSettings; pendingSync: boolean }
  | { status: 'local'; settings: UserSettings; pendingSync: boolean; error: unknown }
  | { status: 'defaults'; settings: UserSettings; error: unknown }
) & {
  /**
   * Which notice channels (e-mail, SMS) can reach the holder: the server's answer, else its last
   * one kept on this device; null when never known.
   */
  channels: NotificationChannels | null;
};

/** The server's settings answer, without touching the local copy. @throws {ApiError} */
export function fetchServerSettings(userId: string): Promise<SettingsAnswer> {
  return api.get(`/user/${encodeURIComponent(userId)}/settings`, {
    schema: settingsAnswerSchema,
  });
}

function fallback(userId: string, error: unknown): SettingsLoad {
  const local = readLocalSettings(userId);
  const channels = local?.notification_channels ?? null;
  if (local) {
    return {
      status: 'local',
      settings: local.settings,
      pendingSync: local.pending_sync,
      error,
      channels,
    };
  }
  return { status: 'defaults', settings: { ...DEFAULT_SETTINGS }, error, channels };
}

/** Loads the holder's settings (see SettingsLoad). Never rejects. */
export async function loadSettings(userId: string): Promise<SettingsLoad> {
  try {
    const answer = await fetchServerSettings(userId);
    const channels = answer.notification_channels ?? null;
    const local = readLocalSettings(userId);
    if (local?.pending_sync) {
      if (pendingEntries(userId, 'settings_update').length === 0) {
        // Changes kept before the outbox existed: queue them now. The server copy they were made
        // over is unknown, so a server copy saved since counts as a conflict.
        queueSettingsSave(userId, local.settings, null);
      }
      writeLocalSettings(userId, { ...local, notification_channels: channels });
      return { status: 'api', settings: local.settings, pendingSync: true, channels };
    }
    writeLocalSettings(userId, {
      settings: answer.settings,
      pending_sync: false,
      updated_at: answer.updated_at,
      notification_channels: channels,
    });
    return { status: 'api', settings: answer.settings, pendingSync: false, channels };
  } catch (error) {
    return fallback(userId, error);
  }
}

/**
 * The holder's settings in the query cache: key `['settings', userId]`, data a
 * `SettingsLoad`. Not refreshed on a timer (the screen is a form saved on every change); the
 * outbox invalidates it once settings changed offline are settled.
 */
export function getSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.settings(userId),
    queryFn: () => loadSettings(userId),
  });
}
