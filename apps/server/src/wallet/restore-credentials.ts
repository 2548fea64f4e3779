/**
 * Brings back the credentials of an encrypted backup (Settings › Data and storage, Restore;
 * accounts/restore-backup.ts asks through the wallet's port, lib/roles.ts restoreCredentials).
 *
 * - Each document must verify (Data Integrity proof by an issuer the trust list trusts for its
 *   type, lib/trust-list.ts, core's verifyCredential; expiry is not a reason to refuse: an expired credential comes back
 *   expired) and be this holder's (credentialSubject.id = the did:key of the holder's Ed25519 key,
 *   as credentials received over OpenID4VCI are bound, or holderDid(userId) of older ones); any other makes
 *   the whole restore fail with AppError 'backup_invalid' (422) and nothing is stored.
 * - A document type the holder holds now is left as it is (counted as skipped); a missing one is
 *   stored again under its own id, with its SD-JWT VC exactly as the backup carried it when
 *   wallet/check-card-sd-jwts.ts checked one for it before the transaction (`sdJwts`, export
 *   version 3). Without one (an older backup) the document comes back alone: a legacy one
 *   (did:pehchaan) gets its SD-JWT VC signed again on first use by wallet/issue-sd-jwt-vc.ts, a
 *   card bound to the holder's did:key has no SD-JWT form then (GET .../sd-jwt answers 409).
 * - Then the credentials received from issuers that wallet/restore-received-credentials.ts
 *   checked before the transaction (`received`), SPEC 5 applied across both.
 *
 * Input: (db or the caller's transaction, { ...deps, userId, documents, received?, sdJwts? }).
 * Output: { restored, skipped }. Errors: 'backup_invalid' (422).
 */
import {
  credentialIdFromDocumentId,
  DOCUMENT_TYPES,
  holderDid,
  isCardDocumentId,
  isJsonObject,
  publicJwkToDidKey,
  verifyCredential,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { credentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { loadHolderKey } from '../lib/holder-keys';
import type { CheckedReceivedCredential } from '../lib/received-backup';
import { credentialAad } from '../lib/records';
import { sdJwtAad } from '../lib/sd-jwt-vc';
import { loadTrustList, type TrustList } from '../lib/trust-list';
import { storeReceivedCredentials } from './restore-received-credentials';

export const BACKUP_INVALID_DETAIL =
  'This backup holds a credential that is not yours or does not verify; nothing was restored.';

interface RestorableDocument {
  id: string;
  /** The document's own `id` (the key of `sdJwts`). */
  documentId: string;
  documentType: string;
  permanent: boolean;
  document: Record<string, unknown>;
  validFrom: Date;
  validUntil: Date | null;
}

export async function restoreCredentials(
  db: DbOrTx,
  options: Omit<ServiceDeps, 'db'> & {
    userId: string;
    documents: readonly Record<string, unknown>[];
    received?: readonly CheckedReceivedCredential[];
    /** Document `id` -> its SD-JWT VC as issued, checked by wallet/check-card-sd-jwts.ts. */
    sdJwts?: ReadonlyMap<string, string>;
  },
): Promise<{ restored: number; skipped: number }> {
  const { userId } = options;
  const checked: RestorableDocument[] = [];
  const trustList = await loadTrustList({ db, publicOrigin: options.publicOrigin });
  // The holder as a credential names them: the did:key of their own key (credentials received
  // over OpenID4VCI, DECISIONS 8), or the product's holder DID of older credentials.
  const holderKey = await loadHolderKey({ ...options, db, userId });
  const holderDids = [publicJwkToDidKey(holderKey.publicJwk), holderDid(userId)];
  for (const document of options.documents) {
    checked.push(await checkDocument(options, trustList, holderDids, document));
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
  for (const item of checked) {
    if (held.has(item.documentType)) {
      skipped += 1;
      continue;
    }
    const sdJwt = options.sdJwts?.get(item.documentId);
    const inserted = await db
      .insert(credentials)
      .values({
        id: item.id,
        userId,
        documentType: item.documentType,
        documentCiphertext: options.vault.encrypt(
          JSON.stringify(item.document),
          credentialAad(item.id),
        ),
        sdJwtCiphertext: sdJwt ? options.vault.encrypt(sdJwt, sdJwtAad(item.id)) : null,
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
  const received = await storeReceivedCredentials(db, {
    vault: options.vault,
    userId,
    checked: options.received ?? [],
  });
  return { restored: restored + received.restored, skipped: skipped + received.skipped };
}

/** The document's row values when it verifies and is this holder's. @throws 'backup_invalid'. */
async function checkDocument(
  options: Omit<ServiceDeps, 'db'> & { userId: string },
  trustList: TrustList,
  holderDids: readonly string[],
  document: Record<string, unknown>,
): Promise<RestorableDocument> {
  const invalid = new AppError('backup_invalid', BACKUP_INVALID_DETAIL);
  const verdict = await verifyCredential(document, {
    trustedIssuers: trustList.trustsCredential,
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
    typeof subject.id !== 'string' ||
    !holderDids.includes(subject.id) ||
    !type ||
    !isCardDocumentId(id) ||
    !validFrom ||
    Number.isNaN(validFrom.getTime())
  ) {
    throw invalid;
  }
  return {
    id: credentialIdFromDocumentId(id),
    documentId: id,
    documentType: type.key,
    permanent: type.permanent,
    document,
    validFrom,
    validUntil: typeof document.validUntil === 'string' ? new Date(document.validUntil) : null,
  };
}
