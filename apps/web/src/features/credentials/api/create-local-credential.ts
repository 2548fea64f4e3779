/** Credentials screen (SPEC 2): the local-only credential made while the API is unreachable. */
import {
  buildCredentialSubject,
  type CredentialRecord,
  credentialExpiry,
  credentialRecordSchema,
  type DocumentType,
  findDocumentTypeByName,
  findSampleUser,
} from '@pehchaan/core';
import { enqueueOutbox } from '@/lib/sync/outbox';
import { GENERATE_CREDENTIAL_PATH } from './generate-credential';
import { LOCAL_CREDENTIAL_PREFIX, maskedForStore, readLocalCredentials } from './get-credentials';
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
 * real and the issued credential replaces this record (sync-credentials.ts). Its identity numbers
 * are masked, as the server's list answers them (DECISIONS 9.6): the offline store never holds one
 * whole, and a card cannot reveal one until the issuer has issued the credential.
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
  const [record] = maskedForStore([
    credentialRecordSchema.parse({
      id: `${LOCAL_CREDENTIAL_PREFIX}${randomId()}`,
      userId,
      type: ['VerifiableCredential', type.credentialType],
      issuer: type.issuer,
      issuance_date: now.toISOString(),
      expiration_date: credentialExpiry(type.key, now).toISOString(),
      credential_subject: { id: `did:example:holder:${userId}`, ...claims },
      proof: null,
    }),
  ]);
  if (!record) return null;
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

/**
 * The eye toggle of a credential the server cannot answer for (made on this device and awaiting
 * the issuer, or local-only mode): the full value of `field` rebuilt from the sample user record
 * the credential was made from (core's sample data, shipped with the app), never read from
 * storage, which holds it masked (DECISIONS 9.6). Null when there is nothing to rebuild from (the
 * holder is not a sample user, or an unknown type): the card then offers no eye.
 */
export function localReveal(
  credential: CredentialRecord,
): ((field: string) => Promise<string | null>) | null {
  const user = findSampleUser(credential.userId);
  const type = findDocumentTypeByName(credential.credential_subject.document_type);
  if (!user || !type) return null;
  const issued = new Date(credential.issuance_date);
  return async (field) => {
    const value = buildCredentialSubject(type.key, user, issued)[field];
    return typeof value === 'string' ? value : null;
  };
}
