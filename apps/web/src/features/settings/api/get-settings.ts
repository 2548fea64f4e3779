/**
 * GET /user/{userId}/settings (issue 6) with the local fallback of SPEC 1 (storage key
 * `settings`). An answer refreshes the local copy. Settings changed on this device while offline
 * (`pending_sync`) are sent first, so the server's copy includes them.
 */
import { DEFAULT_SETTINGS, settingsAnswerSchema, type UserSettings } from '@pehchaan/core';
import { api, isApiUnavailable } from '@/lib/api-client';
import { readLocalSettings, writeLocalSettings } from './settings-storage';
import { putSettings } from './update-settings';

/**
 * What one load gave: 'api' (the server's settings; `synced` when offline changes were sent on
 * the way), 'local' (the API failed; this device's copy, `pendingSync` when not yet sent), or
 * 'defaults' (the API failed and nothing is stored).
 */
export type SettingsLoad =
  | { status: 'api'; settings: UserSettings; synced?: boolean }
  | { status: 'local'; settings: UserSettings; pendingSync: boolean; error: unknown }
  | { status: 'defaults'; settings: UserSettings; error: unknown };

async function fetchSettings(userId: string): Promise<UserSettings> {
  const answer = await api.get(`/user/${encodeURIComponent(userId)}/settings`, {
    schema: settingsAnswerSchema,
  });
  writeLocalSettings(userId, {
    settings: answer.settings,
    pending_sync: false,
    updated_at: answer.updated_at,
  });
  return answer.settings;
}

function fallback(userId: string, error: unknown): SettingsLoad {
  const local = readLocalSettings(userId);
  if (local) {
    return { status: 'local', settings: local.settings, pendingSync: local.pending_sync, error };
  }
  return { status: 'defaults', settings: { ...DEFAULT_SETTINGS }, error };
}

/** Loads the holder's settings (see SettingsLoad). Never rejects. */
export async function loadSettings(userId: string): Promise<SettingsLoad> {
  try {
    const local = readLocalSettings(userId);
    if (local?.pending_sync) {
      try {
        const answer = await putSettings(userId, local.settings);
        writeLocalSettings(userId, {
          settings: answer.settings,
          pending_sync: false,
          updated_at: answer.updated_at,
        });
        return { status: 'api', settings: answer.settings, synced: true };
      } catch (error) {
        if (isApiUnavailable(error)) return fallback(userId, error);
        // Refused: the server's copy stands.
      }
    }
    return { status: 'api', settings: await fetchSettings(userId) };
  } catch (error) {
    return fallback(userId, error);
  }
}
