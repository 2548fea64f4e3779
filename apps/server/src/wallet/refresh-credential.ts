/**
 * POST /user/{userId}/credentials/{id}/refresh (OpenID4VCI 1.0 section 9, deferred issuance;
 * docs/oid4vci.md): a credential received from an issuer that is still pending (the card says
 * the wallet is waiting for the issuer) is asked for at the issuer's Deferred Credential Endpoint
 * with its `transaction_id` and the exchange's access token. When the issuer answers with it, the
 * credential is checked as on accept (lib/oid4vci/verify-issued-sd-jwt.ts, bound to the holder
 * key the proof used), stored as issued (byte for byte, vault-encrypted) with a
 * `credential_received` activity entry, and the issuer is told `credential_accepted`; while it
 * is not ready the record stays pending. Any other credential is answered as it is listed.
 *
 * Input: { ...deps, userId, credentialId, fetchOptions? (tests) }. Output: the credential's
 * record (identity numbers masked, as the list shows it).
 * Errors (AppError): credential_not_found (404); credential_exists (409, SPEC 5: another
 * credential of that type arrived meanwhile); credential_rejected, credential_too_large,
 * issuer_address_refused (422); issuer_refused (502: e.g. invalid_transaction_id),
 * issuer_unreachable (502). On error the credential stays pending.
 */
import {
  type CredentialRecord,
  type DocumentTypeKey,
  getDocumentType,
  MESSAGES,
  maskCredentialSubject,
} from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { receivedCredentials } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { loadHolderKeyOf } from '../lib/holder-keys';
import { notifyIssuer, requestDeferredCredential } from '../lib/oid4vci/exchange';
import { issuerHttpOf } from '../lib/oid4vci/issuer-http';
import { trustedIssuerName } from '../lib/oid4vci/issuer-trust';
import { issuerMetadataSchema } from '../lib/oid4vci/offer';
import { verifyIssuedSdJwt } from '../lib/oid4vci/verify-issued-sd-jwt';
import type { SafeFetchOptions } from '../lib/oid4vp/safe-fetch';
import {
  credentialReceivedEntry,
  documentTypeOfVct,
  holdsDocumentType,
  readReceivedExchange,
  receivedCredentialAad,
  receivedExchangeAad,
  selectReceivedCredential,
  toReceivedCredentialRecord,
} from '../lib/received-records';
import { loadTrustList } from '../lib/trust-list';
import { listCredentials } from './list-credentials';

export interface RefreshCredentialOptions extends ServiceDeps {
  userId: string;
  credentialId: string;
  /** Tests only: resolver, CA or limits for the issuer requests. */
  fetchOptions?: Omit<SafeFetchOptions, 'allowLoopback'>;
}

const masked = (record: CredentialRecord): CredentialRecord => ({
  ...record,
  credential_subject: maskCredentialSubject(record.credential_subject),
});

export async function refreshCredential(
  options: RefreshCredentialOptions,
): Promise<CredentialRecord> {
  const { db, vault, userId, credentialId } = options;
  const row = await selectReceivedCredential(db, userId, credentialId);
  if (!row) {
    const listed = (await listCredentials(options)).find((record) => record.id === credentialId);
    if (!listed) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
    return listed;
  }
  const trustList = await loadTrustList(options);
  const trusted = trustedIssuerName(trustList, row.credentialIssuer) !== undefined;
  const exchange = readReceivedExchange(row, vault);
  if (
    row.state !== 'pending' ||
    !exchange.deferred_credential_endpoint ||
    !exchange.transaction_id ||
    !exchange.access_token
  ) {
    return masked(await toReceivedCredentialRecord(row, vault, trusted));
  }
  const http = issuerHttpOf(options, options.fetchOptions);
  const answer = await requestDeferredCredential({
    deferredCredentialEndpoint: exchange.deferred_credential_endpoint,
    accessToken: exchange.access_token,
    transactionId: exchange.transaction_id,
    http,
  });
  if (answer.kind === 'deferred')
    return masked(await toReceivedCredentialRecord(row, vault, trusted));
  if (answer.kind === 'error') {
    throw new AppError(
      'issuer_refused',
      `The issuer did not issue the credential it was preparing${answer.error ? ` (${answer.error.slice(0, 60)})` : ''}.`,
    );
  }
  const issued = answer.credentials[0] as string;
  const key = await loadHolderKeyOf({
    db,
    vault,
    now: options.now,
    userId,
    alg: exchange.proof_alg ?? 'EdDSA',
  });
  const metadata = issuerMetadataSchema.parse(exchange.metadata);
  const verified = await verifyIssuedSdJwt(issued, {
    credentialIssuer: row.credentialIssuer,
    vct: row.vct ?? undefined,
    holderJwk: key.publicJwk as unknown as Record<string, string>,
    metadata,
    now: options.now(),
    http,
    trustListJwks: (iss) => trustList.find({ identifier: iss })?.jwks?.keys,
  });
  const documentType: DocumentTypeKey | undefined =
    (row.documentType as DocumentTypeKey | null) ??
    documentTypeOfVct(options.publicOrigin, verified.vct);
  const { metadata: _metadata, transaction_id: _transactionId, ...kept } = exchange;
  const updated = await db.transaction(async (tx) => {
    if (!row.documentType && documentType && (await holdsDocumentType(tx, userId, documentType))) {
      throw new AppError(
        'credential_exists',
        MESSAGES.duplicateDocument(getDocumentType(documentType)?.name ?? documentType),
      );
    }
    const [stored] = await tx
      .update(receivedCredentials)
      .set({
        state: 'issued',
        documentType: documentType ?? null,
        vct: verified.vct,
        issuedCiphertext: vault.encrypt(issued, receivedCredentialAad(row.id)),
        exchangeCiphertext: vault.encrypt(
          JSON.stringify({ ...kept, notification_id: answer.notificationId }),
          receivedExchangeAad(row.id),
        ),
        issuedAt: verified.iat === undefined ? row.issuedAt : new Date(verified.iat * 1000),
        expiresAt: verified.exp === undefined ? null : new Date(verified.exp * 1000),
      })
      .where(
        and(
          eq(receivedCredentials.id, row.id),
          eq(receivedCredentials.userId, userId),
          eq(receivedCredentials.state, 'pending'),
        ),
      )
      .returning();
    if (!stored) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
    await recordActivity({
      db: tx,
      now: options.now,
      userId,
      ...credentialReceivedEntry(documentType ?? row.display.name, row.display.issuer_name),
    });
    return stored;
  });
  if (exchange.notification_endpoint && answer.notificationId) {
    await notifyIssuer({
      notificationEndpoint: exchange.notification_endpoint,
      accessToken: exchange.access_token,
      notificationId: answer.notificationId,
      event: 'credential_accepted',
      http,
    });
  }
  return masked(await toReceivedCredentialRecord(updated, vault, trusted));
}
