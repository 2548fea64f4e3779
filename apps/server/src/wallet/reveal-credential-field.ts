/**
 * GET /user/{userId}/credentials/{id}/fields/{field} (DECISIONS 9.6, docs/api-contract.md
 * "Credentials, signing and verification"): one identity number of the holder's credential in
 * full, for the card's eye toggle; the list answers it masked (wallet/list-credentials.ts). Read
 * from the signed document as stored and recorded in the holder's activity log
 * (`credential_field_revealed`, message 'Revealed Aadhaar number on your Aadhaar Card') before it
 * is answered. The route limits it per holder (RATE_LIMITS.revealField) and answers it
 * `Cache-Control: no-store`.
 *
 * Input: { db, vault, now, userId, credentialId, field }. Output: { credential_id, field, value }.
 * Errors: AppError 'credential_not_found' (404) when the holder has no credential with that id
 * (another holder's id answers the same); 'unknown_claim' (400) when the credential has no such
 * identity number (a claim that is not an identity number is answered whole by the list, and
 * is refused here too). Nothing is logged then.
 */
import {
  type CredentialFieldAnswer,
  isJsonObject,
  isSensitiveField,
  MESSAGES,
} from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentials } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { refuseReceivedCredential } from '../lib/received-records';
import { readCredentialDocument } from '../lib/records';

export interface RevealCredentialFieldOptions extends Pick<ServiceDeps, 'db' | 'vault' | 'now'> {
  userId: string;
  credentialId: string;
  /** A claim name (core's claimNameSchema), e.g. 'aadhaar_number'. */
  field: string;
}

export async function revealCredentialField(
  options: RevealCredentialFieldOptions,
): Promise<CredentialFieldAnswer> {
  const { db, userId, field } = options;
  const [row] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.id, options.credentialId), eq(credentials.userId, userId)));
  if (!row) {
    await refuseReceivedCredential(
      options.db,
      options.userId,
      options.credentialId,
      'Revealing one field',
    );
    throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  }
  const document = readCredentialDocument(row, options.vault);
  const subject =
    isJsonObject(document) && isJsonObject(document.credentialSubject)
      ? document.credentialSubject
      : {};
  const value = subject[field];
  if (!isSensitiveField(field) || typeof value !== 'string' || value === '') {
    throw new AppError('unknown_claim', `This credential has no identity number named ${field}`);
  }
  await recordActivity({
    db,
    now: options.now,
    userId,
    type: 'credential_field_revealed',
    message: {
      code: 'credential_field_revealed',
      params: { document_type: row.documentType, claim: field },
    },
  });
  return { credential_id: row.id, field, value };
}
