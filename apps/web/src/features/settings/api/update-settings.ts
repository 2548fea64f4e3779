/**
 * Saves the holder's settings (issue 6): PUT /user/{userId}/settings with the complete settings
 * object (the server replaces its copy), and the browser copy under `settings`.
 *
 * Offline: when the API cannot be used at all (unreachable, timed out, disabled) the settings are
 * kept in browser storage marked `pending_sync`; the next load sends them.
 */
import { settingsAnswerSchema, type UserSettings } from '@pehchaan/core';
import { api, isApiUnavailable } from '@/lib/api-client';
import { writeLocalSettings } from './settings-storage';

/** PUT the settings; resolves the server's answer. @throws {ApiError} */
export function putSettings(userId: string, settings: UserSettings) {
  return api.put(`/user/${encodeURIComponent(userId)}/settings`, settings, {
    schema: settingsAnswerSchema,
  });
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
  try {
    const answer = await putSettings(userId, settings);
    writeLocalSettings(userId, {
      settings: answer.settings,
      pending_sync: false,
      updated_at: answer.updated_at,
    });
    return 'api';
  } catch (error) {
    if (!isApiUnavailable(error)) throw error;
    writeLocalSettings(userId, { settings, pending_sync: true, updated_at: null });
    return 'localStorage';
  }
}
