/**
 * POST /user/{userId}/credentials/{id}/status-check (docs/status-lists.md "The wallet",
 * docs/api-contract.md): the credential's status at its issuer's status lists (valid, suspended,
 * revoked or unknown) and when it was checked. `ifDue`: only when the list's ttl has passed (a
 * card being opened); otherwise the server checks now ("Check status"). Needs the API: the lists
 * are read by the server.
 *
 * @returns the credential's status as the server stored it.
 * @throws {ApiError} unreachable or disabled (`isApiUnavailable`), 429 rate_limited, 404
 *   credential_not_found, or any other failure.
 */
import { type CredentialStatusRecord, statusCheckAnswerSchema } from '@pehchaan/core';
import { api } from '@/lib/api-client';

export async function checkCredentialStatus(options: {
  userId: string;
  credentialId: string;
  ifDue: boolean;
}): Promise<CredentialStatusRecord> {
  const answer = await api.post(
    `/user/${encodeURIComponent(options.userId)}/credentials/${encodeURIComponent(options.credentialId)}/status-check`,
    options.ifDue ? { if_due: true } : {},
    { schema: statusCheckAnswerSchema },
  );
  return answer.status;
}
