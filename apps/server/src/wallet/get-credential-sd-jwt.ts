/**
 * GET /user/{userId}/credentials/{id}/sd-jwt (api-contract "SD-JWT VC"; DECISIONS D7.2): the
 * holder's own SD-JWT VC of one credential, with every disclosure (`application/dc+sd-jwt`),
 * issued from the stored W3C document on first use when the credential predates SD-JWT VCs.
 *
 * A credential received from an issuer (OpenID4VCI) answers its SD-JWT exactly as the issuer
 * issued it, byte for byte; one still pending (deferred issuance) answers
 * received_credential_unsupported (409).
 *
 * Input: { ...deps, userId, credentialId }. Output: the compact SD-JWT VC string.
 * Errors: AppError 'credential_not_found' (404, 'Credential not found') when the holder has no
 * such credential (another holder's id answers the same, so ids are not confirmed).
 */
import { MESSAGES } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentials, receivedCredentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { readIssuedCredential } from '../lib/received-records';
import { issueSdJwtVc } from './issue-sd-jwt-vc';

export interface GetCredentialSdJwtOptions extends ServiceDeps {
  userId: string;
  credentialId: string;
}

export async function getCredentialSdJwt(options: GetCredentialSdJwtOptions): Promise<string> {
  const { db, userId, credentialId } = options;
  const [row] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.id, credentialId), eq(credentials.userId, userId)));
  if (row) return issueSdJwtVc({ ...options, row });
  const [received] = await db
    .select()
    .from(receivedCredentials)
    .where(and(eq(receivedCredentials.id, credentialId), eq(receivedCredentials.userId, userId)));
  if (!received) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  const issued = readIssuedCredential(received, options.vault);
  if (issued === undefined || !received.format.endsWith('sd-jwt')) {
    throw new AppError(
      'received_credential_unsupported',
      'This credential has no SD-JWT form yet: the issuer has not issued it.',
    );
  }
  return issued;
}
