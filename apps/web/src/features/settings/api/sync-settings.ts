/**
 * Settles settings changed offline once the outbox gets to them (lib/sync/outbox; queued by
 * update-settings.ts). PUT /user/{userId}/settings is a full replacement, so before sending, the
 * server's copy is read (`check`):
 * - its `updated_at` is still the one this device had seen when the change was made
 *   (`baseUpdatedAt`): the settings are sent;
 * - it already holds exactly these settings: nothing is sent; settled;
 * - otherwise they were changed elsewhere after this device's change: nothing is sent, the
 *   server's settings are kept and shown, and the holder sees a conflict notice
 *   ('settingsChanged').
 * The server has no conditional PUT (If-Match), so a change made elsewhere in the instant between
 * this read and the PUT would still be overwritten; that window is milliseconds.
 *
 * After a 2xx the server's settings replace the local copy (its `updated_at` becomes the base of
 * any change queued behind it). A refusal (400) puts the server's copy back and shows the server's
 * detail ('settingsRefused'). (An earlier attempt with this key still running answers the problem
 * 'idempotency_in_flight': lib/sync/outbox.ts keeps the entry for later and this handler never sees it.)
 */
import {
  readStoredSettings,
  SETTINGS_FIELDS,
  type SettingsAnswer,
  settingsAnswerSchema,
  type UserSettings,
} from '@pehchaan/core';
import {
  type OutboxEntry,
  type OutboxHandler,
  pendingEntries,
  rebaseOutboxEntries,
} from '@/lib/sync/outbox';
import { fetchServerSettings } from './get-settings';
import { writeLocalSettings } from './settings-storage';

function sameSettings(a: UserSettings, b: UserSettings): boolean {
  return SETTINGS_FIELDS.every((field) => a[field] === b[field]);
}

/** Puts the server's settings in the local copy, unless a later offline change still waits. */
function takeServerCopy(entry: OutboxEntry, answer: SettingsAnswer): void {
  if (pendingEntries(entry.userId, 'settings_update').some((e) => e.id !== entry.id)) return;
  writeLocalSettings(entry.userId, {
    settings: answer.settings,
    pending_sync: false,
    updated_at: answer.updated_at,
    notification_channels: answer.notification_channels ?? null,
  });
}

export const settingsOutbox: OutboxHandler = {
  async check(entry) {
    const server = await fetchServerSettings(entry.userId);
    if (server.updated_at === (entry.baseUpdatedAt ?? null)) return null;
    takeServerCopy(entry, server);
    if (sameSettings(server.settings, readStoredSettings(entry.body))) {
      rebaseOutboxEntries(entry.userId, 'settings_update', server.updated_at);
      return { action: 'synced' };
    }
    return { action: 'conflict', code: 'settingsChanged' };
  },

  onSynced(entry, answer) {
    const parsed = settingsAnswerSchema.parse(answer);
    rebaseOutboxEntries(entry.userId, 'settings_update', parsed.updated_at);
    takeServerCopy(entry, parsed);
  },

  async onRefused(entry) {
    takeServerCopy(entry, await fetchServerSettings(entry.userId));
    return { action: 'conflict', code: 'settingsRefused' };
  },
};
