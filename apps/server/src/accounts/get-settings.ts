/**
 * GET /user/{userId}/settings (SPEC 3 and 9): the holder's settings, or core's
 * DEFAULT_SETTINGS while none were saved. Stored fields that are absent or no longer valid read
 * as their defaults (readStoredSettings).
 *
 * Input: { db, userId }. Output: { settings (complete UserSettings), updatedAt (null while
 * never saved) }. Errors: AppError 'user_not_found' (404).
 */
import { DEFAULT_SETTINGS, readStoredSettings, type UserSettings } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { userSettings } from '../db/schema';
import { selectUser } from './get-profile';

export interface GetSettingsOptions {
  db: DbOrTx;
  userId: string;
}

export interface StoredSettings {
  settings: UserSettings;
  updatedAt: Date | null;
}

export async function getSettings(options: GetSettingsOptions): Promise<StoredSettings> {
  const { db, userId } = options;
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) {
    // No row: an unknown holder is a 404, a known one has the defaults.
    await selectUser(db, userId);
    return { settings: { ...DEFAULT_SETTINGS }, updatedAt: null };
  }
  return { settings: readStoredSettings(row.settings), updatedAt: row.updatedAt };
}
