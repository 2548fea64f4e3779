/**
 * POST /identity/generate-credential (SPEC 7, api-contract): issues a credential of
 * `documentType` (a catalogue key such as 'pan'), or of a random type the holder lacks when it is
 * absent (SPEC 9). Query parameters only, no body. The new credential is added to the local copy,
 * identity numbers masked (DECISIONS 9.6).
 * There is no local fallback here: without the API generation fails (SPEC 8). The Credentials
 * screen, which knows the chosen type, keeps a proof-less copy instead and queues the generation
 * in the outbox (create-local-credential.ts).
 */
import { credentialRecordSchema } from '@pehchaan/core';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { readString, STORAGE_KEYS, writeJson } from '@/lib/storage';
import { maskedForStore } from './get-credentials';

export const GENERATE_CREDENTIAL_PATH = '/identity/generate-credential';

export const generateCredentialResponseSchema = z.object({
  credential_id: z.string(),
  /** SPEC 3's name of the type issued ('PAN Card'); absent in SPEC 7's fallback shape. */
  document_type: z.string().optional(),
  message: z.string(),
  credential: credentialRecordSchema.optional(),
});
export type GenerateCredentialResponse = z.infer<typeof generateCredentialResponseSchema>;

function cacheCredential(credential: unknown): void {
  let list: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(readString(STORAGE_KEYS.credentials) ?? '[]');
    if (Array.isArray(parsed)) list = parsed;
  } catch {
    list = [];
  }
  writeJson(STORAGE_KEYS.credentials, [...list, credential]);
}

/**
 * @throws {ApiError} HTTP_ERROR 409 with the server's 'You already have a ...' detail, 404 'User
 *   not found', or any other failure (network, disabled API).
 */
export async function generateCredential(options: {
  userId: string;
  documentType?: string;
}): Promise<GenerateCredentialResponse> {
  const answer = await api.post(GENERATE_CREDENTIAL_PATH, undefined, {
    query: { user_id: options.userId, document_type: options.documentType },
    schema: generateCredentialResponseSchema,
  });
  if (answer.credential) cacheCredential(maskedForStore([answer.credential])[0]);
  return answer;
}
