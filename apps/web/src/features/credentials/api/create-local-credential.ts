/** Credentials screen (SPEC 2): the local-only credential made while the API is unreachable. */
import {
  buildCredentialSubject,
  type CredentialRecord,
  credentialExpiry,
  credentialRecordSchema,
  type DocumentType,
  findSampleUser,
} from '@pehchaan/core';
import { enqueueOutbox } from '@/lib/sync/outbox';
import { GENERATE_CREDENTIAL_PATH } from './generate-credential';
import { LOCAL_CREDENTIAL_PREFIX, readLocalCredentials } from './get-credentials';
import { type CredentialOutboxLocal, writeLocalCredentials } from './local-credentials';

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Makes and stores a credential of `type` for `userId` on this device, without a proof: the
 * holder sees it as 'Awaiting issuer' and a verifier says 'Invalid signature' (SPEC 4). The
 * subject comes from the sample user record when the holder is one of the sample users.
 * The generation is queued in the outbox: once the API answers, the issuer signs it for
 * real and the issued credential replaces this record (sync-credentials.ts).
 * @returns the stored record, or null when the browser refused to store it.
 */
export function createLocalCredential(
  userId: string,
  type: DocumentType,
  now: Date = new Date(),
): CredentialRecord | null {
  const user = findSampleUser(userId);
  const claims = user
    ? buildCredentialSubject(type.key, user, now)
    : { name: userId, document_type: type.name };
  const record = credentialRecordSchema.parse({
    id: `${LOCAL_CREDENTIAL_PREFIX}${randomId()}`,
    userId,
    type: ['VerifiableCredential', type.credentialType],
    issuer: type.issuer,
    issuance_date: now.toISOString(),
    expiration_date: credentialExpiry(type.key, now).toISOString(),
    credential_subject: { id: `did:example:holder:${userId}`, ...claims },
    proof: null,
  });
  const list = [...readLocalCredentials(userId), record];
  if (!writeLocalCredentials(userId, list)) return null;
  const local: CredentialOutboxLocal = {
    credentialId: record.id,
    documentType: type.key,
    documentName: type.name,
  };
  enqueueOutbox(
    {
      userId,
      kind: 'credential_generation',
      method: 'POST',
      path: GENERATE_CREDENTIAL_PATH,
      query: { user_id: userId, document_type: type.key },
      local,
    },
    { now },
  );
  return record;
}
