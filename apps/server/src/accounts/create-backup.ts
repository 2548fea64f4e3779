/**
 * One encrypted backup of the holder (Settings › Data and storage, Automatic backup; POST
 * /user/{userId}/backups "Back up now", and accounts/make-due-backups.ts on the holder's
 * schedule).
 *
 * The backup is the holder's export (accounts/export-holder-data.ts: profile, settings, the
 * credentials with their signed documents, consent requests, activity) encrypted to the
 * holder's backup key as a compact JWE (RFC 7516; ECDH-ES+A256KW with A256GCM, jose): only the
 * private key, wrapped by the holder's passphrase, opens it. Only the newest BACKUPS_KEPT are
 * kept. Writes a `backup_created` entry.
 *
 * Input: { ...deps, userId }. Output: BackupRecord.
 * Errors: AppError 'backup_key_required' (409) when no backup passphrase is set;
 * 'user_not_found'.
 */
import { BACKUPS_KEPT, type BackupRecord } from '@pehchaan/core';
import { desc, eq, inArray } from 'drizzle-orm';
import { CompactEncrypt, importJWK } from 'jose';
import { backupKeys, backups } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { exportHolderData } from './export-holder-data';
import { BACKUP_PASSPHRASE_REQUIRED_DETAIL } from './update-settings';

export async function createBackup(
  options: ServiceDeps & { userId: string },
): Promise<BackupRecord> {
  const { db, userId } = options;
  const [key] = await db.select().from(backupKeys).where(eq(backupKeys.userId, userId));
  if (!key) throw new AppError('backup_key_required', BACKUP_PASSPHRASE_REQUIRED_DETAIL);
  const data = await exportHolderData(options);
  const publicKey = await importJWK(key.publicJwk, 'ECDH-ES+A256KW');
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(data)))
    .setProtectedHeader({ alg: 'ECDH-ES+A256KW', enc: 'A256GCM', cty: 'json' })
    .encrypt(publicKey);
  const now = options.now();
  const id = newId('backup');
  await db.transaction(async (tx) => {
    await tx.insert(backups).values({
      id,
      userId,
      jwe,
      wrappedPrivateKey: key.wrappedPrivateKey,
      size: jwe.length,
      createdAt: now,
    });
    const older = await tx
      .select({ id: backups.id })
      .from(backups)
      .where(eq(backups.userId, userId))
      .orderBy(desc(backups.createdAt), desc(backups.id))
      .offset(BACKUPS_KEPT);
    if (older.length > 0) {
      await tx.delete(backups).where(
        inArray(
          backups.id,
          older.map((row) => row.id),
        ),
      );
    }
    await recordActivity({
      db: tx,
      now: options.now,
      userId,
      type: 'backup_created',
      message: { code: 'backup_created' },
    });
  });
  return { id, created_at: now.toISOString(), size: jwe.length };
}
