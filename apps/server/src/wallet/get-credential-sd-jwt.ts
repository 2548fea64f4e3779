/**
 * GET /user/{userId}/credentials/{id}/sd-jwt (api-contract "SD-JWT VC"; DECISIONS D7.2): the
 * holder's own SD-JWT VC of one credential, with every disclosure (`application/dc+sd-jwt`),
 * issued from the stored W3C document on first use when the credential predates SD-JWT VCs.
 *
 * Input: { ...deps, userId, credentialId }. Output: the compact SD-JWT VC string.
 * Errors: AppError 'credential_not_found' (404, 'Credential not found') when the holder has no
 * such credential (another holder's id answers the same, so ids are not confirmed).
 */
import { MESSAGES } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
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
  if (!row) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  return issueSdJwtVc({ ...options, row });
}
