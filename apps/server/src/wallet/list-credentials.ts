/**
 * GET /user/{userId}/credentials (SPEC 7): the holder's credentials as screen records. The
 * Basic Identity is issued first when missing (SPEC 4) and always listed first; then the order
 * the holder chose (position), then issuance order (oldest first).
 * DECISIONS 9.6: every identity number of a subject is answered masked exactly as the screens show
 * it (core's maskCredentialSubject: Aadhaar last 4 digits, phone two and two, the others partly
 * hidden as SPEC 5 says), so no copy of the list (the read cache, the browser's offline store)
 * holds one whole; the holder reveals one with wallet/reveal-credential-field.ts. The signed
 * document (GET .../{id}/document) and the holder's export keep them as issued.
 *
 * Input: { ...deps, userId }. Output: CredentialRecord[] (at least the Basic Identity).
 * Errors: AppError 'user_not_found' (404) for an unknown holder; a stored document that no
 * longer decrypts (wrong master key) throws (500).
 */
import { type CredentialRecord, maskCredentialSubject } from '@pehchaan/core';
import type { ServiceDeps } from '../lib/deps';
import { selectOrderedCredentials } from '../lib/holder-reads';
import { toCredentialRecord } from '../lib/records';
import { ensureBasicIdentity } from './ensure-basic-identity';

export interface ListCredentialsOptions extends ServiceDeps {
  userId: string;
}

export async function listCredentials(
  options: ListCredentialsOptions,
): Promise<CredentialRecord[]> {
  let rows = await selectOrderedCredentials(options.db, options.userId);
  // One query when the Basic Identity is there (nearly always); issue it and read again if not.
  if (!rows.some((row) => row.documentType === 'basic_identity')) {
    await ensureBasicIdentity(options);
    rows = await selectOrderedCredentials(options.db, options.userId);
  }
  return rows.map((row) => {
    const record = toCredentialRecord(row, options.vault);
    return { ...record, credential_subject: maskCredentialSubject(record.credential_subject) };
  });
}
