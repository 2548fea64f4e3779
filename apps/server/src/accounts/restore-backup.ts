/**
 * POST /user/{userId}/restore: brings back what an encrypted backup held (Settings › Data and
 * storage, Restore). The browser opened the backup with the holder's passphrase; the server never
 * could. It sends the settings and the signed W3C documents of the export.
 *
 * - Each document must verify (Data Integrity proof by one of the product's trusted issuers,
 *   core's verifyCredential; expiry is not a reason to refuse: an expired credential comes back
 *   expired) and be this holder's (credentialSubject.id = holderDid(userId)); any other makes
 *   the whole restore fail with AppError 'backup_invalid' (422) and nothing changes. A document
 *   type the holder holds now is left as it is (counted in credentials_skipped); a missing one
 *   is stored again under its own id, its SD-JWT VC issued on first use.
 * - The settings replace the current ones (accounts/update-settings.ts, with its checks: a
 *   switch that needs a passkey or a backup passphrase the holder no longer has is turned off).
 * - A `backup_restored` entry is written. Activity, consent decisions and share links are not
 *   restored: they are records of what happened, not the holder's to rewrite.
 *
 * Input: { ...deps, userId, settings, documents }. Output: RestoreAnswer.
 * Errors: 'backup_invalid' (422); 'user_not_found'.
 */
import {
  CREDENTIAL_URN_PREFIX,
  credentialIdFromDocumentId,
  DOCUMENT_TYPES,
  holderDid,
  isJsonObject,
  type RestoreAnswer,
  type UserSettings,
  verifyCredential,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { credentials } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { credentialAad } from '../lib/records';
import { selectUser } from './get-profile';
import { updateSettings } from './update-settings';

export const BACKUP_INVALID_DETAIL =
  'This backup holds a credential that is not yours or does not verify; nothing was restored.';

interface RestorableDocument {
  id: string;
  documentType: string;
  permanent: boolean;
  document: Record<string, unknown>;
  validFrom: Date;
  validUntil: Date | null;
}

export async function restoreBackup(
  options: ServiceDeps & {
    userId: string;
    settings: UserSettings;
    documents: readonly Record<string, unknown>[];
  },
): Promise<RestoreAnswer> {
  const { db, userId } = options;
  await selectUser(db, userId);
  const checked: RestorableDocument[] = [];
  for (const document of options.documents) {
    checked.push(await checkDocument(options, document));
  }
  const held = new Set(
    (
      await db
        .select({ documentType: credentials.documentType })
        .from(credentials)
        .where(eq(credentials.userId, userId))
    ).map((row) => row.documentType),
  );
  let restored = 0;
  let skipped = 0;
  await db.transaction(async (tx) => {
    for (const item of checked) {
      if (held.has(item.documentType)) {
        skipped += 1;
        continue;
      }
      const inserted = await tx
        .insert(credentials)
        .values({
          id: item.id,
          userId,
          documentType: item.documentType,
          documentCiphertext: options.vault.encrypt(
            JSON.stringify(item.document),
            credentialAad(item.id),
          ),
          issuedAt: item.validFrom,
          expiresAt: item.validUntil,
          permanent: item.permanent,
        })
        .onConflictDoNothing()
        .returning({ id: credentials.id });
      if (inserted.length > 0) {
        restored += 1;
        held.add(item.documentType);
      } else {
        skipped += 1;
      }
    }
    await recordActivity({
      db: tx,
      now: options.now,
      userId,
      type: 'backup_restored',
      message: { code: 'backup_restored', params: { count: restored } },
    });
  });
  await updateSettings({ ...options, settings: options.settings, lenient: true });
  return {
    message: 'Backup restored',
    credentials_restored: restored,
    credentials_skipped: skipped,
    settings_restored: true,
  };
}

/** The document's row values when it verifies and is this holder's. @throws 'backup_invalid'. */
async function checkDocument(
  options: ServiceDeps & { userId: string },
  document: Record<string, unknown>,
): Promise<RestorableDocument> {
  const invalid = new AppError('backup_invalid', BACKUP_INVALID_DETAIL);
  const verdict = await verifyCredential(document, {
    trustedIssuers: options.issuers.trustedIssuers,
    now: options.now(),
    crypto: options.proofCrypto,
  });
  // An expired credential is still the holder's genuine credential: it comes back expired.
  const proofHolds = verdict.verified || verdict.status === 'expired';
  const subject = isJsonObject(document.credentialSubject) ? document.credentialSubject : {};
  const types = Array.isArray(document.type) ? document.type : [];
  const type = DOCUMENT_TYPES.find((t) => types.includes(t.credentialType));
  const id = typeof document.id === 'string' ? document.id : '';
  const validFrom = typeof document.validFrom === 'string' ? new Date(document.validFrom) : null;
  if (
    !proofHolds ||
    subject.id !== holderDid(options.userId) ||
    !type ||
    !id.startsWith(CREDENTIAL_URN_PREFIX) ||
    !validFrom ||
    Number.isNaN(validFrom.getTime())
  ) {
    throw invalid;
  }
  return {
    id: credentialIdFromDocumentId(id),
    documentType: type.key,
    permanent: type.permanent,
    document,
    validFrom,
    validUntil: typeof document.validUntil === 'string' ? new Date(document.validUntil) : null,
  };
}
