/** Credentials screen (SPEC 2, api-contract "Credentials, signing and verification"): delete a credential. */
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { discardOutboxEntries } from '@/lib/sync/outbox';
import { LOCAL_CREDENTIAL_PREFIX, readLocalCredentials } from './get-credentials';
import { credentialOutboxLocalSchema, writeLocalCredentials } from './local-credentials';

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
