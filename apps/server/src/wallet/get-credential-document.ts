/**
 * GET /user/{userId}/credentials/{id}/document (api-contract, Download JSON): the signed W3C VC
 * 2.0 document of one of the holder's credentials, decrypted, exactly as issued. A W3C Data
 * Integrity credential received from an issuer over OpenID4VCI (`ldp_vc`, received_credentials)
 * answers its document as the issuer sent it (the card's download, docs/oid4vci.md "Backups and
 * export"); any other received credential answers received_credential_unsupported (409).
 *
 * Input: { db, vault, userId, credentialId }. Output: the document (a JSON object).
 * Errors: AppError 'credential_not_found' (404, 'Credential not found') when the holder has no
 * such credential (another holder's id answers the same, so ids are not confirmed).
 */
import { MESSAGES } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import {
  readIssuedCredential,
  refuseReceivedCredential,
  selectReceivedCredential,
} from '../lib/received-records';
import { readCredentialDocument } from '../lib/records';

export interface GetCredentialDocumentOptions extends Pick<ServiceDeps, 'db' | 'vault'> {
  userId: string;
  credentialId: string;
}

export async function getCredentialDocument(
  options: GetCredentialDocumentOptions,
): Promise<Record<string, unknown>> {
  const { db, userId, credentialId } = options;
  const [row] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.id, credentialId), eq(credentials.userId, userId)));
  if (!row) {
    const received = await selectReceivedCredential(db, userId, credentialId);
    const issued = received ? readIssuedCredential(received, options.vault) : undefined;
    if (received?.format === 'ldp_vc' && issued !== undefined) {
      return JSON.parse(issued) as Record<string, unknown>;
    }
    await refuseReceivedCredential(db, userId, credentialId, 'The signed W3C document');
    throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  }
  return readCredentialDocument(row, options.vault) as Record<string, unknown>;
}
