/**
 * GET /user/{userId}/credentials/{id}/document (api-contract, Download JSON): the signed W3C VC
 * 2.0 document of one of the holder's credentials, decrypted, exactly as issued.
 *
 * A credential received from an issuer in W3C Data Integrity form (OpenID4VCI 1.0 `ldp_vc`,
 * DECISIONS 8; kept in received_credentials) answers the issuer's JSON text byte for byte, as the
 * wallet stored it (`issuedText`), so its proof verifies as issued (POST /credentials/verify).
 * A received SD-JWT VC has no W3C document (GET .../sd-jwt answers it), nor has one still
 * pending (deferred issuance): both answer 'received_credential_unsupported' (409).
 *
 * Input: { db, vault, userId, credentialId }.
 * Output: `{ document }` (a JSON object: one of the product's own credentials) or
 * `{ issuedText }` (the received ldp_vc's JSON text, exactly as the issuer sent it).
 * Errors: AppError 'credential_not_found' (404, 'Credential not found') when the holder has no
 * such credential (another holder's id answers the same, so ids are not confirmed);
 * 'received_credential_unsupported' (409) as above.
 */
import { MESSAGES } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { readIssuedCredential, selectReceivedCredential } from '../lib/received-records';
import { readCredentialDocument } from '../lib/records';

export interface GetCredentialDocumentOptions extends Pick<ServiceDeps, 'db' | 'vault'> {
  userId: string;
  credentialId: string;
}

/** The document of one credential: an object of the product's, or a received ldp_vc's text. */
export type CredentialDocument =
  | { document: Record<string, unknown>; issuedText?: undefined }
  | { document?: undefined; issuedText: string };

export async function getCredentialDocument(
  options: GetCredentialDocumentOptions,
): Promise<CredentialDocument> {
  const { db, userId, credentialId } = options;
  const [row] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.id, credentialId), eq(credentials.userId, userId)));
  if (row) {
    return { document: readCredentialDocument(row, options.vault) as Record<string, unknown> };
  }
  const received = await selectReceivedCredential(db, userId, credentialId);
  if (!received) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  const issued =
    received.format === 'ldp_vc' ? readIssuedCredential(received, options.vault) : undefined;
  if (issued === undefined) {
    throw new AppError(
      'received_credential_unsupported',
      received.format === 'ldp_vc'
        ? 'This credential has no W3C document yet: the issuer has not issued it.'
        : 'This credential has no W3C document: its issuer issued it as an SD-JWT VC (download it from .../sd-jwt).',
    );
  }
  return { issuedText: issued };
}
