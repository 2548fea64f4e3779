/**
 * PUT /user/{userId}/settings (DECISIONS 6: settings persist per user on the server):
 * replaces the holder's settings with a complete, validated settings object (core's
 * userSettingsSchema). No activity entry: settings are preferences, not events of SPEC 3.
 *
 * The settings that act (issue 19) take effect here, in the same transaction:
 * - Session timeout: every live session of the holder gets the new idle limit (a shorter one may
 *   end an idle session at once; the next call answers 401);
 * - Two-factor authentication and Biometric unlock need a passkey of the holder (a platform one
 *   for Biometric unlock), Automatic backup needs a backup passphrase: turning one on without it
 *   is AppError 'passkey_required' / 'backup_key_required' (409), or, with `lenient` (a restore),
 *   the switch is turned off instead;
 * - the retired privacy fields are stored at their fixed values (core's RETIRED_SETTINGS);
 * - a changed Data retention period is applied at once (accounts/apply-data-retention.ts).
 *
 * Input: { db, now, userId, settings, lenient? }. Output: { settings, updatedAt } as stored.
 * Errors: AppError 'user_not_found' (404), 'passkey_required', 'backup_key_required' (409).
 */
import { type UserSettings, withRetiredSettings } from '@pehchaan/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/create-db';
import { backupKeys, passkeys, sessions, userSettings } from '../db/schema';
import { applyDataRetention } from '../lib/activity-retention';
import { AppError } from '../lib/errors';
import { selectUser } from '../lib/holder-reads';
import { getSettings, type StoredSettings } from '../lib/holder-settings';

export const PASSKEY_REQUIRED_DETAIL = 'Add a passkey first: this setting uses one.';
export const PLATFORM_PASSKEY_REQUIRED_DETAIL =
  "Set up this device's fingerprint or face unlock first: Biometric unlock uses it.";
export const BACKUP_PASSPHRASE_REQUIRED_DETAIL =
  'Set a backup passphrase first: backups are encrypted so that only it opens them.';

export interface UpdateSettingsOptions {
  db: Db;
  now: () => Date;
  userId: string;
  settings: UserSettings;
  /** Turn off what cannot act instead of refusing (a restore from a backup). */
  lenient?: boolean;
}

export async function updateSettings(options: UpdateSettingsOptions): Promise<StoredSettings> {
  const { db, userId } = options;
  await selectUser(db, userId);
  const before = await getSettings({ db, userId });
  const updatedAt = options.now();
  const stored = await db.transaction(async (tx) => {
    const settings = await checkedSettings(tx, options);
    await tx
      .insert(userSettings)
      .values({ userId, settings, updatedAt })
      .onConflictDoUpdate({ target: userSettings.userId, set: { settings, updatedAt } });
    if (settings.sessionTimeout !== before.settings.sessionTimeout) {
      await tx
        .update(sessions)
        .set({ idleMinutes: settings.sessionTimeout })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    }
    return settings;
  });
  if (stored.dataRetention !== before.settings.dataRetention) {
    await applyDataRetention({ db, now: options.now, userId });
  }
  return { settings: { ...stored }, updatedAt };
}

/** The settings to store: retired fields fixed, switches that cannot act refused or off. */
async function checkedSettings(tx: Tx, options: UpdateSettingsOptions): Promise<UserSettings> {
  const settings = withRetiredSettings(options.settings);
  const refuse = (code: 'passkey_required' | 'backup_key_required', detail: string) => {
    if (!options.lenient) throw new AppError(code, detail);
  };
  if (settings.twoFactorEnabled || settings.biometricEnabled) {
    const held = await tx
      .select({ attachment: passkeys.attachment })
      .from(passkeys)
      .where(eq(passkeys.userId, options.userId));
    if (settings.twoFactorEnabled && held.length === 0) {
      refuse('passkey_required', PASSKEY_REQUIRED_DETAIL);
      settings.twoFactorEnabled = false;
    }
    if (settings.biometricEnabled && !held.some((row) => row.attachment === 'platform')) {
      refuse('passkey_required', PLATFORM_PASSKEY_REQUIRED_DETAIL);
      settings.biometricEnabled = false;
    }
  }
  if (settings.autoBackup) {
    const [key] = await tx
      .select({ userId: backupKeys.userId })
      .from(backupKeys)
      .where(eq(backupKeys.userId, options.userId));
    if (!key) {
      refuse('backup_key_required', BACKUP_PASSPHRASE_REQUIRED_DETAIL);
      settings.autoBackup = false;
    }
  }
  return settings;
}
