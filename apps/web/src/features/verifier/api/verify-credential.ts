/**
 * GET /api/verify/{id} (public, api-contract "Credentials, signing and verification" and "Share
 * links"): the server's verdict on a share link (only the fields its holder chose) or a bare
 * credential id (name and masked identifiers only). A share that expired, was withdrawn or used
 * up is its own outcome, and so is a bare link its holder turned off (DECISIONS 9.6). When the API cannot be reached, the copy in this browser's storage (if
 * any) is returned so the page can show it, marked as not verified (SPEC 4 'failed on error');
 * the page shows it masked like a bare link.
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
  /** A share link past its lifetime ('Credential expired', SPEC 8). */
  | { kind: 'share_expired' }
  /** A share link its holder withdrew. */
  | { kind: 'withdrawn' }
  /** A share link past its view limit. */
  | { kind: 'used_up' }
  /** A credential's bare link its holder turned off (410 link_disabled). */
  | { kind: 'link_disabled' }
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

/**
 * Never rejects: 404 is 'not_found', 410 its share outcome, any other failure 'failed' (with the
 * local copy).
 */
export async function verifyCredentialById(credentialId: string): Promise<VerificationOutcome> {
  try {
    const answer = await api.get(`/api/verify/${encodeURIComponent(credentialId)}`, {
      schema: verificationAnswerSchema,
      authRedirect: false,
    });
    return { kind: 'answer', answer };
  } catch (error) {
    if (hasProblemCode(error, 'credential_not_found')) return { kind: 'not_found' };
    if (hasProblemCode(error, 'share_expired')) return { kind: 'share_expired' };
    if (hasProblemCode(error, 'share_withdrawn')) return { kind: 'withdrawn' };
    if (hasProblemCode(error, 'share_used_up')) return { kind: 'used_up' };
    if (hasProblemCode(error, 'link_disabled')) return { kind: 'link_disabled' };
    // A public page: the encrypted browser copy may still be opening (lib/storage.ts).
    await openSecureStorage();
    return { kind: 'failed', localCopy: findLocalCredential(credentialId) };
  }
}
