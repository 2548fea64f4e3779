/**
 * Automatic backup's schedule (Settings › Data and storage: Automatic backup on, Backup frequency
 * daily, weekly or monthly): run hourly by plugins/db.ts, it makes a backup
 * (accounts/create-backup.ts) for every holder who has Automatic backup on, a backup passphrase
 * set, and no backup newer than their frequency's interval (core's BACKUP_INTERVAL_MS).
 *
 * Input: { ...deps }. Output: { made: how many backups }. A holder whose backup fails is skipped
 * (and tried again next hour); errors: database errors only.
 */
import { BACKUP_INTERVAL_MS, readStoredSettings } from '@pehchaan/core';
import { desc, eq } from 'drizzle-orm';
import { backupKeys, backups, userSettings } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { createBackup } from './create-backup';

/** When `userId`'s next automatic backup is due, or null while it has none scheduled. */
export async function nextBackupDue(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  frequency: keyof typeof BACKUP_INTERVAL_MS,
): Promise<Date | null> {
  const [latest] = await deps.db
    .select({ createdAt: backups.createdAt })
    .from(backups)
    .where(eq(backups.userId, userId))
    .orderBy(desc(backups.createdAt))
    .limit(1);
  return latest ? new Date(latest.createdAt.getTime() + BACKUP_INTERVAL_MS[frequency]) : null;
}

export async function makeDueBackups(options: ServiceDeps): Promise<{ made: number }> {
  const candidates = await options.db
    .select({ userId: backupKeys.userId, settings: userSettings.settings })
    .from(backupKeys)
    .innerJoin(userSettings, eq(userSettings.userId, backupKeys.userId));
  const now = options.now();
  let made = 0;
  for (const candidate of candidates) {
    const settings = readStoredSettings(candidate.settings);
    if (!settings.autoBackup) continue;
    const due = await nextBackupDue(options, candidate.userId, settings.backupFrequency);
    if (due && due > now) continue;
    try {
      await createBackup({ ...options, userId: candidate.userId });
      made += 1;
    } catch {
      // Tried again at the next run; one holder's failure does not stop the others.
    }
  }
  return { made };
}
