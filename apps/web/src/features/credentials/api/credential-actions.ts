/**
 * The credential actions of the Credentials screen (SPEC 2, api-contract "Credentials, signing and
 * verification"): delete, reorder, download the signed W3C document, and the local-only credential
 * kept while the API is unreachable. Browser storage (`credentials`) is kept in step with every
 * change, as the offline cache of DECISIONS 5.
 */
import {
  buildCredentialSubject,
  type CredentialRecord,
  credentialExpiry,
  credentialRecordSchema,
  type DocumentType,
  findSampleUser,
} from '@pehchaan/core';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { replaceUserRecords, STORAGE_KEYS } from '@/lib/storage';
import { discardOutboxEntries, enqueueOutbox } from '@/lib/sync/outbox';
import { GENERATE_CREDENTIAL_PATH } from './generate-credential';
import { LOCAL_CREDENTIAL_PREFIX, readLocalCredentials } from './get-credentials';

export { LOCAL_CREDENTIAL_PREFIX };

/** True for a credential the issuer has not signed yet (SPEC 2 'Awaiting issuer'). */
export function isAwaitingIssuer(credential: Pick<CredentialRecord, 'id' | 'proof'>): boolean {
  return credential.proof === null || credential.proof.proofValue === '';
}

/** True for a credential that exists only in this browser's storage. */
export function isLocalOnly(credential: Pick<CredentialRecord, 'id'>): boolean {
  return credential.id.startsWith(LOCAL_CREDENTIAL_PREFIX);
}

/** Stores the holder's credentials in display order (other holders' records stay). */
export function writeLocalCredentials(userId: string, credentials: readonly CredentialRecord[]) {
  return replaceUserRecords(STORAGE_KEYS.credentials, userId, credentials);
}

/** The holder's local-only credentials (made offline, awaiting the issuer). */
export function readLocalOnlyCredentials(userId: string): CredentialRecord[] {
  return readLocalCredentials(userId).filter(isLocalOnly);
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a queued generation keeps to settle its local record (lib/sync/outbox `local`). */
export const credentialOutboxLocalSchema = z.object({
  /** The id of the proof-less local record the issued credential replaces. */
  credentialId: z.string(),
  /** Catalogue key, e.g. 'pan'. */
  documentType: z.string(),
  /** Its name, e.g. 'PAN Card' (for the holder's notices). */
  documentName: z.string().default(''),
});
export type CredentialOutboxLocal = z.infer<typeof credentialOutboxLocalSchema>;

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

/**
 * Puts `issued` (the server's record) where the local record `localId` was, keeping the display
 * order; drops the local record when `issued` is null. A copy of `issued` already stored under
 * its own id is not repeated.
 */
export function replaceLocalCredential(
  userId: string,
  localId: string,
  issued: CredentialRecord | null,
): boolean {
  const list = readLocalCredentials(userId);
  const replaced = list.flatMap((c) => (c.id === localId ? (issued ? [issued] : []) : [c]));
  if (issued && !replaced.some((c) => c.id === issued.id)) replaced.push(issued);
  // One copy of the issued credential, where the local record was.
  const seen = new Set<string>();
  const next = replaced.filter((c) => !seen.has(c.id) && seen.add(c.id));
  return writeLocalCredentials(userId, next);
}

const deleteAnswerSchema = z.object({ message: z.string() }).loose();

/**
 * DELETE /user/{userId}/credentials/{id}; a local-only credential is removed from storage alone
 * (and its generation from the outbox).
 * The local copy loses the credential on success.
 * @throws {ApiError} 400 for Basic Identity, 404 'Credential not found', or any other failure.
 */
export async function deleteCredential(options: {
  userId: string;
  credentialId: string;
}): Promise<void> {
  const { userId, credentialId } = options;
  if (credentialId.startsWith(LOCAL_CREDENTIAL_PREFIX)) {
    // Deleted before the issuer signed it: its queued generation must not reach the server.
    discardOutboxEntries(
      userId,
      'credential_generation',
      (entry) =>
        credentialOutboxLocalSchema.safeParse(entry.local).data?.credentialId === credentialId,
    );
  } else {
    await api.delete(
      `/user/${encodeURIComponent(userId)}/credentials/${encodeURIComponent(credentialId)}`,
      { schema: deleteAnswerSchema },
    );
  }
  writeLocalCredentials(
    userId,
    readLocalCredentials(userId).filter((c) => c.id !== credentialId),
  );
}

/**
 * Keeps `orderedIds` as the holder's display order: first in browser storage (so it survives
 * offline), then PUT /user/{userId}/credentials/order. Local-only credentials are not sent.
 * @returns true when the API stored the order too, false when only the local copy has it.
 */
export async function saveCredentialOrder(options: {
  userId: string;
  orderedIds: readonly string[];
}): Promise<boolean> {
  const { userId, orderedIds } = options;
  const local = readLocalCredentials(userId);
  const rank = new Map(orderedIds.map((id, index) => [id, index]));
  const sorted = [...local].sort(
    (a, b) =>
      (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
  writeLocalCredentials(userId, sorted);
  try {
    await api.put(
      `/user/${encodeURIComponent(userId)}/credentials/order`,
      { credential_ids: orderedIds.filter((id) => !id.startsWith(LOCAL_CREDENTIAL_PREFIX)) },
      { schema: z.object({ credential_ids: z.array(z.string()) }) },
    );
    return true;
  } catch {
    return false;
  }
}

const documentAnswerSchema = z.object({ verifiable_credential: z.record(z.string(), z.unknown()) });

/**
 * The signed W3C document to download (GET /user/{userId}/credentials/{id}/document); the screen
 * record itself when the API cannot give it (local-only credential, unreachable API).
 */
export async function getCredentialDocument(credential: CredentialRecord): Promise<unknown> {
  if (isLocalOnly(credential)) return credential;
  try {
    const answer = await api.get(
      `/user/${encodeURIComponent(credential.userId)}/credentials/${encodeURIComponent(credential.id)}/document`,
      { schema: documentAnswerSchema },
    );
    return answer.verifiable_credential;
  } catch {
    return credential;
  }
}
