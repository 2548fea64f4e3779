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
 * - The SD-JWT VCs carried beside the cards' documents (export version 3's `credential_sd_jwts`)
 *   are checked again by the wallet before the transaction too (wallet/check-card-sd-jwts.ts:
 *   signature by the document's issuer, `vct` of its type, bound to this holder, the document's
 *   claims): an invalid one fails the whole restore with 'backup_invalid'; each card restored
 *   gets its SD-JWT VC back byte for byte. A card without one (an older backup) comes back with
 *   its document only.
 * - The settings replace the current ones (accounts/update-settings.ts, with its checks: a
 *   switch that needs a passkey or a backup passphrase the holder no longer has is turned off).
 * - A `backup_restored` entry is written. Activity, consent decisions and share links are not
 *   restored: they are records of what happened, not the holder's to rewrite.
 *
 * Input: { ...deps, userId, settings, documents, received?, sdJwts? }. Output: RestoreAnswer.
 * Errors: 'backup_invalid' (422); 'user_not_found'; issuer_unreachable (502),
 * issuer_address_refused / issuer_metadata_invalid (422) when an issuer's keys cannot be had.
 */
import type {
  ExportedCredentialSdJwt,
  ExportedReceivedCredential,
  RestoreAnswer,
  UserSettings,
} from '@pehchaan/core';
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
    sdJwts?: readonly ExportedCredentialSdJwt[] | undefined;
  },
): Promise<RestoreAnswer> {
  const { db, userId } = options;
  await selectUser(db, userId);
  const { checked, leftOut } = await options.roles.wallet.checkReceivedCredentials({
    userId,
    received: options.received ?? [],
  });
  const sdJwts = await options.roles.wallet.checkCardSdJwts({
    userId,
    documents: options.documents,
    sdJwts: options.sdJwts ?? [],
  });
  const { restored, skipped } = await db.transaction(async (tx) => {
    const counts = await options.roles.wallet.restoreCredentials(tx, {
      userId,
      documents: options.documents,
      received: checked,
      sdJwts,
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
