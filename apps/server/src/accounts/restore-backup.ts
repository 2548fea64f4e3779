/**
 * POST /user/{userId}/restore: brings back what an encrypted backup held (Settings › Data and
 * storage, Restore). The browser opened the backup with the holder's passphrase; the server never
 * could. It sends the settings and the signed W3C documents of the export.
 *
 * - The credentials come back through the wallet (wallet/restore-credentials.ts, its port):
 *   each document must verify and be this holder's, or the whole restore fails with AppError
 *   'backup_invalid' (422) and nothing changes; a type the holder holds now is skipped.
 * - The credentials received from issuers (export version 2's `received_credentials`) are
 *   checked again by the wallet first, outside the transaction since it may fetch the issuers'
 *   keys (wallet/restore-received-credentials.ts): signature, binding to this holder, issuer; a
 *   pending one is left out (counted as skipped). They are stored in the same transaction.
 * - The settings replace the current ones (accounts/update-settings.ts, with its checks: a
 *   switch that needs a passkey or a backup passphrase the holder no longer has is turned off).
 * - A `backup_restored` entry is written. Activity, consent decisions and share links are not
 *   restored: they are records of what happened, not the holder's to rewrite.
 *
 * Input: { ...deps, userId, settings, documents, received? }. Output: RestoreAnswer.
 * Errors: 'backup_invalid' (422); 'user_not_found'; issuer_unreachable (502),
 * issuer_address_refused / issuer_metadata_invalid (422) when an issuer's keys cannot be had.
 */
import type { ExportedReceivedCredential, RestoreAnswer, UserSettings } from '@pehchaan/core';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { selectUser } from '../lib/holder-reads';
import { updateSettings } from './update-settings';

export async function restoreBackup(
  options: ServiceDeps & {
    userId: string;
    settings: UserSettings;
    documents: readonly Record<string, unknown>[];
    received?: readonly ExportedReceivedCredential[] | undefined;
  },
): Promise<RestoreAnswer> {
  const { db, userId } = options;
  await selectUser(db, userId);
  const { checked, leftOut } = await options.roles.wallet.checkReceivedCredentials({
    userId,
    received: options.received ?? [],
  });
  const { restored, skipped } = await db.transaction(async (tx) => {
    const counts = await options.roles.wallet.restoreCredentials(tx, {
      userId,
      documents: options.documents,
      received: checked,
    });
    await recordActivity({
      db: tx,
      now: options.now,
      userId,
      type: 'backup_restored',
      message: { code: 'backup_restored', params: { count: counts.restored } },
    });
    return counts;
  });
  await updateSettings({ ...options, settings: options.settings, lenient: true });
  return {
    message: 'Backup restored',
    credentials_restored: restored,
    credentials_skipped: skipped + leftOut,
    settings_restored: true,
  };
}
