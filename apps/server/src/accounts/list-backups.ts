/**
 * GET /user/{userId}/backups: the holder's encrypted backups, newest first, whether a backup
 * passphrase is set, and when the next automatic one is due (null while Automatic backup is off
 * or no passphrase is set; "now" while none was made yet).
 *
 * Input: { db, now, userId }. Output: BackupList. Errors: AppError 'user_not_found'.
 */
import type { BackupList } from '@pehchaan/core';
import { desc, eq } from 'drizzle-orm';
import { backupKeys, backups } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { getSettings } from '../lib/holder-settings';
import { nextBackupDue } from './make-due-backups';

export async function listBackups(
  options: Pick<ServiceDeps, 'db' | 'now'> & { userId: string },
): Promise<BackupList> {
  const { db, userId } = options;
  const { settings } = await getSettings({ db, userId });
  const [key] = await db
    .select({ userId: backupKeys.userId })
    .from(backupKeys)
    .where(eq(backupKeys.userId, userId));
  const rows = await db
    .select({ id: backups.id, createdAt: backups.createdAt, size: backups.size })
    .from(backups)
    .where(eq(backups.userId, userId))
    .orderBy(desc(backups.createdAt), desc(backups.id));
  const due =
    settings.autoBackup && key
      ? ((await nextBackupDue(options, userId, settings.backupFrequency)) ?? options.now())
      : null;
  return {
    key_set: key !== undefined,
    backups: rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      size: row.size,
    })),
    next_due_at: due?.toISOString() ?? null,
  };
}
