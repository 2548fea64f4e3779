/**
 * GET /api/verify/{credentialId} (public, api-contract "Credentials, signing and verification"):
 * the server's verdict on a credential. When the API cannot be reached, the copy in this browser's
 * storage (if any) is returned so the page can show it, marked as not verified (SPEC 4 'failed on
 * error').
 */
import {
  type CredentialRecord,
  credentialRecordSchema,
  type StoredCredentialVerdict,
  storedCredentialVerdictSchema,
} from '@pehchaan/core';
import { api, hasProblemCode } from '@/lib/api-client';
import { openSecureStorage, readList, STORAGE_KEYS } from '@/lib/storage';

/** The server's answer: core's schema, the one the server serializes with (DECISIONS 4). */
export const verificationAnswerSchema = storedCredentialVerdictSchema;
export type VerificationAnswer = StoredCredentialVerdict;

/** What the verifier page shows (SPEC 4 "Verification result", without 'loading'). */
export type VerificationOutcome =
  | { kind: 'answer'; answer: VerificationAnswer }
  | { kind: 'not_found' }
  | { kind: 'failed'; localCopy: CredentialRecord | null };

/**
 * The credential kept in this browser's storage under `credentials`, if any (after
 * `openSecureStorage()` has finished; before, none is found).
 */
export function findLocalCredential(credentialId: string): CredentialRecord | null {
  return (
    readList(STORAGE_KEYS.credentials, credentialRecordSchema).find((c) => c.id === credentialId) ??
    null
  );
}

/** Never rejects: 404 is 'not_found', any other failure 'failed' (with the local copy). */
export async function verifyCredentialById(credentialId: string): Promise<VerificationOutcome> {
  try {
    const answer = await api.get(`/api/verify/${encodeURIComponent(credentialId)}`, {
      schema: verificationAnswerSchema,
      authRedirect: false,
    });
    return { kind: 'answer', answer };
  } catch (error) {
    if (hasProblemCode(error, 'credential_not_found')) return { kind: 'not_found' };
    // A public page: the encrypted browser copy may still be opening (lib/storage.ts).
    await openSecureStorage();
    return { kind: 'failed', localCopy: findLocalCredential(credentialId) };
  }
}
