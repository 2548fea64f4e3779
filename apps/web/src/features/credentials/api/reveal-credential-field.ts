/**
 * GET /user/{userId}/credentials/{id}/fields/{field} (DECISIONS 9.6, docs/api-contract.md): one
 * identity number of the holder's credential in full, for the card's eye toggle. The list and the
 * browser's offline store hold it masked; the value answered here is kept only in the card's
 * memory while it is open, never stored. The server logs each reveal and limits them per holder.
 *
 * @returns the full value.
 * @throws {ApiError} unreachable or disabled (`isApiUnavailable`), 429 rate_limited, 404
 *   credential_not_found, 400 unknown_claim, or any other failure.
 */
import { credentialFieldAnswerSchema } from '@pehchaan/core';
import { api } from '@/lib/api-client';

export async function revealCredentialField(options: {
  userId: string;
  credentialId: string;
  field: string;
}): Promise<string> {
  const answer = await api.get(
    `/user/${encodeURIComponent(options.userId)}/credentials/${encodeURIComponent(options.credentialId)}/fields/${encodeURIComponent(options.field)}`,
    { schema: credentialFieldAnswerSchema },
  );
  return answer.value;
}
