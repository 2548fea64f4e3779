/**
 * GET /user/{userId}/backups/{backupId}: one backup as the file the holder downloads (core's
 * backupFileSchema): the encrypted export and the passphrase-wrapped key it opens with, so the
 * file and the passphrase alone restore it, on any device.
 *
 * Input: { db, userId, backupId }. Output: BackupFile.
 * Errors: AppError 'backup_not_found' (404), also for another holder's backup.
 */
import { BACKUP_FILE_FORMAT, type BackupFile } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { backups } from '../db/schema';
import { AppError } from '../lib/errors';

export async function getBackupFile(options: {
  db: DbOrTx;
  userId: string;
  backupId: string;
}): Promise<BackupFile> {
  const [row] = await options.db
    .select()
    .from(backups)
    .where(and(eq(backups.id, options.backupId), eq(backups.userId, options.userId)));
  if (!row) throw new AppError('backup_not_found', 'Backup not found');
  return {
    format: BACKUP_FILE_FORMAT,
    version: 1,
    id: row.id,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
    wrapped_private_key: row.wrappedPrivateKey,
    backup: row.jwe,
  };
}
