/** Credentials screen (SPEC 2, api-contract "Credentials, signing and verification"): the signed W3C document to download. */
import type { CredentialRecord } from '@pehchaan/core';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { isLocalOnly } from './local-credentials';

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
