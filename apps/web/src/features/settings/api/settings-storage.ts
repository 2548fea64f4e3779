/**
 * The browser copy of the holder's settings (storage key `settings`): a map from user id
 * to `{ settings, pending_sync, updated_at, notification_channels }`. `pending_sync` marks settings
 * changed while the API was unreachable; the next load sends them (get-settings.ts).
 * `notification_channels` keeps the server's last word on which notice channels can send, so the
 * Notifications section can say it offline too.
 */
import {
  type NotificationChannels,
  notificationChannelsSchema,
  readStoredSettings,
  type UserSettings,
} from '@pehchaan/core';
import { z } from 'zod';
import { readJson, STORAGE_KEYS, writeJson } from '@/lib/storage';

export interface LocalSettingsEntry {
  settings: UserSettings;
  pending_sync: boolean;
  updated_at: string | null;
  /** The server's last word on which notice channels can send (null: never heard). */
  notification_channels?: NotificationChannels | null;
}

const entrySchema = z.object({
  settings: z.unknown().transform(readStoredSettings),
  pending_sync: z.boolean().default(false),
  updated_at: z.string().nullable().default(null),
  notification_channels: notificationChannelsSchema.nullable().catch(null),
});

function readCache(): Record<string, unknown> {
  return readJson(STORAGE_KEYS.settings, z.record(z.string(), z.unknown())) ?? {};
}

/** The stored entry of `userId`, or null. Invalid fields read as their defaults. */
export function readLocalSettings(userId: string): LocalSettingsEntry | null {
  const raw = readCache()[userId];
  if (raw === undefined) return null;
  const parsed = entrySchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Stores the holder's entry (other holders' stay); false when the browser refused. */
export function writeLocalSettings(userId: string, entry: LocalSettingsEntry): boolean {
  return writeJson(STORAGE_KEYS.settings, { ...readCache(), [userId]: entry });
}
