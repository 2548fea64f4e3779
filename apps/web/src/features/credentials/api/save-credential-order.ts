/** Credentials screen (SPEC 2, api-contract "Credentials, signing and verification"): keep the holder's display order. */
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { LOCAL_CREDENTIAL_PREFIX, readLocalCredentials } from './get-credentials';
import { writeLocalCredentials } from './local-credentials';

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
