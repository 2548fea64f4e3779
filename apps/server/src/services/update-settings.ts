/**
 * PUT /user/{userId}/settings (DECISIONS 6: settings persist per user on the server):
 * replaces the holder's settings with a complete, validated settings object (core's
 * userSettingsSchema). No activity entry: settings are preferences, not events of SPEC 3.
 *
 * Input: { db, now, userId, settings }. Output: { settings, updatedAt } as stored.
 * Errors: AppError 'user_not_found' (404).
 */
import type { UserSettings } from '@pehchaan/core';
import type { Db } from '../db/create-db';
import { userSettings } from '../db/schema';
import { selectUser } from './get-profile';
import type { StoredSettings } from './get-settings';

export interface UpdateSettingsOptions {
  db: Db;
  now: () => Date;
  userId: string;
  settings: UserSettings;
}

export async function updateSettings(options: UpdateSettingsOptions): Promise<StoredSettings> {
  const { db, userId, settings } = options;
  await selectUser(db, userId);
  const updatedAt = options.now();
  await db
    .insert(userSettings)
    .values({ userId, settings, updatedAt })
    .onConflictDoUpdate({ target: userSettings.userId, set: { settings, updatedAt } });
  return { settings: { ...settings }, updatedAt };
}
