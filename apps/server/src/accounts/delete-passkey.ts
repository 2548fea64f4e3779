/**
 * DELETE /user/{userId}/passkeys/{passkeyId}: removes one of the holder's passkeys and writes a
 * `passkey_removed` entry. Removing the last one turns Two-factor authentication and Biometric
 * unlock off in the same transaction (they cannot act without a passkey; the settings answer
 * says so).
 *
 * Input: { db, now, userId, passkeyId }. Output: { message, settings_changed }.
 * Errors: AppError 'passkey_not_found' (404), also for another holder's passkey.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import { passkeys, userSettings } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import { AppError } from '../lib/errors';
import { getSettings } from '../lib/holder-settings';

export async function deletePasskey(options: {
  db: Db;
  now: () => Date;
  userId: string;
  passkeyId: string;
}): Promise<{ message: string; settings_changed: boolean }> {
  const { userId } = options;
  return options.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, options.passkeyId), eq(passkeys.userId, userId)))
      .returning();
    if (!removed) throw new AppError('passkey_not_found', 'Passkey not found');
    await recordActivity({
      db: tx,
      now: options.now,
      userId,
      type: 'passkey_removed',
      message: { code: 'passkey_removed', params: { name: removed.name } },
    });
    const [left] = await tx
      .select({ n: count() })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    let settingsChanged = false;
    if ((left?.n ?? 0) === 0) {
      const { settings, updatedAt } = await getSettings({ db: tx, userId });
      if (updatedAt && (settings.twoFactorEnabled || settings.biometricEnabled)) {
        const next = { ...settings, twoFactorEnabled: false, biometricEnabled: false };
        await tx
          .update(userSettings)
          .set({ settings: next, updatedAt: options.now() })
          .where(eq(userSettings.userId, userId));
        settingsChanged = true;
      }
    }
    return { message: 'Passkey removed', settings_changed: settingsChanged };
  });
}
