/**
 * GET /api/verify/{credentialId} (public, api-contract "Issue 3"): the server's verdict on a
 * credential. When the API cannot be reached, the copy in this browser's storage (if any) is
 * returned so the page can show it, marked as not verified (SPEC 4 'failed on error').
 */
import { type CredentialRecord, credentialRecordSchema } from '@pehchaan/core';
import { z } from 'zod';
import { api, hasProblemCode } from '@/lib/api-client';
import { openSecureStorage, readList, STORAGE_KEYS } from '@/lib/storage';

/** The server's verification statuses. */
export const VERIFICATION_STATUSES = [
  'verified',
  'expired',
  'invalid_signature',
  'untrusted_issuer',
  'malformed',
] as const;

const subjectSchema = z.record(z.string(), z.unknown());

export const verificationAnswerSchema = z.object({
  credential_id: z.string(),
  verified: z.boolean(),
  status: z.string(),
  checks: z
    .object({
      signature: z.boolean().optional(),
      trusted_issuer: z.boolean().optional(),
      validity: z.boolean().optional(),
    })
    .loose()
    .default({}),
  errors: z.array(z.string()).default([]),
  credential: z
    .object({
      id: z.string().optional(),
      type: z.union([z.string(), z.array(z.string())]).optional(),
      issuer: z.string().optional(),
      issuer_id: z.string().optional(),
      issuance_date: z.string().optional(),
      expiration_date: z.string().nullable().optional(),
      document_type: z.string().optional(),
      credential_subject_masked: subjectSchema.optional(),
    })
    .loose()
    .nullable()
    .optional(),
  verifiable_credential: z
    .object({ credentialSubject: subjectSchema.optional() })
    .loose()
    .nullable()
    .optional(),
});
export type VerificationAnswer = z.infer<typeof verificationAnswerSchema>;

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
